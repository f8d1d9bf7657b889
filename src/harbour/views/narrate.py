"""Plain-English narration of a game: the setup, each move and the outcome.

A move is narrated from the events the engine reported while applying it
(:func:`harbour.apply_move_with_events`), so the narration says what the engine did,
automatic steps included (a fixed gain right after moving, a conversion after a two-part
choice, a deferred toll forgiven, the goods an ability adds or keeps), and no rule is
worked out a second time here. Players are called "Player 1" to "Player N"; seat 0 is
Player 1, and where an ability is at work, "Player 3 (Busker)" names the character too.
The narrator sees everything, but it keeps the bonus point cards for the end, where they
are revealed (BONUS-1).

>>> import harbour
>>> from harbour.views.narrate import describe_events
>>> state = harbour.new_game(2, seed=1)
>>> move = harbour.ChooseStartingGoods(harbour.Goods(fish=2, stone=1))
>>> after, events = harbour.apply_move_with_events(state, move)
>>> describe_events(state, move, events, after)
'Player 1 chooses 2 fish and 1 stone as starting goods.'
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from harbour.cards.describe import (
    describe_bonus_card,
    describe_building,
    describe_effect,
    describe_symbols,
)
from harbour.cards.effects import Convert, Effect, Exchange, GainChoice
from harbour.engine import apply_move_with_events
from harbour.errors import InvalidValueError
from harbour.events import (
    BuildingsBought,
    CharacterChosen,
    DeckRanOut,
    DisplayRefilled,
    Event,
    FreeBuildingOffered,
    FreeBuildingTaken,
    GameEnded,
    GoodsConverted,
    GoodsGained,
    GoodsShipped,
    LastRoundBegan,
    MarketAdjusted,
    MarketSwapped,
    MoneyLost,
    NothingBought,
    OptionChosen,
    PartChosen,
    PawnMoved,
    SoldToTraders,
    StartingGoodsChosen,
    StepSkipped,
    SymbolsCounted,
    TollDeferred,
    TollDue,
    TollForgiven,
    TollPaid,
    TollWaived,
)
from harbour.facts import GAME
from harbour.goods import GOODS, MAX_GOODS, Goods
from harbour.moves import Move
from harbour.options import LastRound, RulesOptions, TieBreak
from harbour.rules.abilities import ability_of, scored_good
from harbour.scoring import bonus_trade, outcome, victory_points
from harbour.state import MARKET_VALUES, BoardSite, GameState, PendingEffect, PendingGift, Site

__all__ = [
    "describe_characters",
    "describe_events",
    "describe_market",
    "describe_move",
    "describe_outcome",
    "describe_player",
    "describe_setup",
    "player_name",
]

#: The rule each :class:`~harbour.options.RulesOptions` field selects a reading of.
_OPTION_RULES: dict[str, str] = {
    "last_round": "INT-1",
    "tie_break": "INT-2",
    "reentry": "INT-3",
    "unpayable_toll": "INT-5",
    "buying": "INT-6",
    "ship_without_buying": "INT-7",
    "empty_deck": "INT-8",
    "coin_discount": "INT-9",
    "warehouse_keep": "INT-10",
    "reshuffle_display": "INT-11",
    "first_game": "SETUP-5",
    "characters": "CHAR-2",
    "bonus_cards": "BONUS-1",
    "inland_traders": "INLAND-1",
    "alchemist": "INT-24",
    "beggar": "INT-25",
    "purchase_limit": "INT-36",
    "inland_traders_two_players": "INT-37",
    "market_from_bonus_cards": "BONUS-4",
}


# --------------------------------------------------------------------------- small helpers


def player_name(seat: int) -> str:
    """``"Player 1"`` for seat 0, and so on."""
    return f"Player {seat + 1}"


def _names(seats: list[int] | tuple[int, ...]) -> str:
    names = [player_name(s) for s in seats]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _join(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _their(text: str) -> str:
    """Card text in the third person, starting lower-case: ``"gain 2 goods of their choice"``."""
    text = text.replace("your choice", "their choice").replace("you own", "they own")
    return text[0].lower() + text[1:]


def _plural(count: int, noun: str) -> str:
    """``"1 building"``, ``"2 buildings"``."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _money(amount: int) -> str:
    return f"${amount}"


