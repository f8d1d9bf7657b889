"""Plain-English narration of a game: the setup, each move and the outcome.

Every sentence is computed from the states before and after a move, so the narration
says what the engine did, automatic steps included (a fixed gain right after moving, a
conversion after a two-part choice, a deferred toll forgiven, the goods an ability adds
or keeps). Players are called "Player 1" to "Player N"; seat 0 is Player 1, and where an
ability is at work, "Player 3 (Busker)" names the character too. The narrator sees
everything, but it keeps the bonus point cards for the end, where they are revealed
(BONUS-1).

>>> import harbour
>>> from harbour.narrate import describe_move
>>> state = harbour.new_game(2, seed=1)
>>> move = harbour.ChooseStartingGoods(harbour.Goods(fish=2, stone=1))
>>> describe_move(state, move, harbour.apply_move(state, move))
'Player 1 chooses 2 fish and 1 stone as starting goods.'
"""

from __future__ import annotations

import attrs

from harbour.cards.abilities import (
    CollectWhenShipped,
    GainOnPurchase,
    GainWhenOthersUseStart,
    PointsForMarketValue,
    ShareOccupiedBuildings,
)
from harbour.cards.describe import describe_building, describe_effect, describe_symbols
from harbour.cards.effects import (
    Buy,
    Convert,
    Effect,
    Exchange,
    Gain,
    GainChoice,
    GainPerSymbol,
    OneOf,
    Symbol,
    TwoPart,
)
from harbour.cards.model import BonusCard
from harbour.goods import GOODS, MAX_GOODS, Goods
from harbour.moves import (
    ChooseCharacter,
    ChooseFreeBuilding,
    ChooseOption,
    ChoosePart,
    ChooseStartingGoods,
    DeferToll,
    ExchangeGoods,
    Move,
    MovePawn,
    PayToll,
    Purchase,
    SellToTraders,
    Ship,
    SwapSquares,
    TakeGoods,
    UseAbility,
)
from harbour.options import LastRound, RulesOptions, TieBreak
from harbour.queries import (
    ability_of,
    conversion_terms,
    discounted_total,
    extra_gain,
    holders,
    shipment_kept,
    shipment_money,
    site_action,
    toll_owner,
)
from harbour.scoring import ability_points, bonus_trade, outcome, victory_points
from harbour.state import (
    MARKET_VALUES,
    BoardSite,
    GameState,
    Pending,
    PendingCharacter,
    PendingEffect,
    PendingFreeBuilding,
    PendingGift,
    PendingPurchase,
    PendingShip,
    PendingToll,
    PendingTollAfter,
    Site,
)

