"""Plain-English narration of a game: the setup, each move and the outcome.

Every sentence is computed from the states before and after a move, so the narration
says what the engine did, automatic steps included (a fixed gain right after moving, a
conversion after a two-part choice, a deferred toll forgiven). Players are called
"Player 1" to "Player N"; seat 0 is Player 1.

>>> import harbour
>>> from harbour.narrate import describe_move
>>> state = harbour.new_game(2, seed=1)
>>> move = harbour.ChooseStartingGoods(harbour.Goods(fish=2, stone=1))
>>> describe_move(state, move, harbour.apply_move(state, move))
'Player 1 chooses 2 fish and 1 stone as starting goods.'
"""

from __future__ import annotations

import attrs

from harbour.cards.describe import describe_building, describe_effect
from harbour.cards.effects import (
    Convert,
    Effect,
    Exchange,
    Gain,
    GainPerSymbol,
    OneOf,
    Symbol,
    TwoPart,
)
from harbour.goods import GOODS, MAX_GOODS, Goods
from harbour.moves import (
    ChooseOption,
    ChoosePart,
    ChooseStartingGoods,
    DeferToll,
    ExchangeGoods,
    Move,
    MovePawn,
    PayToll,
    Purchase,
    Ship,
    SwapSquares,
    TakeGoods,
)
from harbour.options import LastRound, RulesOptions, TieBreak
from harbour.queries import discounted_total, site_action, toll_owner
from harbour.scoring import outcome, victory_points
from harbour.state import (
    MARKET_VALUES,
    BoardSite,
    GameState,
    Pending,
    PendingEffect,
    PendingPurchase,
    PendingToll,
    PendingTollAfter,
    Site,
)