def describe_market(state: GameState) -> str:
    """The market from the $2 square up: ``"$2 stone, $3 fish, $4 wood, $5 livestock"``."""
    return _market(state.market)


def _building_phrase(state: GameState, index: int) -> str:
    card = state.cards.buildings[index]
    price = "no price" if card.cost is None else _money(card.cost)
    return f"the {card.name} ({price}, {card.points} VP)"


def _with_character(state: GameState, seat: int) -> str:
    """``"Player 3 (Busker)"`` for a player with a character board, else ``"Player 3"``."""
    if state.players[seat].board is None:
        return player_name(seat)
    return f"{player_name(seat)} ({state.board_of(seat).name})"


def _ability_owner(state: GameState, seat: int) -> str:
    """``"the Cooper's"``: whose ability it is, by the character's name."""
    return f"the {state.board_of(seat).name}'s"


def _board_site_name(state: GameState, site: BoardSite) -> str:
    """The starting building's name: the generic board's name, or the character's."""
    if state.players[site.player].board is None:
        return state.board_of(site.player).name
    return f"{state.board_of(site.player).name}'s starting building"


def _site_phrase(state: GameState, site: Site, mover: int, owner: int | None) -> str:
    """Where a pawn goes: ``"the Smokehouse in the display"``, ``"Player 1's Smokehouse"``."""
    if isinstance(site, BoardSite) and state.players[site.player].board is not None:
        name = f"starting building (the {state.board_of(site.player).name})"
    elif isinstance(site, BoardSite):
        name = state.board_of(site.player).name
    else:
        name = state.cards.buildings[site.card].name
    if owner is None:
        return f"the {name} in the display"
    if owner == mover:
        return f"their own {name}"
    return f"{player_name(owner)}'s {name}"


def _short_site(state: GameState, site: Site | None) -> str:
    if site is None:
        return "the action"
    if isinstance(site, BoardSite):
        return f"the {_board_site_name(state, site)}"
    return f"the {state.cards.buildings[site.card].name}"


def describe_player(state: GameState, seat: int) -> str:
    """One line on a player's warehouse, buildings and victory points.

    A player's character is named after their seat; their bonus card is never shown (it
    is secret until the end, BONUS-1).
    """
    player = state.players[seat]
    names = [state.cards.buildings[c].name for c in player.buildings]
    owned = f"buildings: {', '.join(names)}" if names else "no buildings"
    if player.free_buildings:
        free = ", ".join(state.cards.buildings[c].name for c in player.free_buildings)
        owned += f"; free building: {free}"
    vp = victory_points(state, seat)
    return f"{_with_character(state, seat)} holds {player.goods.describe()}; {owned}; {vp} VP."


# --------------------------------------------------------------------------- setup


def describe_setup(state: GameState, *, show_seed: bool = True) -> str:
    """The players, seed, rule readings that differ from the defaults, market and display.

    With the variants, how characters and bonus cards are dealt and the Inland Traders'
    price; never a player's secret bonus card. ``show_seed=False`` leaves the seed out
    (the first line then reads ``"Harbour for 3 players, card set '...'."``): anyone who
    knows the seed of a game can recompute its hidden deck and bonus cards, so a game
    played by people keeps it secret until the end.
    """
    n = len(state.players)
    options = state.options
    seed = f" seed {state.seed}," if show_seed else ""
    lines = [
        f"Harbour for {n} players,{seed} card set {state.cards.name!r}.",
        f"{player_name(0)} starts; play goes clockwise: "
        + " -> ".join(player_name(s) for s in range(n))
        + ".",
    ]
    changed = _changed_options(options)
    if changed:
        lines.append("Rule readings that differ from the defaults: " + "; ".join(changed) + ".")
    else:
        lines.append("Rule readings: the documented defaults.")
    if options.characters:
        lines.append(
            "Characters: each player is dealt 2 character boards at random and keeps 1, "
            "in seat order, after seeing the display; the others leave the game."
        )
    else:
        lines.append("Every player's starting building: " + describe_building(state.cards.board))
    if options.bonus_cards:
        lines.append(
            "Bonus point cards: one dealt to each player, kept secret until the end of the game."
        )
    if options.inland_traders:
        lines.append(
            "Inland Traders: once per buy action, before shipping, a player may sell one of "
            f"each good for {_money(state.cards.inland_traders_price)}."
        )
    lines.append(f"Market: {describe_market(state)}.")
    lines.append(f"Display ({len(state.display)} buildings):")
    lines.extend(f"  - {describe_building(state.building(c))}" for c in state.display)
    lines.append(f"Deck: {len(state.deck)} buildings, face down.")
    if not state.in_setup:
        lines.extend(describe_player(state, s) for s in range(n))
    return "\n".join(lines)


