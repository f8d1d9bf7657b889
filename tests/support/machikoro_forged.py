"""Positions of Machi Koro that the forged-input and door tests forge values into."""

from __future__ import annotations

import machikoro
from machikoro import GameState, Move, RulesOptions
from machikoro.state import PendingDice, PendingRoll
from meeplekit.rng import SplitMix64

#: Option sets whose games meet every kind of decision: the defaults, the base game, and
#: the readings that add decisions (the majors' order, must-trade, the re-roll's dice, the
#: Tuna Boat's roll) or change the market.
OPTIONS = (
    RulesOptions(),
    RulesOptions(expansion=False),
    RulesOptions(
        purple_order="owner-chooses",
        business_center="must-trade",
        reroll_dice="same",
        major_copies="per-player",
        tuna_roll="always",
    ),
    RulesOptions(
        market="all-piles",
        amusement_park_roll="any",
        extra_turns="one",
        amusement_park_built="same-turn",
        flower_shop_mall="flat",
        sushi_bar_cost="2",
    ),
)


def _games() -> list[tuple[GameState, tuple[Move, ...]]]:
    """Whole random games under each option set of the state machine, 2 to 5 players."""
    games = []
    for number, options in enumerate(OPTIONS):
        for players in machikoro.GAME.player_counts(expansion=options.expansion):
            seed = 1000 * number + players
            start = state = machikoro.new_game(players, seed=seed, options=options)
            rng, moves = SplitMix64(seed), []
            while not machikoro.is_over(state):
                if machikoro.current_player(state) == machikoro.CHANCE:
                    move = machikoro.sample_chance(state, rng)
                else:
                    move = rng.choice(machikoro.legal_moves(state))
                moves.append(move)
                state = machikoro.apply_move(state, move)
            games.append((start, tuple(moves)))
    return games


def _kind(state: GameState) -> str:
    if not state.stack:
        return "over"
    top = state.stack[-1]
    if type(top) in (PendingRoll, PendingDice):
        return repr(top)
    return type(top).__name__


def _positions(games: list[tuple[GameState, tuple[Move, ...]]]) -> list[GameState]:
    """Up to 8 positions of each kind of decision (and finished games), spread over the games."""
    found: dict[str, list[GameState]] = {}
    for start, moves in games:
        state = start
        for move in moves:
            found.setdefault(_kind(state), []).append(state)
            state = machikoro.apply_move(state, move)
        found.setdefault(_kind(state), []).append(state)
    picked = []
    for states in found.values():
        step = max(1, len(states) // 8)
        picked += states[::step][:8]
    return picked


GAMES = _games()


POSITIONS = _positions(GAMES)


#: One move of each type, to forge when the position lists none of that type.
EXAMPLES: dict[type, Move] = {
    machikoro.RollDice: machikoro.RollDice(1),
    machikoro.KeepRoll: machikoro.KeepRoll(),
    machikoro.AddTwo: machikoro.AddTwo(True),
    machikoro.Dice: machikoro.Dice((3, 4)),
    machikoro.Draw: machikoro.Draw("cafe"),
    machikoro.Activate: machikoro.Activate("tv-station"),
    machikoro.ChooseOpponent: machikoro.ChooseOpponent(1),
    machikoro.Trade: machikoro.Trade("cafe", 1, "ranch"),
    machikoro.NoTrade: machikoro.NoTrade(),
    machikoro.BuildEstablishment: machikoro.BuildEstablishment("cafe"),
    machikoro.BuildLandmark: machikoro.BuildLandmark("harbor"),
    machikoro.BuildNothing: machikoro.BuildNothing(),
}
