"""``harbour play``: a human against bots in the terminal.

The human sees the table as their seat sees it (:func:`harbour.render` with a viewer:
nothing another player keeps secret), a numbered menu of their legal moves, and the
narration of everyone's moves. They answer with a number or with move notation
(:doc:`/spec/notation`); ``undo`` takes back their own last decision (and what the bots
did after it), ``quit`` ends the game. An illegal move is answered with the rule that
forbids it, and asked again. :func:`play_game` is the loop, with input and output as
functions so that it can be driven without a terminal.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from typing import Any

import click

from harbour.bots import Bot
from harbour.cli.common import SEED, check_game, load_cards, options_from, reading_options
from harbour.demo import bot_seed
from harbour.engine import apply_move, apply_move_with_events, legal_moves
from harbour.errors import HarbourError
from harbour.lab import BOT_NAMES, make_bot
from harbour.moves import Move
from harbour.narrate import describe_events, describe_outcome, describe_setup
from harbour.notation import describe_move, format_move, parse_move
from harbour.observation import observe
from harbour.state import GameState
from harbour.view import render

__all__ = ["play", "play_game"]


class _Quit(Exception):
    """The human ended the game."""


def _ask(
    state: GameState, seat: int, ask: Callable[[str], str], say: Callable[[str], None]
) -> Move | None:
    """The human's move; ``None`` for ``undo``. Raises :class:`_Quit` for ``quit``."""
    moves = legal_moves(state)
    say(render(state, viewer=seat))
    for number, move in enumerate(moves, 1):
        say(f"  {number:>3}. {describe_move(state, move)}  [{format_move(state, move)}]")
    while True:
        answer = ask("Your move (number, notation, 'undo' or 'quit')").strip()
        if answer.lower() == "quit":
            raise _Quit
        if answer.lower() == "undo":
            return None
        if answer.isdigit():
            if 1 <= int(answer) <= len(moves):
                return moves[int(answer) - 1]
            say(f"Choose a number from 1 to {len(moves)}.")
            continue
        try:
            return parse_move(state, answer)
        except HarbourError as error:
            say(f"Not allowed: {error}")


def play_game(
    start: GameState,
    seat: int,
    bots: Sequence[Bot | None],
    ask: Callable[[str], str],
    say: Callable[[str], None],
) -> GameState:
    """Play ``start`` with the human in ``seat`` and ``bots[s]`` in every other seat.

    ``ask(prompt)`` returns the human's answer; ``say(text)`` shows text. Returns the last
    state (over, or where the human quit).
    """
    say(describe_setup(start))
    history: list[Move] = []
    state = start
    try:
        while not state.is_over:
            decider = state.decider
            if decider == seat:
                move = _ask(state, seat, ask, say)
                if move is None:
                    state, history = _undo(start, history, seat, say)
                    continue
            else:
                bot = bots[decider]
                assert bot is not None
                move = bot.choose(observe(state, decider))
            after, events = apply_move_with_events(state, move)
            say(describe_events(state, move, events, after))
            history.append(move)
            state = after
    except _Quit:
        say("You left the game.")
        return state
    say(describe_outcome(state))
    return state


def _undo(
    start: GameState, history: list[Move], seat: int, say: Callable[[str], None]
) -> tuple[GameState, list[Move]]:
    """Take back the human's last decision and everything after it."""
    states = [start]
    for move in history:
        states.append(apply_move(states[-1], move))
    for index in range(len(history) - 1, -1, -1):
        if states[index].decider == seat:
            say("Your last decision is taken back.")
            return states[index], history[:index]
    say("You have no decision to take back.")
    return states[-1], history


@click.command()
@click.option("--players", type=click.IntRange(2, 4), default=2, show_default=True)
@click.option(
    "--seat", type=click.IntRange(1, 4), default=1, show_default=True, help="your seat (1 starts)"
)
@click.option(
    "--bot",
    type=click.Choice(BOT_NAMES),
    default="greedy",
    show_default=True,
    help="the other seats' bot",
)
@click.option("--playouts", type=click.IntRange(1), default=1000, show_default=True, help="ismcts")
@click.option(
    "--seed", type=SEED, default=None, help="the game seed (default: a secret random one)"
)
@click.option("--cards", default="original", show_default=True, help="'original' or a card file")
@reading_options
def play(**params: Any) -> None:
    """Play a game of Harbour against bots in the terminal."""
    players: int = params["players"]
    seat: int = params["seat"] - 1
    if seat >= players:
        raise click.BadParameter(f"seat {seat + 1} of {players} players", param_hint="--seat")
    options = options_from(params)
    cards = load_cards(params["cards"])
    check_game(players, options, cards)
    seed: int = params["seed"] if params["seed"] is not None else secrets.randbits(64)
    from harbour.setup import new_game

    start = new_game(players, seed=seed, options=options, cards=cards)
    bots: list[Bot | None] = [
        None if s == seat else make_bot(params["bot"], bot_seed(seed, s), params["playouts"])
        for s in range(players)
    ]
    play_game(start, seat, bots, lambda text: str(click.prompt(text, type=str)), click.echo)