def describe_characters(state: GameState) -> str:
    """The character each player plays (and their free buildings), in seat order.

    ``"Characters in play: Player 1, the Cooper; Player 2, the Heiress (free building:
    Net Loft)."``; ``"Characters: none (the generic side)."`` without characters.
    """
    parts = []
    for seat, player in enumerate(state.players):
        if player.board is None:
            continue
        text = f"{player_name(seat)}, the {state.board_of(seat).name}"
        if player.free_buildings:
            free = ", ".join(state.cards.buildings[c].name for c in player.free_buildings)
            text += f" (free building: {free})"
        parts.append(text)
    if not parts:
        return "Characters: none (the generic side)."
    return "Characters in play: " + "; ".join(parts) + "."


def _changed_options(options: RulesOptions) -> list[str]:
    default = RulesOptions()
    out = []
    for field in attrs.fields(RulesOptions):
        value = getattr(options, field.name)
        if value == getattr(default, field.name):
            continue
        shown = ("yes" if value else "no") if isinstance(value, bool) else value.value
        label = field.name.replace("_", " ")
        out.append(f"{label}: {shown} ({_OPTION_RULES.get(field.name, 'option')})")
    return out


# --------------------------------------------------------------------------- moves


def describe_move(before: GameState, move: Move, after: GameState) -> str:
    """What ``move`` did, in plain English, with concrete numbers.

    ``after`` must be the state :func:`harbour.apply_move` returned for ``before`` and
    ``move`` (:class:`~harbour.errors.InvalidValueError` otherwise). The move is applied
    again to learn its events, so it is checked as :func:`harbour.apply_move` checks it
    (INPUT-1); a caller that has them already uses :func:`describe_events`.
    """
    applied, events = apply_move_with_events(before, move)
    if applied != after:
        raise InvalidValueError("after is not the state that move leads to from before")
    return describe_events(before, move, events, after)


def describe_events(
    before: GameState, move: Move, events: Sequence[Event], after: GameState
) -> str:
    """What ``move`` did, from the ``events`` applying it to ``before`` gave, ending at ``after``.

    The move is the decision of ``harbour.current_player(before)``, which for a gift of
    goods (ABIL-6, ABIL-7, ABIL-10) is not always the player whose turn it is. The
    sentences follow the events in order: the move itself, then the steps the engine took
    by itself (fixed gains, conversions, abilities), then the end of the turn or game.
    """
    return " ".join(_Narrator(before, after, events).sentences())


