"""Starting a game (rules SETUP-1 to SETUP-7)."""

from __future__ import annotations

from harbour.cards.model import CardSet
from harbour.goods import GOODS, Goods
from harbour.options import RulesOptions
from harbour.rng import SplitMix64
from harbour.state import GameState, Pending, PendingCharacter, PendingStartingGoods, PlayerState

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "new_game"]

MIN_PLAYERS = 2
MAX_PLAYERS = 4
#: A display with this many buy symbols is reshuffled (SETUP-2).
_RESHUFFLE_AT = 3
_MAX_DEALS = 10_000


def new_game(
    players: int,
    *,
    seed: int,
    options: RulesOptions | None = None,
    cards: CardSet | None = None,
) -> GameState:
    """A new game of ``players`` players (2-4), shuffled from ``seed`` (0 <= seed < 2**64).

    ``options`` selects rule readings and variants (default: the documented readings, the
    standard setup); ``cards`` the card set (default: the library's original set,
    :data:`harbour.cards.ORIGINAL_SET`). The state starts with the setup decisions, seat 0
    first: with characters each player keeps one of two boards (and a free building where
    an ability says so), then each player chooses their starting goods. Bonus cards are
    dealt here (all chance is at setup).

    Raises ``ValueError`` for a bad argument, with a message saying which and why.
    """
    if cards is None:
        from harbour.cards.original import ORIGINAL_SET

        cards = ORIGINAL_SET
    if options is None:
        options = RulesOptions()
    if isinstance(players, bool) or not isinstance(players, int):
        raise ValueError(f"players must be an integer from 2 to 4, got {players!r}")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Harbour is played by 2 to 4 players, got {players}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise ValueError(f"seed must be an integer with 0 <= seed < 2**64, got {seed!r}")
    if not isinstance(options, RulesOptions):
        raise ValueError(f"options must be a RulesOptions, got {type(options).__name__}")
    if not isinstance(cards, CardSet):
        raise ValueError(f"cards must be a CardSet, got {type(cards).__name__}")

    _check_variants(players, options, cards)

    rng = SplitMix64(seed)
    display, deck = _deal(cards, players, options, rng)
    market = rng.shuffled(GOODS)  # SETUP-3
    stack: list[Pending] = [PendingStartingGoods()]
    if options.characters:  # CHAR-2: two boards each, kept after seeing the display
        boards = rng.shuffled(range(len(cards.characters)))
        offers = [boards[2 * p : 2 * p + 2] for p in range(players)]
        stack.extend(PendingCharacter(p, offers[p]) for p in reversed(range(players)))
    bonus: list[int | None] = [None] * players
    if options.bonus_cards:  # BONUS-1: one each, secretly
        bonus = list(rng.shuffled(range(len(cards.bonus_cards)))[:players])
    return GameState(
        cards=cards,
        options=options,
        seed=seed,
        players=tuple(PlayerState(Goods(), bonus_card=bonus[p]) for p in range(players)),
        market=(market[0], market[1], market[2], market[3]),
        display=display,
        deck=deck,
        current=0,
        stack=tuple(stack),
    )


def _check_variants(players: int, options: RulesOptions, cards: CardSet) -> None:
    if options.characters and options.first_game:
        raise ValueError(
            "the first-game setup uses the generic side of the player boards, not characters "
            "(SETUP-5, CHAR-2)"
        )
    if options.characters and len(cards.characters) < 2 * players:
        raise ValueError(
            f"card set {cards.name!r} has {len(cards.characters)} character boards; dealing 2 "
            f"to each of {players} players needs {2 * players} (CHAR-2)"
        )
    if options.bonus_cards and len(cards.bonus_cards) < players:
        raise ValueError(
            f"card set {cards.name!r} has {len(cards.bonus_cards)} bonus point cards; "
            f"{players} players need {players} (BONUS-1)"
        )
    if options.inland_traders and players < 3:
        raise ValueError(
            f"the Inland Traders side is played with 3 or 4 players only, not {players} (INLAND-1)"
        )


def _deal(
    cards: CardSet, players: int, options: RulesOptions, rng: SplitMix64
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    size = players + 3  # SETUP-1
    count = len(cards.buildings)
    if count < size:
        raise ValueError(
            f"card set {cards.name!r} has {count} buildings; {players} players need at least {size}"
        )
    if options.first_game:  # SETUP-5
        trio = cards.first_game_buildings
        if len(trio) != 3:
            raise ValueError(
                f"card set {cards.name!r} marks {len(trio)} first-game buildings; the "
                "first-game setup needs exactly 3"
            )
        rest = rng.shuffled([i for i in range(count) if i not in trio])
        return trio + rest[:players], rest[players:]
    plain = sum(1 for b in cards.buildings if not b.shows_buy_symbol)
    if options.reshuffle_display and plain < size - _RESHUFFLE_AT + 1:
        raise ValueError(
            f"card set {cards.name!r} has only {plain} buildings without the buy symbol: "
            f"every display of {size} would show {_RESHUFFLE_AT} or more buy symbols (SETUP-2)"
        )
    for _ in range(_MAX_DEALS):
        order = rng.shuffled(range(count))
        display = order[:size]
        buys = sum(1 for i in display if cards.buildings[i].shows_buy_symbol)
        if not options.reshuffle_display or buys < _RESHUFFLE_AT:  # SETUP-2
            return display, order[size:]
    raise ValueError(  # pragma: no cover - needs a card set that almost always fails
        f"card set {cards.name!r}: no display without {_RESHUFFLE_AT} buy symbols "
        f"in {_MAX_DEALS} deals"
    )
