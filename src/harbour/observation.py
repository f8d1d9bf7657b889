"""What one player, or a spectator, may see of a game (rules OBS-1 to OBS-6, OBS-9, BONUS-3).

:func:`observe` builds a player's view by allow-list: it copies only what that player may
know, and everything they may know. The deck's order, the other players' bonus point cards
(until the game ends, BONUS-2) and the seed are secret; the top deck buildings a
free-building ability shows (ABIL-8) and the character boards dealt to a player (INT-40)
are seen only by the player choosing. Another player's secret choice stays on the pending
stack as a placeholder that says who decides and what kind of decision it is
(:class:`HiddenCharacterChoice`, :class:`HiddenFreeBuildingChoice`).

>>> import harbour
>>> state = harbour.new_game(3, seed=1, options=harbour.RulesOptions(characters=True))
>>> harbour.observe(state, 0).pending == state.pending  # Player 1 sees their own boards
True
>>> harbour.observe(state, 1).pending
HiddenCharacterChoice(player=0, count=2)
>>> harbour.observe(state, None).pending  # a spectator sees what every player sees
HiddenCharacterChoice(player=0, count=2)

:func:`harbour.determinize` samples a whole state consistent with an observation.
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from harbour.cards.model import CardSet
from harbour.errors import InvalidValueError
from harbour.facts import GAME
from harbour.goods import Good, Goods
from harbour.options import RulesOptions
from harbour.rules.abilities import free_building_look
from harbour.state import (
    GameState,
    Pending,
    PendingCharacter,
    PendingFreeBuilding,
    PendingGift,
    Site,
)
from meeplekit.display import shown_by
from meeplekit.values import seat

__all__ = [
    "HiddenCharacterChoice",
    "HiddenFreeBuildingChoice",
    "Observation",
    "ObservedPending",
    "PlayerView",
    "deck_top_seen",
    "observe",
]


@attrs.frozen(slots=True)
class PlayerView:
    """The public part of one player's state, plus their bonus card when the viewer may see it."""

    goods: Goods
    buildings: tuple[int, ...]
    free_buildings: tuple[int, ...]
    pawn: Site | None
    board: int | None
    #: The bonus card (index into ``CardSet.bonus_cards``) when the viewer may see it: their
    #: own, and everyone's once the game is over (BONUS-2); ``None`` otherwise (and without
    #: bonus cards).
    bonus_card: int | None
    #: Whether this player holds a bonus card (public knowledge).
    has_bonus_card: bool


@attrs.frozen(slots=True, cache_hash=True)
class HiddenCharacterChoice:
    """Another player keeps one of the ``count`` character boards dealt to them (CHAR-2).

    Stands in the observed stack for a :class:`~harbour.state.PendingCharacter` the viewer
    may not see: who chooses and how many boards is public, which boards is not (INT-40).
    """

    player: int
    count: int


@attrs.frozen(slots=True, cache_hash=True)
class HiddenFreeBuildingChoice:
    """Another player takes one of the ``count`` top deck buildings for free (ABIL-8).

    Stands in the observed stack for a :class:`~harbour.state.PendingFreeBuilding` the
    viewer may not see: who chooses and how many buildings they look at is public, which
    buildings is not.
    """

    player: int
    count: int


#: A pending decision as a player sees it: the decision itself, or a placeholder for
#: another player's secret choice.
ObservedPending: TypeAlias = Pending | HiddenCharacterChoice | HiddenFreeBuildingChoice


@attrs.frozen(slots=True)
class Observation:
    """A game as seen by player :attr:`viewer` (OBS-1), or by a spectator (OBS-9).

    Everything public, nothing secret.

    It holds every field of :class:`~harbour.state.GameState` but the seed, with the deck
    reduced to its size (and the top buildings the viewer has seen, OBS-4), the other
    players' bonus cards hidden until the end (OBS-3) and another player's secret setup
    choice replaced by a placeholder (OBS-5).
    """

    # Like GameState, the hash leaves out the fields that stay the same through a game.

    #: The viewer's seat, or ``None`` for a spectator (OBS-9).
    viewer: int | None
    #: The cards the game is played with (public, OBS-2).
    cards: CardSet = attrs.field(hash=False)
    #: The rule readings in force (public, OBS-2).
    options: RulesOptions = attrs.field(hash=False)
    #: Every player's public state, by seat.
    players: tuple[PlayerView, ...]
    #: The good on each market square, from the $2 square to the $5 square.
    market: tuple[Good, Good, Good, Good]
    #: Indices of the buildings face up in the display.
    display: tuple[int, ...]
    #: Only the number of buildings in the deck, not their order.
    deck_size: int
    #: The buildings on top of the deck that the viewer has seen, top first (ABIL-8,
    #: INT-28); usually empty (:func:`deck_top_seen`).
    deck_top: tuple[int, ...]
    #: The seat whose turn (or setup step) it is.
    current: int
    #: The pending decisions, the one to decide now last, another player's secret choice
    #: as a placeholder.
    stack: tuple[ObservedPending, ...]
    #: Number of turns begun (0 during setup).
    turn: int
    #: Turns left in the last round, or ``None`` before it began (END-1).
    last_round_turns: int | None
    #: Whether the once-per-turn ability was used this turn (ABIL-11).
    ability_used: bool
    #: Whether a purchase this turn found the deck empty (INT-8).
    deck_ran_out: bool
    #: Buildings bought in the current turn (INT-36).
    bought_this_turn: int

    @property
    def pending(self) -> ObservedPending | None:
        """The decision to take now (possibly a placeholder), or ``None`` when the game is over."""
        return self.stack[-1] if self.stack else None

    @property
    def decider(self) -> int:
        """The seat of the player who decides now (as :attr:`GameState.decider`)."""
        top = self.pending
        if isinstance(
            top,
            PendingGift
            | PendingCharacter
            | PendingFreeBuilding
            | HiddenCharacterChoice
            | HiddenFreeBuildingChoice,
        ):
            return top.player
        return self.current

    _repr_svg_ = shown_by(
        "harbour.views.svg:position",
        "What the viewer sees, as a picture for Jupyter (:func:`harbour.views.svg.position`).",
    )

    @property
    def is_over(self) -> bool:
        """True when the game has ended (END-2)."""
        return not self.stack

    @property
    def in_setup(self) -> bool:
        """True while setup decisions remain."""
        return self.turn == 0 and bool(self.stack)


