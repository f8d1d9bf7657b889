"""A text board view of a position: :func:`render` (VIEW-1, VIEW-2).

>>> import harbour
>>> state = harbour.new_game(2, seed=42)
>>> print(harbour.render(state).splitlines()[0])
Harbour, 2 players, setup: Player 1 is choosing starting goods

With a viewer the view is drawn from :func:`harbour.observe`, so it shows only what that
player may see: the deck's size but not its order, their own bonus card but no one else's,
and the character boards dealt (INT-40) only to the player choosing:

>>> state = harbour.new_game(3, seed=1, options=harbour.RulesOptions(characters=True))
>>> print(harbour.render(state, viewer=0, width=100).splitlines()[0])
Harbour, 3 players, setup: Player 1 is choosing a character board: Patron or Cattle Baron
>>> print(harbour.render(state, viewer=1, width=100).splitlines()[0])
Harbour, 3 players, setup: Player 1 is choosing one of 2 character boards you may not see

Lines are wrapped at 80 columns unless a ``width`` is given (VIEW-3), each continuation
four columns further in:

>>> for line in harbour.render(state, viewer=1).splitlines()[:2]:
...     print(line)
Harbour, 3 players, setup: Player 1 is choosing one of 2 character boards you
    may not see
"""

from __future__ import annotations

import attrs

from harbour.cards.describe import describe_bonus_card, describe_effect, describe_symbols
from harbour.cards.model import CardSet
from harbour.errors import InvalidValueError
from harbour.facts import GAME
from harbour.goods import GOODS
from harbour.observation import (
    HiddenCharacterChoice,
    HiddenFreeBuildingChoice,
    Observation,
    ObservedPending,
    PlayerView,
    observe,
)
from harbour.rules.abilities import market_points, scored_good
from harbour.rules.shipping import traders_price
from harbour.rules.table import step_of
from harbour.state import (
    BoardSite,
    CardSite,
    GameState,
    Pending,
    PendingCharacter,
    PendingFreeBuilding,
    PendingGift,
    PendingPurchase,
    PendingShip,
    PendingToll,
    PendingTollAfter,
    Site,
)
from meeplekit.text import DEFAULT_WIDTH, width_problem, wrap

__all__ = ["WIDTH", "headline", "render", "seen_by"]

#: The width :func:`render` writes at by default, and ``str(state)`` always (a value has
#: no terminal): 80 columns (:data:`meeplekit.text.DEFAULT_WIDTH`, VIEW-3).
WIDTH = DEFAULT_WIDTH


def render(
    state: GameState | Observation,
    viewer: int | None = None,
    *,
    public: bool = False,
    width: int = WIDTH,
) -> str:
    """The position as text: market, display, players, deck and the decision pending.

    ``viewer=None`` is the whole position (a referee's view, bonus cards included); a seat
    shows only what :func:`harbour.observe` gives that player (VIEW-2), and ``public=True``
    (without a viewer) only what every player may see, as an audience would; an
    :class:`~harbour.observation.Observation` is drawn for its viewer (as the other games
    do). Lines are at
    most ``width`` characters (default :data:`WIDTH`, 80), longer ones wrapped with their
    continuation indented (VIEW-3, :func:`meeplekit.text.wrap`); a width under 40 columns
    raises :class:`~harbour.errors.InvalidValueError`. The text is for people and may
    change between versions; for programs there is :func:`harbour.to_json`.
    """
    problem = width_problem(width)
    if problem is not None:
        raise InvalidValueError(problem)
    # Only the observation is drawn.
    if isinstance(state, Observation):
        seen, viewer = (_public(state), None) if public else (state, state.viewer)
        return wrap("\n".join(_lines(seen, viewer)), width) + "\n"
    return wrap("\n".join(_lines(seen_by(state, viewer, public=public), viewer)), width) + "\n"


def seen_by(state: GameState, viewer: int | None = None, *, public: bool = False) -> Observation:
    """What a view of ``state`` may show, as an :class:`~harbour.observation.Observation`.

    A seat gets its own observation (VIEW-2); ``public=True`` (without a viewer) what
    every player may see; ``viewer=None`` the whole position, bonus cards and secret setup
    choices included (the referee's view), with the viewer field set to seat 0. Every
    view of the library (:func:`render`, :mod:`harbour.views.svg`) is drawn from this alone.
    """
    if public:
        if viewer is not None:
            raise InvalidValueError("a view takes a viewer or public=True, not both")
        return _public(observe(state, 0))
    if viewer is None:
        public_view = observe(state, 0)
        return attrs.evolve(
            public_view,
            players=tuple(
                attrs.evolve(view, bonus_card=player.bonus_card)
                for view, player in zip(public_view.players, state.players, strict=True)
            ),
            stack=state.stack,
            deck_top=(),
        )
    return observe(state, viewer)


def _public(seen: Observation) -> Observation:
    """Player 1's observation without what only player 1 may see."""
    stack = tuple(_hidden(pending) for pending in seen.stack)
    # Every bonus card stays hidden, even at the end: a narration reveals them (BONUS-2).
    players = tuple(attrs.evolve(view, bonus_card=None) for view in seen.players)
    return attrs.evolve(seen, players=players, stack=stack, deck_top=())


def _hidden(pending: ObservedPending) -> ObservedPending:
    """A setup choice as a player other than the chooser sees it (INT-40, ABIL-8)."""
    if isinstance(pending, PendingCharacter):
        return HiddenCharacterChoice(pending.player, len(pending.offered))
    if isinstance(pending, PendingFreeBuilding):
        return HiddenFreeBuildingChoice(pending.player, len(pending.options))
    return pending