class _Narrator:
    """Turns one move's events into sentences; reads the states only for names and numbers."""

    def __init__(self, before: GameState, after: GameState, events: Sequence[Event]) -> None:
        self.before = before
        self.after = after
        self.events = list(events)
        self.i = 0
        #: The turn player, and where their pawn stands (for "from the Smokehouse").
        self.p = before.current
        self.site = before.players[self.p].pawn

    def peek(self, kind: type, rule_id: str | None = None) -> Event | None:
        """The next event if it is a ``kind`` (with ``rule_id``), else ``None``."""
        if self.i < len(self.events):
            event = self.events[self.i]
            if isinstance(event, kind) and (rule_id is None or event.rule_id == rule_id):
                return event
        return None

    def take(self, kind: type, rule_id: str | None = None) -> Event | None:
        """The next event, consumed, if it is a ``kind`` (with ``rule_id``)."""
        event = self.peek(kind, rule_id)
        if event is not None:
            self.i += 1
        return event

    def extra(self) -> GoodsGained | None:
        """The goods an extra-gain ability adds right after a gain (ABIL-1)."""
        event = self.take(GoodsGained, "ABIL-1")
        assert event is None or isinstance(event, GoodsGained)
        return event

    def sentences(self) -> list[str]:
        out: list[str] = []
        while self.i < len(self.events):
            event = self.events[self.i]
            self.i += 1
            text = self.sentence(event)
            if text:
                out.append(text)
        return out

    def sentence(self, event: Event) -> str:
        before, p = self.before, self.p
        who = player_name(p)
        match event:
            case StartingGoodsChosen(player=player, goods=goods):
                return f"{player_name(player)} chooses {goods.describe()} as starting goods."
            case CharacterChosen():
                return self.character(event)
            case FreeBuildingTaken(player=player, card=card):
                name = before.cards.buildings[card].name
                return f"{player_name(player)} takes a free building: {name}."
            case PawnMoved():
                return self.pawn_move(event)
            case TollPaid(payer=payer, owner=owner, good=good, after_action=later):
                when = "after the action" if later else "now, before the action"
                text = f"{player_name(payer)} pays {player_name(owner)} a toll of 1 {good.label} {when}"
                if not event.received:
                    text += (
                        f" ({player_name(owner)} already holds {MAX_GOODS} {good.label}, "
                        "so the unit is lost)"
                    )
                return text + "."
            case TollDeferred(owner=owner):
                return f"{who} will pay the toll to {player_name(owner)} after the action."
            case TollForgiven(owner=owner):
                return f"{who} holds no goods, so the toll to {player_name(owner)} is forgiven."
            case OptionChosen(option=option):
                return f"{who} chooses to {_their(describe_effect(option))}."
            case PartChosen(part=part):
                return f'{who} does the part "{_their(describe_effect(part))}" first.'
            case MarketSwapped(first=first, second=second, market=market):
                low, high = before.market[first], before.market[second]
                return (
                    f"{who} swaps {low.label} ({_money(MARKET_VALUES[first])}) and "
                    f"{high.label} ({_money(MARKET_VALUES[second])}) on the market. "
                    f"Market now: {_market(market)}."
                )
            case SoldToTraders(goods=goods, money=money):
                return (
                    f"{who} sells {goods.describe()} to the Inland Traders for {_money(money)}, "
                    "to add to what the shipment makes (not a shipment: the market does not move)."
                )
            case GoodsShipped():
                return self.shipment(event)
            case BuildingsBought() | NothingBought():
                return self.purchase(event)
            case GoodsGained(rule_id="ACT-2"):
                return self.chosen_gain(event)
            case GoodsGained(rule_id="ACT-1" | "ACT-3"):
                return self.fixed_gain(event, "")
            case SymbolsCounted():
                return self.per_symbol(event)
            case GoodsConverted(rule_id="ABIL-11"):
                return self.conversion_ability(event)
            case GoodsConverted():
                return self.conversion(event)
            case GoodsGained():
                return self.gift(event)
            case StepSkipped(effect=effect):
                return self.skipped(effect)
            case LastRoundBegan():
                return self.last_round(event)
            case GameEnded():
                return "The game is over."
        return ""  # nothing to say (a turn passing, a gift owed: its receiver speaks later)

    # -- setup

    def character(self, event: CharacterChosen) -> str:
        """Keeping a character board (CHAR-2): its name, starting building and ability."""
        cards = self.before.cards
        who = player_name(event.player)
        board = cards.characters[event.board]
        others = [cards.characters[b].name for b in event.returned]
        text = f"{who} keeps the {board.name}"
        if others:
            text += f" (the {_join(others)} leaves the game)"
        text += (
            f". Starting building (symbols: {describe_symbols(board.symbols)}): "
            f"{describe_effect(board.action)}."
        )
        if board.text:
            text += f" Ability: {board.text}"
        offered = self.take(FreeBuildingOffered)
        if isinstance(offered, FreeBuildingOffered):
            text += (
                f" {who} looks at the top {_plural(len(offered.options), 'building')} of the "
                "deck to take one for free."
            )
        return text

    # -- the pawn and the toll

    def pawn_move(self, event: PawnMoved) -> str:
        before, p = self.before, self.p
        self.site = event.site
        who = player_name(p)
        where = _site_phrase(before, event.site, p, event.owner)
        if event.joined:  # ABIL-10: a building another pawn is on
            where += f", where {_names(event.joined)} already stands,"
            where += f" by {_ability_owner(before, p)} ability"
        if self.take(TollWaived):
            return f"{who} moves to {where} (no toll thanks to a top hat)."
        due = self.take(TollDue)
        if isinstance(due, TollDue):
            return f"{who} moves to {where} and owes {player_name(due.owner)} a toll."
        return f"{who} moves to {where}."

    # -- gains and conversions

    def where(self) -> str:
        return _short_site(self.before, self.site)

    def chosen_gain(self, event: GoodsGained) -> str:
        """A gain of goods of choice (ACT-2), with what an ability adds (ABIL-1)."""
        pending = self.before.pending
        assert isinstance(pending, PendingEffect) and isinstance(pending.effect, GainChoice)
        fixed = pending.effect.fixed
        chosen = event.wanted.minus(fixed)
        if fixed.total:
            what = f"gains {fixed.describe()} plus {chosen.describe()} of their choice"
        else:
            what = f"takes {chosen.describe()}"
        wanted, got, more = self.with_extra(event.wanted, event.got)
        return f"{player_name(event.player)} {what}{more}{_lost(wanted, got)}."

    def with_extra(self, wanted: Goods, got: Goods) -> tuple[Goods, Goods, str]:
        """Add an ability's extra goods (ABIL-1) that follow a gain; the phrase naming them."""
        extra = self.extra()
        if extra is None:
            return wanted, got, ""
        more = ", ".join(f"{extra.wanted[g]} more {g.label}" for g in GOODS if extra.wanted[g])
        phrase = f", and {more} by {_ability_owner(self.before, extra.player)} ability"
        return wanted.plus(extra.wanted), got.plus(extra.got), phrase

    def fixed_gain(self, event: GoodsGained, why: str) -> str:
        """A fixed gain (ACT-1) or a gain per symbol (ACT-3) the engine carried out itself."""
        who, where = player_name(event.player), self.where()
        total, got, more = self.with_extra(event.wanted, event.got)
        if got.total and more:
            return (
                f"{who} gains {event.wanted.describe()} from {where}{why}{more}{_lost(total, got)}."
            )
        if got.total:
            return f"{who} gains {got.describe()} from {where}{why}{_lost(event.wanted, got)}."
        full = " and ".join(g.label for g in GOODS if total[g])
        return f"{who} already holds {MAX_GOODS} {full}, so the gain from {where} is lost."

    def per_symbol(self, event: SymbolsCounted) -> str:
        """ACT-3: the symbols counted, then the gain they give."""
        symbols = _plural(event.count, event.symbol.value)
        gained = self.take(GoodsGained, "ACT-3")
        if not isinstance(gained, GoodsGained):
            return (
                f"{player_name(event.player)} owns no {event.symbol.value}, so {self.where()} "
                "gives nothing."
            )
        if event.amount == 1:
            why = f" for their {symbols}"
        else:
            why = f" ({event.amount} for each of their {symbols})"
        return self.fixed_gain(gained, why)

    def conversion(self, event: GoodsConverted) -> str:
        """A fixed conversion at the building (ACT-4) or one of choice (ACT-5)."""
        who = player_name(event.player)
        total, got, more = self.with_extra(event.wanted, event.got)
        at = f" at {self.where()}" if event.rule_id == "ACT-4" else ""
        return (
            f"{who} converts {event.spent.describe()} into {event.wanted.describe()}"
            f"{at}{more}{_lost(total, got)}."
        )

    def conversion_ability(self, event: GoodsConverted) -> str:
        """The once-per-turn conversion (ABIL-11): the fee, the goods spent and gained."""
        fee = f"pays {event.fee.describe()} as the fee and " if event.fee.total else ""
        return (
            f"{_with_character(self.before, event.player)} uses their ability: {fee}turns "
            f"{event.spent.describe()} into {event.wanted.describe()}"
            f"{_lost(event.wanted, event.got)}."
        )

    def skipped(self, effect: Effect) -> str:
        """A step the player could not do (TURN-4)."""
        who, where = player_name(self.p), self.where()
        if isinstance(effect, Convert):
            return (
                f"{who} lacks {effect.spend.describe()}, so the conversion at {where} is skipped."
            )
        assert isinstance(effect, Exchange)
        return (
            f"{who} holds fewer than {effect.spend_amount} of every good, so the conversion at "
            f"{where} is skipped."
        )

    def gift(self, event: GoodsGained) -> str:
        """An ability's gift of goods of choice (ABIL-6, ABIL-7, ABIL-10), and why it came."""
        before = self.before
        receiver, turn_player = event.player, before.current
        what = f"{event.wanted.describe()}{_lost(event.wanted, event.got)}"
        pending = before.pending
        if event.rule_id == "ABIL-6":
            times = pending.times if isinstance(pending, PendingGift) else 1
            return (
                f"{_with_character(before, receiver)} gains {what} for buying "
                f"{_plural(times, 'building')}."
            )
        if event.rule_id == "ABIL-10":
            mover = _with_character(before, turn_player)
            where = _short_site(before, before.players[turn_player].pawn)
            return f"{player_name(receiver)} gains {what} because {mover} joined them at {where}."
        site = before.players[turn_player].pawn
        if event.rule_id == "ABIL-7" and isinstance(site, BoardSite):
            whose = "their" if site.player == turn_player else f"{player_name(site.player)}'s"
            return (
                f"{_with_character(before, receiver)} gains {what} because "
                f"{player_name(turn_player)} used {whose} starting building."
            )
        return f"{_with_character(before, receiver)} gains {what} by an ability."

    # -- shipping and buying

    def shipment(self, event: GoodsShipped) -> str:
        """The shipment (BUY-1 to BUY-4) with the abilities it wakes (ABIL-2 to ABIL-5)."""
        before = self.before
        who = player_name(event.player)
        base = event.base
        traders = f"the {_money(base)} from the Inland Traders"
        if not event.goods:
            text = f"{who} ships nothing" + (f" and has {traders}." if base else ".")
            lost = self.take(MoneyLost)
            if isinstance(lost, MoneyLost):
                text += f" No building costs {_money(lost.amount)} or less, so the money is lost."
            return text
        held = event.held
        parts = [
            f"{held[g]} {g.label} ({_money(v)})"
            for g, v in zip(event.goods, event.values, strict=True)
        ]
        extras = []
        if event.bonus:
            extras.append(
                f"{_money(event.bonus)} by {_ability_owner(before, event.player)} ability"
            )
        if base:
            extras.append(traders)
        made = f"making {_money(sum(event.values))}"
        if extras:
            made += f", plus {_join(extras)}: {_money(event.money)} in all"
        kept = event.kept
        by_ability = kept.minus(event.warehouse_keep)
        units = sum(held[g] - kept[g] for g in event.goods)
        leave = "leaves" if units == 1 else "leave"
        text = f"{who} ships {_join(parts)}, {made}; {_plural(units, 'unit')} {leave} the warehouse"
        keeps = []
        if event.warehouse_keep.total:
            keeps.append(f"a warehouse keeps {event.warehouse_keep.describe()}")
        if by_ability.total:
            keeps.append(
                f"{_ability_owner(before, event.player)} ability keeps {by_ability.describe()}"
            )
        if keeps:
            text += (", " if len(keeps) > 1 else " and ") + _join(keeps)
        adjusted = self.take(MarketAdjusted)
        assert isinstance(adjusted, MarketAdjusted)
        text += f". Market now: {_market(adjusted.after)}."
        while (collected := self.take(GoodsGained, "ABIL-5")) is not None:
            assert isinstance(collected, GoodsGained)
            good = next(g for g in GOODS if collected.wanted[g])
            text += (
                f" {_with_character(before, collected.player)} collects "
                f"{collected.wanted.describe()}{_lost(collected.wanted, collected.got)} "
                f"because {good.label} was shipped."
            )
        lost = self.take(MoneyLost)
        if isinstance(lost, MoneyLost):
            text += f" No building costs {_money(lost.amount)} or less, so the money is lost."
        return text

    def purchase(self, event: BuildingsBought | NothingBought) -> str:
        """The buildings bought (BUY-5, BUY-6), the refilled display (DISPLAY-1, INT-8)."""
        before, after = self.before, self.after
        who = player_name(event.player)
        if isinstance(event, NothingBought):
            if event.money:
                return f"{who} buys nothing; the {_money(event.money)} is lost."
            return f"{who} buys nothing."
        bought = _join([_building_phrase(before, c) for c in event.cards])
        text = f"{who} buys {bought} for {_money(event.price)}"
        if event.price < event.listed:
            text += f" ({_money(event.listed - event.price)} off for coins)"
        left = event.money - event.price
        text += f" of the {_money(event.money)} made"
        text += f"; {_money(left)} is lost to taxes." if left else "."
        owned = len(before.players[event.player].buildings) + len(event.cards)
        text += (
            f" {who} now owns {_plural(owned, 'building')} worth "
            f"{victory_points(after, event.player)} VP."
        )
        shrunk: DeckRanOut | None = None
        while True:
            refilled = self.take(DisplayRefilled)
            if isinstance(refilled, DisplayRefilled):
                text += f" New in the display: {describe_building(after.building(refilled.card))}"
                continue
            ran_out = self.take(DeckRanOut)
            if isinstance(ran_out, DeckRanOut):
                shrunk = ran_out
                continue
            break
        if shrunk is not None:
            text += (
                f" The deck is empty, so the display shrinks to {_plural(shrunk.size, 'building')}."
            )
        return text

    # -- the end

    def last_round(self, event: LastRoundBegan) -> str:
        p = event.player
        n = len(self.before.players)
        if event.rule_id == "END-1":
            cause = f"{player_name(p)} has bought a {_ordinal(GAME.end_buildings)} building"
        else:
            cause = "The deck has run out"
        if self.before.options.last_round is LastRound.ALL_PLAYERS:
            who = f"every player takes one more turn, {player_name(p)} last"
        elif n == 2:
            who = f"{player_name((p + 1) % n)} takes one more turn"
        else:
            who = "every other player takes one more turn"
        return f"{cause}: the last round begins, and {who}."


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _market(market: tuple[object, ...]) -> str:
    """A market from the $2 square up, as :func:`describe_market` says it."""
    return ", ".join(
        f"{_money(value)} {getattr(good, 'label', good)}"
        for value, good in zip(MARKET_VALUES, market, strict=True)
    )