__all__ = [
    "describe_characters",
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


def _positive(goods: Goods) -> Goods:
    f, li, w, s = goods.as_tuple()
    return Goods(max(0, f), max(0, li), max(0, w), max(0, s))


def _negative(goods: Goods) -> Goods:
    return _positive(Goods().minus(goods))


def _capped_gain(held: Goods, gain: Goods) -> Goods:
    """The units of ``gain`` that fit under the limit of 6 (GOODS-2)."""
    return held.plus(gain, cap=MAX_GOODS).minus(held)


def _plural(count: int, noun: str) -> str:
    """``"1 building"``, ``"2 buildings"``."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _money(amount: int) -> str:
    return f"${amount}"


def describe_market(state: GameState) -> str:
    """The market from the $2 square up: ``"$2 stone, $3 fish, $4 wood, $5 livestock"``."""
    return ", ".join(
        f"{_money(value)} {good.label}"
        for value, good in zip(MARKET_VALUES, state.market, strict=True)
    )


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


def _site_phrase(state: GameState, site: Site, mover: int) -> str:
    """Where a pawn goes: ``"the Smokehouse in the display"``, ``"Player 1's Smokehouse"``."""
    owner = state.owner_of(site)
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


def describe_setup(state: GameState) -> str:
    """The players, seed, rule readings that differ from the defaults, market and display.

    With the variants, how characters and bonus cards are dealt and the Inland Traders'
    price; never a player's secret bonus card.
    """
    n = len(state.players)
    options = state.options
    lines = [
        f"Harbour for {n} players, seed {state.seed}, card set {state.cards.name!r}.",
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
    ``move``; the automatic steps the engine took right after the move (fixed gains,
    conversions, abilities, the end of the turn) are narrated from the difference between
    the two. The move is the decision of ``harbour.current_player(before)``, which for a
    gift of goods (ABIL-6, ABIL-7, ABIL-10) is not always the player whose turn it is.
    """
    if isinstance(move, ChooseCharacter):
        return _describe_character(before, move, after)
    if isinstance(move, ChooseFreeBuilding):
        name = before.cards.buildings[move.card].name
        return f"{player_name(before.decider)} takes a free building: {name}."
    p = before.current
    who = player_name(p)
    held_before = before.players[p].goods
    # What the move itself changed in the mover's warehouse; the rest is automatic.
    explicit = Goods()
    sentences: list[str] = []
    site = before.players[p].pawn
    top = before.pending

    if isinstance(move, ChooseStartingGoods):
        explicit = move.goods
        sentences.append(f"{who} chooses {move.goods.describe()} as starting goods.")
    elif isinstance(move, MovePawn):
        site = move.site
        sentences.append(_describe_pawn_move(before, move, after))
    elif isinstance(move, PayToll):
        explicit = Goods.single(move.good, -1)
        sentences.append(_describe_toll(before, move, after))
    elif isinstance(move, DeferToll):
        assert isinstance(top, PendingToll)
        sentences.append(f"{who} will pay the toll to {player_name(top.owner)} after the action.")
    elif isinstance(move, ChooseOption):
        effect = _pending_effect(before)
        assert isinstance(effect, OneOf)
        option = _their(describe_effect(effect.options[move.index]))
        sentences.append(f"{who} chooses to {option}.")
    elif isinstance(move, ChoosePart):
        effect = _pending_effect(before)
        assert isinstance(effect, TwoPart)
        part = _their(describe_effect(effect.parts[move.index]))
        sentences.append(f'{who} does the part "{part}" first.')
    elif isinstance(move, TakeGoods) and isinstance(top, PendingGift):
        gained, text = _describe_gift(before, top, move)
        if top.player == p:
            explicit = gained
        sentences.append(text)
    elif isinstance(move, TakeGoods):
        effect = _pending_effect(before)
        assert isinstance(effect, GainChoice)
        wanted = effect.fixed.plus(move.goods)
        extra = extra_gain(before, p, wanted)
        explicit = _capped_gain(held_before, wanted.plus(extra))
        if effect.fixed.total:
            what = f"gains {effect.fixed.describe()} plus {move.goods.describe()} of their choice"
        else:
            what = f"takes {move.goods.describe()}"
        sentences.append(
            f"{who} {what}{_extra_phrase(before, p, extra)}{_lost(wanted.plus(extra), explicit)}."
        )
    elif isinstance(move, ExchangeGoods):
        effect = _pending_effect(before)
        assert isinstance(effect, Exchange)
        spent = Goods.single(move.spend, effect.spend_amount)
        wanted = Goods()
        for good in move.gain:
            wanted = wanted.plus(Goods.single(good, effect.gain_amount))
        extra = extra_gain(before, p, wanted)
        gained = _capped_gain(held_before.minus(spent), wanted.plus(extra))
        explicit = gained.minus(spent)
        sentences.append(
            f"{who} converts {spent.describe()} into {wanted.describe()}"
            f"{_extra_phrase(before, p, extra)}{_lost(wanted.plus(extra), gained)}."
        )
    elif isinstance(move, SwapSquares):
        low, high = before.market[move.first], before.market[move.second]
        sentences.append(
            f"{who} swaps {low.label} ({_money(MARKET_VALUES[move.first])}) and "
            f"{high.label} ({_money(MARKET_VALUES[move.second])}) on the market. "
            f"Market now: {describe_market(after)}."
        )
    elif isinstance(move, UseAbility):
        explicit, text = _describe_ability(before, move)
        sentences.append(text)
    elif isinstance(move, SellToTraders):
        explicit = Goods(-1, -1, -1, -1)
        price = after.pending.money if isinstance(after.pending, PendingShip) else 0
        sentences.append(
            f"{who} sells {Goods(1, 1, 1, 1).describe()} to the Inland Traders for "
            f"{_money(price)}, to add to what the shipment makes (not a shipment: the market "
            "does not move)."
        )
    elif isinstance(move, Ship):
        explicit, text = _describe_shipment(before, move, after)
        sentences.append(text)
    else:
        sentences.append(_describe_purchase(before, move, after))

    sentences.extend(_describe_automatic(before, move, after, held_before.plus(explicit), site))
    sentences.extend(_describe_turn_end(before, after))
    return " ".join(sentences)


def _describe_character(before: GameState, move: ChooseCharacter, after: GameState) -> str:
    """Keeping a character board (CHAR-2): its name, starting building and ability."""
    top = before.pending
    assert isinstance(top, PendingCharacter)
    who = player_name(top.player)
    board = before.cards.characters[move.board]
    others = [before.cards.characters[b].name for b in top.offered if b != move.board]
    text = f"{who} keeps the {board.name}"
    if others:
        text += f" (the {_join(others)} leaves the game)"
    text += (
        f". Starting building (symbols: {describe_symbols(board.symbols)}): "
        f"{describe_effect(board.action)}."
    )
    if board.text:
        text += f" Ability: {board.text}"
    nxt = after.pending
    if isinstance(nxt, PendingFreeBuilding) and nxt.player == top.player:
        text += (
            f" {who} looks at the top {_plural(len(nxt.options), 'building')} of the deck "
            "to take one for free."
        )
    return text


def _extra_phrase(state: GameState, player: int, extra: Goods) -> str:
    if not extra.total:
        return ""
    more = ", ".join(f"{extra[g]} more {g.label}" for g in GOODS if extra[g])
    return f", and {more} by {_ability_owner(state, player)} ability"


def _describe_gift(before: GameState, top: PendingGift, move: TakeGoods) -> tuple[Goods, str]:
    """An ability's gift of goods of choice (ABIL-6, ABIL-7, ABIL-10), and why it came."""
    receiver = top.player
    got = _capped_gain(before.players[receiver].goods, move.goods)
    what = f"{move.goods.describe()}{_lost(move.goods, got)}"
    turn_player = before.current
    own = ability_of(before, receiver)
    if receiver == turn_player and isinstance(own, GainOnPurchase):
        bought = max(1, top.amount // own.amount)
        return got, (
            f"{_with_character(before, receiver)} gains {what} for buying "
            f"{_plural(bought, 'building')}."
        )
    if receiver != turn_player and _hosts(before, receiver):
        mover = _with_character(before, turn_player)
        where = _short_site(before, before.players[turn_player].pawn)
        return got, f"{player_name(receiver)} gains {what} because {mover} joined them at {where}."
    site = before.players[turn_player].pawn
    if isinstance(own, GainWhenOthersUseStart) and isinstance(site, BoardSite):
        whose = "their" if site.player == turn_player else f"{player_name(site.player)}'s"
        return got, (
            f"{_with_character(before, receiver)} gains {what} because "
            f"{player_name(turn_player)} used {whose} starting building."
        )
    return got, f"{_with_character(before, receiver)} gains {what} by an ability."


def _hosts(state: GameState, seat: int) -> bool:
    """True when ``seat``'s gift is the one a sharing ability (ABIL-10) owes them now.

    The turn player has that ability, has just moved onto ``seat``'s building, and the
    action there is still to come (the gifts lie right above its toll or its action).
    """
    mover = state.current
    pawn = state.players[mover].pawn
    if not isinstance(ability_of(state, mover), ShareOccupiedBuildings) or pawn is None:
        return False
    if state.players[seat].pawn != pawn:
        return False
    below = [p for p in state.stack if not isinstance(p, PendingGift)]
    return bool(below) and (
        isinstance(below[-1], PendingToll) or below[-1] == PendingEffect(site_action(state, pawn))
    )


def _describe_ability(before: GameState, move: UseAbility) -> tuple[Goods, str]:
    """The once-per-turn conversion (ABIL-11): the fee, the goods spent and gained."""
    p = before.current
    terms = conversion_terms(before, p)
    assert terms is not None
    _, spend, gain = terms
    spent = Goods.single(move.spend, spend)
    wanted = Goods.single(move.gain, gain)
    left = before.players[p].goods.minus(move.fee).minus(spent)
    got = _capped_gain(left, wanted)
    fee = f"pays {move.fee.describe()} as the fee and " if move.fee.total else ""
    text = (
        f"{_with_character(before, p)} uses their ability: {fee}turns {spent.describe()} "
        f"into {wanted.describe()}{_lost(wanted, got)}."
    )
    return got.minus(move.fee).minus(spent), text


def _pending_effect(state: GameState) -> Effect:
    top = state.pending
    assert isinstance(top, PendingEffect)
    return top.effect


def _lost(wanted: Goods, got: Goods) -> str:
    lost = wanted.minus(got)
    if not lost.total:
        return ""
    return f" ({lost.describe()} lost over the limit of {MAX_GOODS})"


def _describe_pawn_move(before: GameState, move: MovePawn, after: GameState) -> str:
    p = before.current
    who = player_name(p)
    where = _site_phrase(before, move.site, p)
    owner = before.owner_of(move.site)
    hosts = [s for s, player in enumerate(before.players) if s != p and player.pawn == move.site]
    if hosts:  # ABIL-10: a building another pawn is on
        where += f", where {_names(hosts)} already stands,"
        where += f" by {_ability_owner(before, p)} ability"
    if owner is None or owner == p:
        return f"{who} moves to {where}."
    if before.symbol_count(p, Symbol.TOP_HAT):
        return f"{who} moves to {where} (no toll thanks to a top hat)."
    return f"{who} moves to {where} and owes {player_name(owner)} a toll."


def _describe_toll(before: GameState, move: PayToll, after: GameState) -> str:
    p = before.current
    top = before.pending
    assert isinstance(top, PendingToll | PendingTollAfter)
    owner = top.owner
    when = "now, before the action" if isinstance(top, PendingToll) else "after the action"
    text = f"{player_name(p)} pays {player_name(owner)} a toll of 1 {move.good.label} {when}"
    if after.players[owner].goods[move.good] == before.players[owner].goods[move.good]:
        text += (
            f" ({player_name(owner)} already holds {MAX_GOODS} {move.good.label}, "
            "so the unit is lost)"
        )
    return text + "."


def _describe_shipment(before: GameState, move: Ship, after: GameState) -> tuple[Goods, str]:
    """The shipment (BUY-1 to BUY-4) with the abilities it wakes (ABIL-2 to ABIL-5).

    Returns the change in the shipper's warehouse and the text.
    """
    p = before.current
    who = player_name(p)
    top = before.pending
    base = top.money if isinstance(top, PendingShip) else 0
    traders = f"the {_money(base)} from the Inland Traders"
    if not move.goods:
        text = f"{who} ships nothing" + (f" and has {traders}." if base else ".")
        if base and not isinstance(after.pending, PendingPurchase):
            text += f" No building costs {_money(base)} or less, so the money is lost."
        return Goods(), text
    held = before.players[p].goods
    values = sum(before.value_of(g) for g in move.goods)
    money = shipment_money(before, p, move.goods, base)
    parts = [f"{held[g]} {g.label} ({_money(before.value_of(g))})" for g in move.goods]
    extras = []
    if money - base - values:
        extras.append(f"{_money(money - base - values)} by {_ability_owner(before, p)} ability")
    if base:
        extras.append(traders)
    made = f"making {_money(values)}"
    if extras:
        made += f", plus {_join(extras)}: {_money(money)} in all"
    kept = shipment_kept(before, p, move.goods, move.keep)
    by_ability = kept.minus(move.keep)
    units = sum(held[g] - kept[g] for g in move.goods)
    leave = "leaves" if units == 1 else "leave"
    text = f"{who} ships {_join(parts)}, {made}; {_plural(units, 'unit')} {leave} the warehouse"
    keeps = []
    if move.keep.total:
        keeps.append(f"a warehouse keeps {move.keep.describe()}")
    if by_ability.total:
        keeps.append(f"{_ability_owner(before, p)} ability keeps {by_ability.describe()}")
    if keeps:
        text += (", " if len(keeps) > 1 else " and ") + _join(keeps)
    text += f". Market now: {describe_market(after)}."
    change = Goods()
    for good in move.goods:
        change = change.plus(Goods.single(good, kept[good] - held[good]))
    for seat, collector in holders(before, CollectWhenShipped):  # ABIL-5
        if collector.good not in move.goods:
            continue
        wanted = Goods.single(collector.good, collector.amount)
        start = held.plus(change) if seat == p else before.players[seat].goods
        got = _capped_gain(start, wanted)
        if seat == p:
            change = change.plus(got)
        text += (
            f" {_with_character(before, seat)} collects {wanted.describe()}{_lost(wanted, got)} "
            f"because {collector.good.label} was shipped."
        )
    if not isinstance(after.pending, PendingPurchase) or after.current != p:
        text += f" No building costs {_money(money)} or less, so the money is lost."
    return change, text


def _describe_purchase(before: GameState, move: Move, after: GameState) -> str:
    assert isinstance(move, Purchase)
    p = before.current
    who = player_name(p)
    top = before.pending
    assert isinstance(top, PendingPurchase)
    if not move.cards:
        if top.money:
            return f"{who} buys nothing; the {_money(top.money)} is lost."
        return f"{who} buys nothing."
    price = discounted_total(before, p, move.cards)
    listed = sum(before.cards.buildings[c].cost or 0 for c in move.cards)
    bought = _join([_building_phrase(before, c) for c in move.cards])
    text = f"{who} buys {bought} for {_money(price)}"
    if price < listed:
        text += f" ({_money(listed - price)} off for coins)"
    left = top.money - price
    text += f" of the {_money(top.money)} made"
    text += f"; {_money(left)} is lost to taxes." if left else "."
    owned = after.players[p].buildings
    text += (
        f" {who} now owns {_plural(len(owned), 'building')} worth {victory_points(after, p)} VP."
    )
    dealt = [c for c in after.display if c not in before.display]
    for card in dealt:
        text += f" New in the display: {describe_building(after.building(card))}"
    if len(dealt) < len(move.cards):
        text += (
            f" The deck is empty, so the display shrinks to "
            f"{_plural(len(after.display), 'building')}."
        )
    return text


def _intermediate_stack(before: GameState, move: Move, after: GameState) -> list[Pending]:
    """The pending decisions right after ``move`` itself, before the automatic steps.

    Gifts an ability adds on top of them (ABIL-6, ABIL-7) are left out, except those of a
    move onto an occupied building (ABIL-10), which come before anything automatic.
    """
    if isinstance(move, UseAbility):
        return list(before.stack)  # ABIL-11 leaves the decision in place
    stack: list[Pending] = list(before.stack[:-1])
    if isinstance(move, MovePawn):
        stack.append(PendingEffect(site_action(before, move.site)))
        owner = toll_owner(before, before.current, move.site)
        if owner is not None:
            stack.append(PendingToll(owner))
        sharer = ability_of(before, before.current)
        if isinstance(sharer, ShareOccupiedBuildings):
            hosts = [s for s, player in enumerate(before.players) if player.pawn == move.site]
            stack.extend(PendingGift(s, sharer.gift) for s in reversed(hosts))
    elif isinstance(move, SellToTraders):
        top = before.pending
        assert isinstance(top, PendingEffect) and isinstance(top.effect, Buy)
        stack.append(PendingShip(top.effect.count, before.cards.inland_traders_price))
    elif isinstance(move, DeferToll):
        top = before.pending
        assert isinstance(top, PendingToll)
        action = stack.pop()
        stack.extend((PendingTollAfter(top.owner), action))
    elif isinstance(move, ChooseOption):
        effect = _pending_effect(before)
        assert isinstance(effect, OneOf)
        stack.append(PendingEffect(effect.options[move.index]))
    elif isinstance(move, ChoosePart):
        effect = _pending_effect(before)
        assert isinstance(effect, TwoPart)
        stack.extend(
            (PendingEffect(effect.parts[1 - move.index]), PendingEffect(effect.parts[move.index]))
        )
    elif (
        isinstance(move, Ship)
        and not _turn_ended(before, after)
        and isinstance(after.pending, PendingPurchase)
    ):
        stack.append(after.pending)  # the purchase the shipment paid for (BUY-6)
    return stack


def _automatic_steps(before: GameState, move: Move, after: GameState) -> list[Pending] | None:
    """The pending items the engine carried out by itself after ``move``, first one first.

    ``None`` when the states do not fit together as expected.
    """
    if isinstance(move, ChooseStartingGoods | ChooseCharacter | ChooseFreeBuilding):
        return []
    stack = _intermediate_stack(before, move, after)
    if stack and isinstance(stack[-1], PendingGift):
        return []  # the receiver decides first; nothing happens by itself
    if _turn_ended(before, after):
        kept = 0
    else:
        left = list(after.stack)
        while left and isinstance(left[-1], PendingGift):
            left.pop()  # gifts the steps woke (ABIL-6, ABIL-7): they wait for a decision
        kept = len(left)
        if stack[:kept] != left:
            return None
    return list(reversed(stack[kept:]))


def _describe_automatic(
    before: GameState, move: Move, after: GameState, held: Goods, site: Site | None
) -> list[str]:
    """The steps the engine took by itself right after the move (TURN-6).

    Gains, conversions, skipped actions and forgiven tolls, replayed on ``held`` (the
    mover's goods after the move itself) and checked against ``after``.
    """
    p = before.current
    who = player_name(p)
    where = _short_site(before, site)
    steps = _automatic_steps(before, move, after)
    out: list[str] = []
    for step in steps or ():
        if isinstance(step, PendingTollAfter):
            out.append(
                f"{who} holds no goods, so the toll to {player_name(step.owner)} is forgiven."
            )
            continue
        if not isinstance(step, PendingEffect):
            continue
        effect = step.effect
        if isinstance(effect, Gain | GainPerSymbol):
            if isinstance(effect, Gain):
                wanted, why = effect.goods, ""
            else:
                count = before.symbol_count(p, effect.symbol)
                wanted = Goods.single(effect.good, effect.amount * count)
                symbols = _plural(count, effect.symbol.value)
                why = (
                    f" for their {symbols}"
                    if effect.amount == 1
                    else f" ({effect.amount} for each of their {symbols})"
                )
                if not count:
                    out.append(f"{who} owns no {effect.symbol.value}, so {where} gives nothing.")
                    continue
            extra = extra_gain(before, p, wanted)
            total = wanted.plus(extra)
            got = _capped_gain(held, total)
            held = held.plus(got)
            if got.total and extra.total:
                out.append(
                    f"{who} gains {wanted.describe()} from {where}{why}"
                    f"{_extra_phrase(before, p, extra)}{_lost(total, got)}."
                )
            elif got.total:
                out.append(f"{who} gains {got.describe()} from {where}{why}{_lost(wanted, got)}.")
            else:
                full = " and ".join(g.label for g in GOODS if total[g])
                out.append(
                    f"{who} already holds {MAX_GOODS} {full}, so the gain from {where} is lost."
                )
        elif isinstance(effect, Convert):
            if not held.covers(effect.spend):
                out.append(
                    f"{who} lacks {effect.spend.describe()}, so the conversion at {where} "
                    "is skipped."
                )
                continue
            after_spend = held.minus(effect.spend)
            extra = extra_gain(before, p, effect.gain)
            total = effect.gain.plus(extra)
            got = _capped_gain(after_spend, total)
            held = after_spend.plus(got)
            out.append(
                f"{who} converts {effect.spend.describe()} into {effect.gain.describe()} "
                f"at {where}{_extra_phrase(before, p, extra)}{_lost(total, got)}."
            )
        elif isinstance(effect, Exchange):
            out.append(
                f"{who} holds fewer than {effect.spend_amount} of every good, so the "
                f"conversion at {where} is skipped."
            )
    if steps is None or held != after.players[p].goods:
        # A fallback that cannot be wrong: the plain difference of the warehouse.
        rest = after.players[p].goods.minus(held)
        gained, spent = _positive(rest), _negative(rest)
        out = []
        if gained.total:
            out.append(f"{who} then gains {gained.describe()} at {where}.")
        if spent.total:
            out.append(f"{who} then spends {spent.describe()} at {where}.")
    return out


def _turn_ended(before: GameState, after: GameState) -> bool:
    return after.is_over or after.turn != before.turn or after.current != before.current


def _describe_turn_end(before: GameState, after: GameState) -> list[str]:
    p = before.current
    out: list[str] = []
    if before.last_round_turns is None and after.last_round_turns is not None:
        n = len(after.players)
        if len(after.players[p].buildings) >= 4:
            cause = f"{player_name(p)} has bought a 4th building"
        else:
            cause = "The deck has run out"
        if after.options.last_round is LastRound.ALL_PLAYERS:
            who = f"every player takes one more turn, {player_name(p)} last"
        elif n == 2:
            who = f"{player_name((p + 1) % n)} takes one more turn"
        else:
            who = "every other player takes one more turn"
        out.append(f"{cause}: the last round begins, and {who}.")
    if after.is_over and not before.is_over:
        out.append("The game is over.")
    return out


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
        if isinstance(ability_of(state, seat), PointsForMarketValue):
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


def _bonus_rate(card: BonusCard) -> str:
    """``"1 VP for every 2 fish"``, with the limit when the card has one."""
    text = f"{card.points} VP for every {card.goods} {card.good.label}"
    if card.max_trades is not None:
        text += f", at most {_plural(card.max_trades, 'time')}"
    return text


def _describe_end_bonuses(state: GameState) -> list[str]:
    """The bonus cards revealed and traded (BONUS-2) and the points abilities add (ABIL-9)."""
    lines: list[str] = []
    for seat, player in enumerate(state.players):
        ability = ability_of(state, seat) if player.board is not None else None
        if isinstance(ability, PointsForMarketValue):
            points = ability_points(state, seat)
            lines.append(
                f"{_with_character(state, seat)} scores {points} VP by their ability: "
                f"{ability.good.label} is on the {_money(state.value_of(ability.good))} square."
            )
    revealed = []
    for seat, player in enumerate(state.players):
        if player.bonus_card is None:
            continue
        card = state.cards.bonus_cards[player.bonus_card]
        held = player.goods[card.good]
        points, spent = bonus_trade(state, seat)
        text = f"  {player_name(seat)}: the {card.name} ({_bonus_rate(card)}): "
        if points:
            text += f"trades {spent} of their {held} {card.good.label} for {points} VP."
        else:
            text += f"{held} {card.good.label} held, not enough for a trade."
        revealed.append(text)
    if revealed:
        lines.append("Bonus point cards revealed:")
        lines.extend(revealed)
    return lines