__all__ = [
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


def _site_phrase(state: GameState, site: Site, mover: int) -> str:
    """Where a pawn goes: ``"the Smokehouse in the display"``, ``"Player 1's Smokehouse"``."""
    owner = state.owner_of(site)
    if isinstance(site, BoardSite):
        name = state.cards.board.name
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
        return f"the {state.cards.board.name}"
    return f"the {state.cards.buildings[site.card].name}"


def describe_player(state: GameState, seat: int) -> str:
    """One line on a player's warehouse, buildings and victory points."""
    player = state.players[seat]
    names = [state.cards.buildings[c].name for c in player.buildings]
    owned = f"buildings: {', '.join(names)}" if names else "no buildings"
    vp = victory_points(state, seat)
    return f"{player_name(seat)} holds {player.goods.describe()}; {owned}; {vp} VP."


# --------------------------------------------------------------------------- setup


def describe_setup(state: GameState) -> str:
    """The players, seed, rule readings that differ from the defaults, market and display."""
    n = len(state.players)
    lines = [
        f"Harbour for {n} players, seed {state.seed}, card set {state.cards.name!r}.",
        f"{player_name(0)} starts; play goes clockwise: "
        + " -> ".join(player_name(s) for s in range(n))
        + ".",
    ]
    changed = _changed_options(state.options)
    if changed:
        lines.append("Rule readings that differ from the defaults: " + "; ".join(changed) + ".")
    else:
        lines.append("Rule readings: the documented defaults.")
    lines.append("Every player's starting building: " + describe_building(state.cards.board))
    lines.append(f"Market: {describe_market(state)}.")
    lines.append(f"Display ({len(state.display)} buildings):")
    lines.extend(f"  - {describe_building(state.building(c))}" for c in state.display)
    lines.append(f"Deck: {len(state.deck)} buildings, face down.")
    if not state.in_setup:
        lines.extend(describe_player(state, s) for s in range(n))
    return "\n".join(lines)


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
    conversions, the end of the turn) are narrated from the difference between the two.
    """
    p = before.current
    who = player_name(p)
    held_before = before.players[p].goods
    # What the move itself changed in the mover's warehouse; the rest is automatic.
    explicit = Goods()
    sentences: list[str] = []
    site = before.players[p].pawn

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
        top = before.pending
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
    elif isinstance(move, TakeGoods):
        explicit = _capped_gain(held_before, move.goods)
        sentences.append(f"{who} takes {move.goods.describe()}{_lost(move.goods, explicit)}.")
    elif isinstance(move, ExchangeGoods):
        effect = _pending_effect(before)
        assert isinstance(effect, Exchange)
        spent = Goods.single(move.spend, effect.spend_amount)
        wanted = Goods()
        for good in move.gain:
            wanted = wanted.plus(Goods.single(good, effect.gain_amount))
        gained = _capped_gain(held_before.minus(spent), wanted)
        explicit = gained.minus(spent)
        sentences.append(
            f"{who} converts {spent.describe()} into {wanted.describe()}{_lost(wanted, gained)}."
        )
    elif isinstance(move, SwapSquares):
        low, high = before.market[move.first], before.market[move.second]
        sentences.append(
            f"{who} swaps {low.label} ({_money(MARKET_VALUES[move.first])}) and "
            f"{high.label} ({_money(MARKET_VALUES[move.second])}) on the market. "
            f"Market now: {describe_market(after)}."
        )
    elif isinstance(move, Ship):
        explicit = Goods()
        for good in move.goods:
            explicit = explicit.plus(Goods.single(good, move.keep[good] - held_before[good]))
        sentences.append(_describe_shipment(before, move, after))
    else:
        sentences.append(_describe_purchase(before, move, after))

    sentences.extend(_describe_automatic(before, move, after, held_before.plus(explicit), site))
    sentences.extend(_describe_turn_end(before, after))
    return " ".join(sentences)


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


def _describe_shipment(before: GameState, move: Ship, after: GameState) -> str:
    p = before.current
    who = player_name(p)
    if not move.goods:
        return f"{who} ships nothing."
    held = before.players[p].goods
    money = sum(before.value_of(g) for g in move.goods)
    parts = [f"{held[g]} {g.label} ({_money(before.value_of(g))})" for g in move.goods]
    units = sum(held[g] - move.keep[g] for g in move.goods)
    text = f"{who} ships {_join(parts)}, making {_money(money)}; {units} units leave the warehouse"
    if move.keep.total:
        text += f" and a warehouse keeps {move.keep.describe()}"
    text += f". Market now: {describe_market(after)}."
    if not isinstance(after.pending, PendingPurchase) or after.current != p:
        text += f" No building costs {_money(money)} or less, so the money is lost."
    return text


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
    """The pending decisions right after ``move`` itself, before the automatic steps."""
    stack: list[Pending] = list(before.stack[:-1])
    if isinstance(move, MovePawn):
        stack.append(PendingEffect(site_action(before, move.site)))
        owner = toll_owner(before, before.current, move.site)
        if owner is not None:
            stack.append(PendingToll(owner))
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
    if isinstance(move, ChooseStartingGoods):
        return []
    stack = _intermediate_stack(before, move, after)
    if _turn_ended(before, after):
        kept = 0
    else:
        kept = len(after.stack)
        if tuple(stack[:kept]) != after.stack:
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
            got = _capped_gain(held, wanted)
            held = held.plus(got)
            if got.total:
                out.append(f"{who} gains {got.describe()} from {where}{why}{_lost(wanted, got)}.")
            else:
                full = " and ".join(g.label for g in GOODS if wanted[g])
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
            got = _capped_gain(after_spend, effect.gain)
            held = after_spend.plus(got)
            out.append(
                f"{who} converts {effect.spend.describe()} into {effect.gain.describe()} "
                f"at {where}{_lost(effect.gain, got)}."
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

    Raises :class:`harbour.GameNotOverError` while the game is still going.
    """
    result = outcome(state)
    lines = ["Final scores:"]
    for seat in result.ranking:
        names = [state.cards.buildings[c].name for c in state.players[seat].buildings]
        built = f" ({', '.join(names)})" if names else ""
        goods = result.goods[seat]
        lines.append(
            f"  {result.places[seat]}. {player_name(seat)}: {result.points[seat]} VP from "
            f"{_plural(result.buildings[seat], 'building')}{built}; "
            f"{goods} {'good' if goods == 1 else 'goods'} left."
        )
    by_goods = state.options.tie_break is TieBreak.BUILDINGS_THEN_GOODS
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
            text += ". Next tie-breaker, goods held: " + ", ".join(
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