def _or(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _details(pending: Pending, cards: CardSet) -> str:
    """What the decision is about, beyond its question: the choices the decider may see."""
    if isinstance(pending, PendingGift) and pending.cause:
        return f" ({pending.cause})"
    if isinstance(pending, PendingToll | PendingTollAfter):
        return f" (owed to Player {pending.owner + 1})"
    if isinstance(pending, PendingPurchase):
        return f" with ${pending.money} (up to {pending.count})"
    if isinstance(pending, PendingShip):
        return f" (with ${pending.money} from the Inland Traders)"
    if isinstance(pending, PendingCharacter):
        return ": " + _or([cards.player_board(b).name for b in pending.offered])
    if isinstance(pending, PendingFreeBuilding):
        return ": " + _or([cards.buildings[c].name for c in pending.options])
    return ""


def headline(seen: Observation) -> str:
    """The view's first line: players, turn, who decides what, and the last round."""
    n = len(seen.players)
    when = "setup" if seen.turn == 0 else f"turn {seen.turn}"
    if seen.is_over:
        return f"Harbour, {n} players, the game is over after {seen.turn} turns"
    pending = seen.pending
    if isinstance(pending, HiddenCharacterChoice):
        doing = f"choosing one of {pending.count} character boards you may not see"
    elif isinstance(pending, HiddenFreeBuildingChoice):
        doing = f"choosing a free building among {pending.count} you may not see"
    elif pending is None:  # pragma: no cover - a game that is over returned above
        raise AssertionError("a game that goes on has a decision pending")
    else:
        doing = step_of(pending).question(pending) + _details(pending, seen.cards)
    line = f"Harbour, {n} players, {when}: Player {seen.decider + 1} is {doing}"
    if seen.last_round_turns is not None:
        line += f"; last round, {seen.last_round_turns} turn(s) left"
    return line


def _site(site: Site | None, cards: CardSet, seen: Observation) -> str:
    if site is None:
        return "not moved yet"
    if isinstance(site, BoardSite):
        return (
            f"Player {site.player + 1}'s {cards.player_board(seen.players[site.player].board).name}"
        )
    return cards.buildings[site.card].name


def _pawns_on(site: Site, seen: Observation) -> str:
    seats = [f"P{s + 1}" for s, p in enumerate(seen.players) if p.pawn == site]
    return f"  [{' '.join(seats)}]" if seats else ""


def _goods(view: PlayerView) -> str:
    return ", ".join(f"{g.label} {view.goods[g]}" for g in GOODS)


def _lines(seen: Observation, viewer: int | None) -> list[str]:
    cards, over = seen.cards, seen.is_over
    out = [headline(seen)]
    squares = "   ".join(
        f"${value} {good.label}"
        for value, good in zip(GAME.market_values, seen.market, strict=True)
    )
    out.append(f"Market: {squares}   Deck: {seen.deck_size} building(s)")
    traders = traders_price(seen)  # INLAND-2, None in a game without them
    if traders is not None:
        out.append(f"Inland Traders: buy one of each good for ${traders}, before shipping")
    if seen.deck_top:  # OBS-4: what the viewer saw on top of the deck
        top = ", ".join(cards.buildings[c].name for c in seen.deck_top)
        out.append(f"Top of the deck as you saw it: {top}")
    out.append("Display:")
    for index in seen.display:
        b = cards.buildings[index]
        price = "no price" if b.cost is None else f"${b.cost}"
        action = describe_effect(b.action)
        head = f"  {b.name} ({price}, {b.points} VP, {describe_symbols(b.symbols)})"
        out.append(f"{head}: {action}{_pawns_on(CardSite(index), seen)}")
    if not seen.display:
        out.append("  (empty)")
    for seat, view in enumerate(seen.players):
        board = cards.player_board(view.board)
        you = " (you)" if seat == viewer else ""
        turn = " *" if seat == seen.current and not over else ""
        points = sum(cards.buildings[c].points for c in view.buildings)
        out.append(f"Player {seat + 1}{you}{turn}: {board.name}, {points} VP from buildings")
        out.append(f"  goods: {_goods(view)}")
        owned = ", ".join(cards.buildings[c].name for c in view.buildings) or "none"
        out.append(f"  buildings: {owned}")
        if view.free_buildings:
            free = ", ".join(cards.buildings[c].name for c in view.free_buildings)
            out.append(f"  free buildings (0 VP): {free}")
        start = f"{board.name}: {describe_effect(board.action)}"
        out.append(f"  starting building {start}{_pawns_on(BoardSite(seat), seen)}")
        if board.ability is not None and board.text:
            worth = ""
            if scored_good(board.ability) is not None:  # ABIL-9, at the current market
                worth = f" (now {market_points(board.ability, seen.market)} VP)"
            out.append(f"  ability: {board.text}{worth}")
        out.append(f"  pawn: {_site(view.pawn, cards, seen)}")
        if view.bonus_card is not None:
            card = cards.bonus_cards[view.bonus_card]
            # BONUS-2: what the card would score with the goods held now.
            bonus = card.trades(view.goods[card.good]) * card.points
            rate = describe_bonus_card(card)
            out.append(f"  bonus card: {card.name}, {rate} (now {bonus} VP)")
        elif view.has_bonus_card:
            out.append("  bonus card: hidden")
    return out