def _lost(wanted: Goods, got: Goods) -> str:
    lost = wanted.minus(got)
    if not lost.total:
        return ""
    return f" ({lost.describe()} lost over the limit of {MAX_GOODS})"


# --------------------------------------------------------------------------- outcome


def describe_outcome(state: GameState) -> str:
    """Final scores, how ties were broken and the winner(s); the last line names the winner.

    With characters or bonus cards, the bonus cards are revealed first (each player's card
    and the trade it makes, BONUS-2) with the points abilities add (ABIL-9), and each score
    is split into building, ability and bonus points.

    Raises :class:`harbour.GameNotOverError` while the game is still going.
    """
    result = outcome(state)
    variants = any(p.board is not None or p.bonus_card is not None for p in state.players)
    lines = _describe_end_bonuses(state) if variants else []
    lines.append("Final scores:")
    for seat in result.ranking:
        player = state.players[seat]
        names = [state.cards.buildings[c].name for c in player.buildings]
        built = f" ({', '.join(names)})" if names else ""
        goods = result.goods[seat]
        left = f"{goods} {'good' if goods == 1 else 'goods'} left"
        buildings = _plural(result.buildings[seat], "building")
        if not variants:
            lines.append(
                f"  {result.places[seat]}. {player_name(seat)}: {result.points[seat]} VP from "
                f"{buildings}{built}; {left}."
            )
            continue
        parts = [f"{result.building_points[seat]} from {buildings}{built}"]
        if scored_good(ability_of(state, seat)) is not None:
            parts.append(
                f"{result.ability_points[seat]} from {_ability_owner(state, seat)} ability"
            )
        if player.bonus_card is not None:
            card = state.cards.bonus_cards[player.bonus_card]
            parts.append(f"{result.bonus_points[seat]} from the {card.name}")
        lines.append(
            f"  {result.places[seat]}. {_with_character(state, seat)}: {result.points[seat]} VP "
            f"= {' + '.join(parts)}; {left}."
        )
    by_goods = state.options.tie_break is TieBreak.BUILDINGS_THEN_GOODS
    traded = any(bonus_trade(state, seat)[1] for seat in range(len(state.players)))
    for vp in sorted(set(result.points), reverse=True):
        tied = [s for s in result.ranking if result.points[s] == vp]
        if len(tied) < 2:
            continue
        text = f"{_names(tied)} tie on {vp} VP. Tie-breaker, buildings bought: " + ", ".join(
            f"{player_name(s)} has {result.buildings[s]}" for s in tied
        )
        most = max(result.buildings[s] for s in tied)
        still = [s for s in tied if result.buildings[s] == most]
        if len(still) > 1 and by_goods:
            held = "goods held after the bonus trades" if traded else "goods held"
            text += f". Next tie-breaker, {held}: " + ", ".join(
                f"{player_name(s)} has {result.goods[s]}" for s in still
            )
            most = max(result.goods[s] for s in still)
            still = [s for s in still if result.goods[s] == most]
        text += "."
        if len(still) > 1:
            text += f" {_names(still)} stay tied and share place {result.places[still[0]]}."
        lines.append(text)
    winners = result.winners
    vp = result.points[winners[0]]
    if len(winners) == 1:
        lines.append(f"Winner: {player_name(winners[0])} with {vp} VP.")
    else:
        lines.append(f"Winners (shared victory): {_names(winners)} with {vp} VP each.")
    return "\n".join(lines)


def _describe_end_bonuses(state: GameState) -> list[str]:
    """The bonus cards revealed and traded (BONUS-2) and the points abilities add (ABIL-9)."""
    lines: list[str] = []
    for seat, player in enumerate(state.players):
        good = scored_good(ability_of(state, seat)) if player.board is not None else None
        if good is not None:
            points = outcome(state).ability_points[seat]
            lines.append(
                f"{_with_character(state, seat)} scores {points} VP by their ability: "
                f"{good.label} is on the {_money(state.value_of(good))} square."
            )
    revealed = []
    for seat, player in enumerate(state.players):
        if player.bonus_card is None:
            continue
        card = state.cards.bonus_cards[player.bonus_card]
        held = player.goods[card.good]
        points, spent = bonus_trade(state, seat)
        text = f"  {player_name(seat)}: the {card.name} ({describe_bonus_card(card)}): "
        if points:
            text += f"trades {spent} of their {held} {card.good.label} for {points} VP."
        else:
            text += f"{held} {card.good.label} held, not enough for a trade."
        revealed.append(text)
    if revealed:
        lines.append("Bonus point cards revealed:")
        lines.extend(revealed)
    return lines