def observe(state: GameState, viewer: int | None) -> Observation:
    """The part of ``state`` that player ``viewer`` (a seat) may see (OBS-1 to OBS-6).

    ``viewer=None`` is a spectator, who sees what every player sees and nothing that only
    one player may see (OBS-9). Any other value that is not a seat of the game raises
    :class:`~harbour.errors.InvalidValueError`.
    """
    if viewer is not None:
        seat(viewer, len(state.players), InvalidValueError, "viewer")
    over = state.is_over  # BONUS-2: every card is revealed at the end
    views = tuple(
        PlayerView(
            goods=p.goods,
            buildings=p.buildings,
            free_buildings=p.free_buildings,
            pawn=p.pawn,
            board=p.board,
            bonus_card=p.bonus_card if seat == viewer or over else None,
            has_bonus_card=p.bonus_card is not None,
        )
        for seat, p in enumerate(state.players)
    )
    return Observation(
        viewer=viewer,
        cards=state.cards,
        options=state.options,
        players=views,
        market=state.market,
        display=state.display,
        deck_size=len(state.deck),
        deck_top=deck_top_seen(state, viewer),
        current=state.current,
        stack=tuple(_masked(pending, viewer) for pending in state.stack),
        turn=state.turn,
        last_round_turns=state.last_round_turns,
        ability_used=state.ability_used,
        deck_ran_out=state.deck_ran_out,
        bought_this_turn=state.bought_this_turn,
    )


def _masked(pending: Pending, viewer: int | None) -> ObservedPending:
    """OBS-5: another player's boards dealt (INT-40) and buildings shown (ABIL-8) are theirs."""
    if isinstance(pending, PendingCharacter) and pending.player != viewer:
        return HiddenCharacterChoice(pending.player, len(pending.offered))
    if isinstance(pending, PendingFreeBuilding) and pending.player != viewer:
        return HiddenFreeBuildingChoice(pending.player, len(pending.options))
    return pending


def deck_top_seen(state: GameState, viewer: int | None) -> tuple[int, ...]:
    """The buildings on top of the deck that ``viewer`` has seen, top first (OBS-4).

    While choosing a free building the viewer sees the top buildings its ability shows
    (ABIL-8); afterwards those not taken stay on top in their order (INT-28) and the viewer
    still knows them, until the display draws them. Counted from the position as play from
    :func:`harbour.new_game` reaches it: the viewer's look took ``min(look, deck)`` buildings
    from the deck left after the earlier players' free buildings; each later free building
    may have taken one of the others, and every building drawn since setup took the top one.
    Empty for everyone else, for a viewer without a free-building ability and for a
    spectator (``None``, OBS-9).
    """
    if viewer is None:
        return ()
    seat(viewer, len(state.players), InvalidValueError, "viewer")
    top = state.pending
    if isinstance(top, PendingFreeBuilding) and top.player == viewer:
        return top.options
    me = state.players[viewer]
    if not me.free_buildings:
        return ()
    look = free_building_look(state.cards.player_board(me.board).ability)
    if not look:
        return ()
    shown = GAME.display_size(len(state.players))  # SETUP-1: the display dealt at setup
    total = len(state.cards.buildings)
    before = sum(len(p.free_buildings) for p in state.players[:viewer])
    after = sum(len(p.free_buildings) for p in state.players[viewer + 1 :])
    looked = min(look, total - shown - before)
    drawn = total - len(state.deck) - shown - before - len(me.free_buildings) - after
    known = looked - len(me.free_buildings) - after - drawn
    return state.deck[: max(0, known)]
