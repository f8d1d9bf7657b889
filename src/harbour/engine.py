"""The rules engine: legal moves and applying a move.

The public entry points are re-exported from :mod:`harbour`. Applying a move copies the
frozen state into a private mutable :class:`_Work`, changes that, and freezes it again:
the input state is never changed (the library is pure), and the hot path avoids
rebuilding frozen objects at every step.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from harbour.cards.abilities import (
    CollectWhenShipped,
    FreeBuildingAtSetup,
    GainOnPurchase,
    GainWhenOthersUseStart,
    ShareOccupiedBuildings,
)
from harbour.cards.effects import (
    Buy,
    Convert,
    Effect,
    Exchange,
    Gain,
    GainChoice,
    GainPerSymbol,
    OneOf,
    SwapMarket,
    Symbol,
    TwoPart,
    contains_buy,
)
from harbour.diagnose import diagnose
from harbour.errors import IllegalMoveError
from harbour.goods import GOODS, MAX_GOODS, Good, Goods, multisets
from harbour.market import adjust_market
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
from harbour.options import (
    BeggarTrigger,
    BuyRule,
    EmptyDeck,
    LastRound,
    UnpayableToll,
    WarehouseKeep,
)
from harbour.queries import (
    ability_of,
    affords,
    cheapest_price,
    conversion_terms,
    discounted_total,
    extra_gain,
    holders,
    shipment_kept,
    shipment_money,
    site_action,
    sites_in_play,
    toll_owner,
)
from harbour.state import (
    BoardSite,
    GameState,
    Pending,
    PendingCharacter,
    PendingEffect,
    PendingFreeBuilding,
    PendingGift,
    PendingMove,
    PendingPurchase,
    PendingShip,
    PendingStartingGoods,
    PendingToll,
    PendingTollAfter,
    PlayerState,
)

__all__ = [
    "apply_move",
    "apply_move_unchecked",
    "can_apply",
    "current_player",
    "is_over",
    "legal_moves",
    "verify_move",
]

#: Every pair of market squares, in canonical order (ACT-6).
_SQUARE_PAIRS = tuple(combinations(range(4), 2))
_ALL_SWAPS = tuple(SwapSquares(a, b) for a, b in _SQUARE_PAIRS)
_STARTING_CHOICES = tuple(ChooseStartingGoods(g) for g in multisets(3))
_FIRST_GAME_CHOICE = (ChooseStartingGoods(Goods(1, 1, 1, 1)),)


# --------------------------------------------------------------------------- queries


def is_over(state: GameState) -> bool:
    """True when the game has ended (END-2)."""
    return not state.stack


def current_player(state: GameState) -> int:
    """The seat of the player who decides now.

    Usually the player whose turn it is; an ability's gift (ABIL-6, ABIL-7, ABIL-10) is
    decided by its receiver. After the game ended: the last player to move.
    """
    return state.decider


# --------------------------------------------------------------------------- legal moves

#: Pending decisions of the turn player during which a once-per-turn ability may be used.
_TURN_DECISIONS = (
    PendingMove,
    PendingToll,
    PendingTollAfter,
    PendingEffect,
    PendingPurchase,
    PendingShip,
)


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """Every legal move now, in a canonical deterministic order.

    Empty exactly when the game is over.
    """
    candidates = _candidates(state)
    if state.options.unpayable_toll is UnpayableToll.FORGIVEN:
        return candidates
    top = state.stack[-1] if state.stack else None
    if isinstance(top, PendingMove):
        if state.players[state.current].goods.total:
            return candidates
        # TOLL-5: with no goods, a tolled building is open only if the action can pay it.
        return tuple(m for m in candidates if _has_continuation(state, m))
    if isinstance(top, PendingToll):
        if _keeps_goods_anyway(state):
            return candidates
        return tuple(
            m for m in candidates if not isinstance(m, DeferToll) or _has_continuation(state, m)
        )
    if _toll_deferred(state):
        return tuple(m for m in candidates if _keeps_toll_payable(state, m))
    return candidates


def _candidates(state: GameState) -> tuple[Move, ...]:
    """The legal moves before the unpayable-toll reading (TOLL-5) filters them."""
    if not state.stack:
        return ()
    top = state.stack[-1]
    moves = _pending_moves(state, top)
    if (
        state.players[state.current].board is not None  # only characters have abilities
        and not state.ability_used
        and isinstance(top, _TURN_DECISIONS)
        and conversion_terms(state, state.current) is not None
    ):
        moves += _ability_moves(state)
    return moves


def _pending_moves(state: GameState, top: Pending) -> tuple[Move, ...]:
    goods = state.players[state.current].goods
    if isinstance(top, PendingMove):
        return _pawn_moves(state)
    if isinstance(top, PendingEffect):
        return _effect_moves(state, top.effect)
    if isinstance(top, PendingPurchase):
        return _purchase_moves(state, top)
    if isinstance(top, PendingGift):
        return _take_goods_moves(top.amount, GOODS)
    if isinstance(top, PendingShip):
        return _ship_moves(state, top.money)
    if isinstance(top, PendingToll):
        return (*(PayToll(g) for g in GOODS if goods[g]), DeferToll())
    if isinstance(top, PendingTollAfter):
        return tuple(PayToll(g) for g in GOODS if goods[g])
    if isinstance(top, PendingCharacter):
        return tuple(ChooseCharacter(b) for b in top.offered)
    if isinstance(top, PendingFreeBuilding):
        return tuple(ChooseFreeBuilding(c) for c in top.options)
    assert isinstance(top, PendingStartingGoods)
    return _FIRST_GAME_CHOICE if state.options.first_game else _STARTING_CHOICES


def _pawn_moves(state: GameState) -> tuple[Move, ...]:
    player = state.current
    if state.players[player].board is not None and isinstance(
        ability_of(state, player), ShareOccupiedBuildings
    ):
        # ABIL-10: any building but the one the pawn is on (TURN-2).
        here = state.players[player].pawn
        return tuple(MovePawn(s) for s in sites_in_play(state) if s != here)
    # The mover's own pawn is among the occupied sites, so TURN-2 needs no extra test.
    occupied = {p.pawn for p in state.players}
    return tuple(MovePawn(s) for s in sites_in_play(state) if s not in occupied)


@lru_cache(maxsize=64)
def _take_goods_moves(amount: int, kinds: tuple[Good, ...]) -> tuple[TakeGoods, ...]:
    return tuple(TakeGoods(g) for g in multisets(amount, kinds))


def _effect_moves(state: GameState, effect: Effect) -> tuple[Move, ...]:
    if isinstance(effect, GainChoice):
        return _take_goods_moves(effect.amount, effect.kinds)
    if isinstance(effect, Buy):
        moves = _ship_moves(state, 0)
        if state.options.inland_traders and min(state.players[state.current].goods) >= 1:
            moves += (SellToTraders(),)  # INLAND-2: before shipping, once
        return moves
    if isinstance(effect, OneOf):
        return tuple(ChooseOption(i) for i in range(len(effect.options)))
    if isinstance(effect, TwoPart):
        return (ChoosePart(0), ChoosePart(1))
    if isinstance(effect, SwapMarket):
        return _ALL_SWAPS
    assert isinstance(effect, Exchange)
    return _exchange_moves(state.players[state.current].goods, effect)


def _exchange_moves(goods: Goods, effect: Exchange) -> tuple[ExchangeGoods, ...]:
    out: list[ExchangeGoods] = []
    for spend in GOODS:
        if goods[spend] < effect.spend_amount:
            continue
        kinds = [g for g in GOODS if not (effect.other and g == spend)]
        out.extend(ExchangeGoods(spend, combo) for combo in combinations(kinds, effect.gain_kinds))
    return tuple(out)


def _ability_moves(state: GameState) -> tuple[Move, ...]:
    """The once-per-turn conversion (ABIL-11), when it can be paid for."""
    terms = conversion_terms(state, state.current)
    assert terms is not None
    fee, spend, _ = terms
    held = state.players[state.current].goods
    out: list[Move] = []
    for paid in multisets(fee):
        if not held.covers(paid):
            continue
        left = held.minus(paid)
        for source in GOODS:
            if left[source] < spend:
                continue
            out.extend(UseAbility(paid, source, target) for target in GOODS if target != source)
    return tuple(out)


def _ship_moves(state: GameState, base: int) -> tuple[Move, ...]:
    player = state.current
    held = state.players[player].goods
    shippable = tuple(g for g in GOODS if held[g] >= state.value_of(g))
    warehouses = state.symbol_count(player, Symbol.WAREHOUSE)
    options = state.options
    cheapest = cheapest_price(state, player)
    # INT-6: when buying is mandatory and something can be bought, a shipment must buy.
    must_buy = (
        options.buying is BuyRule.MANDATORY
        and cheapest is not None
        and cheapest <= shipment_money(state, player, shippable, base)
    )
    out: list[Move] = []
    for size in range(len(shippable) + 1):
        for chosen in combinations(shippable, size):
            money = shipment_money(state, player, chosen, base)
            needs_purchase = must_buy or (chosen and not options.ship_without_buying)
            if needs_purchase and (cheapest is None or cheapest > money):
                continue
            out.extend(
                Ship(chosen, keep)
                for keep in _keeps(held, chosen, warehouses, options.warehouse_keep)
            )
    return tuple(out)


def _keeps(
    held: Goods, chosen: tuple[Good, ...], warehouses: int, rule: WarehouseKeep
) -> list[Goods]:
    """Every way to keep shipped units with ``warehouses`` symbols (SYM-3, INT-10)."""
    if not chosen or not warehouses:
        return [Goods()]
    out = []
    for total in range(warehouses + 1):
        for keep in multisets(total, chosen):
            if all(
                keep[g] <= (held[g] if rule is WarehouseKeep.ANY_SHIPPED else 1) for g in chosen
            ):
                out.append(keep)
    return out


def _purchase_moves(state: GameState, top: PendingPurchase) -> tuple[Move, ...]:
    player = state.current
    buyable = [c for c in state.display if state.cards.buildings[c].cost is not None]
    by_size: list[list[Purchase]] = []
    for size in range(1, top.count + 1):
        by_size.append(
            [
                Purchase(combo)
                for combo in combinations(buyable, size)
                if discounted_total(state, player, combo) <= top.money
            ]
        )
    affordable = [p for group in by_size for p in group]
    options = state.options
    if options.buying is BuyRule.MANDATORY and affordable:
        # INT-6: as many buildings as can be afforded.
        return tuple(next(group for group in reversed(by_size) if group))
    if top.shipped and not options.ship_without_buying and affordable:
        return tuple(affordable)  # INT-7: a shipment must buy something.
    return (*affordable, Purchase(()))


# --------------------------------------------------------------------------- toll reading


def _toll_deferred(state: GameState) -> bool:
    return any(isinstance(p, PendingTollAfter) for p in state.stack)


def _may_still_ship(state: GameState) -> bool:
    return any(
        isinstance(p, PendingShip) or (isinstance(p, PendingEffect) and contains_buy(p.effect))
        for p in state.stack
    )


def _has_continuation(state: GameState, move: Move) -> bool:
    """True when any toll ``move`` leads to can still be paid (TOLL-5, CANNOT_ENTER)."""
    after = apply_move_unchecked(state, move)
    if after.turn != state.turn:
        return True  # the turn, or the game, ended
    if isinstance(after.pending, PendingToll | PendingGift):
        # A gift to the Diplomat's host (ABIL-10) comes before the toll is settled.
        return any(
            isinstance(m, PayToll) or _has_continuation(after, m) for m in _candidates(after)
        )
    if not _toll_deferred(after):
        return True
    return any(_keeps_toll_payable(after, m) for m in _candidates(after))


def _keeps_goods_anyway(state: GameState) -> bool:
    """A cheap sufficient test that the turn player can finish the action holding a good.

    With optional buying (INT-6) shipping nothing is always allowed, and every other step
    either leaves goods or adds some, so a player holding goods can always keep one.
    """
    return state.options.buying is BuyRule.OPTIONAL and state.players[state.current].goods.total > 0


def _keeps_toll_payable(state: GameState, move: Move) -> bool:
    """True when some way to finish the action after ``move`` leaves a good for the toll."""
    if not isinstance(move, Ship | SellToTraders) and _keeps_goods_anyway(state):
        return True
    after = apply_move_unchecked(state, move)
    if after.turn != state.turn or not _toll_deferred(after):
        return True  # the toll was paid and the turn may even be over
    top = after.stack[-1]
    held = after.players[after.current].goods.total
    if isinstance(top, PendingTollAfter):
        return held > 0
    # Only shipping and selling can take a player down to no goods: gains, conversions and
    # abilities always leave some.
    if held and not _may_still_ship(after):
        return True
    return any(_keeps_toll_payable(after, m) for m in _candidates(after))


# --------------------------------------------------------------------------- applying


def verify_move(state: GameState, move: Move) -> None:
    """Raise :class:`IllegalMoveError` naming the rule unless ``move`` is legal now."""
    if move not in legal_moves(state):
        rule_id, reason = diagnose(state, move)
        raise IllegalMoveError(rule_id, reason)


def can_apply(state: GameState, move: Move) -> bool:
    """True when ``move`` is legal now."""
    return move in legal_moves(state)


def apply_move(state: GameState, move: Move) -> GameState:
    """The state after ``move``; the input is not changed.

    Raises :class:`IllegalMoveError` (a ``ValueError``) naming the rule the move breaks.
    """
    verify_move(state, move)
    return apply_move_unchecked(state, move)


def apply_move_unchecked(state: GameState, move: Move) -> GameState:
    """Apply a move known to be legal (one of :func:`legal_moves`), skipping the check.

    For search and playouts. With a move that is not legal the result is undefined.
    """
    work = _Work(state)
    work.apply(move)
    work.advance()
    return work.freeze()


class _Work:
    """A private mutable copy of a state, changed by one move and frozen again."""

    __slots__ = (
        "ability_used",
        "boards",
        "buildings",
        "current",
        "deck",
        "deck_ran_out",
        "display",
        "free",
        "goods",
        "last_round_turns",
        "market",
        "pawns",
        "stack",
        "state",
        "turn",
    )

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.goods = [list(p.goods.as_tuple()) for p in state.players]
        self.buildings = [p.buildings for p in state.players]
        self.free = [p.free_buildings for p in state.players]
        self.boards = [p.board for p in state.players]
        self.pawns = [p.pawn for p in state.players]
        self.market = state.market
        self.display = list(state.display)
        self.deck = state.deck
        self.current = state.current
        self.stack: list[Pending] = list(state.stack)
        self.turn = state.turn
        self.last_round_turns = state.last_round_turns
        self.ability_used = state.ability_used
        self.deck_ran_out = state.deck_ran_out

    def freeze(self) -> GameState:
        s = self.state
        players = []
        for i, old in enumerate(s.players):
            g = self.goods[i]
            if (
                self.pawns[i] is old.pawn
                and self.buildings[i] is old.buildings
                and self.boards[i] == old.board
                and self.free[i] is old.free_buildings
                and (g[0], g[1], g[2], g[3]) == old.goods.as_tuple()
            ):
                players.append(old)  # unchanged: share the frozen value
            else:
                goods = Goods(g[0], g[1], g[2], g[3])
                players.append(
                    PlayerState(
                        goods,
                        self.buildings[i],
                        self.pawns[i],
                        self.boards[i],
                        self.free[i],
                        old.bonus_card,
                    )
                )
        return GameState(
            s.cards,
            s.options,
            s.seed,
            tuple(players),
            self.market,
            tuple(self.display),
            self.deck,
            self.current,
            tuple(self.stack),
            self.turn,
            self.last_round_turns,
            self.ability_used,
            self.deck_ran_out,
        )

    # -- helpers on the current state of the work

    def ability(self, player: int) -> object:
        index = self.boards[player]
        return None if index is None else self.state.cards.characters[index].ability

    def symbol_count(self, player: int, symbol: Symbol) -> int:
        cards = self.state.cards
        index = self.boards[player]
        board = cards.board if index is None else cards.characters[index]
        n = board.symbols.count(symbol)
        for c in self.buildings[player] + self.free[player]:
            n += cards.buildings[c].symbols.count(symbol)
        return n

    def gain(self, player: int, goods: Goods) -> None:
        row = self.goods[player]
        for i, n in enumerate(goods.as_tuple()):
            if n:
                row[i] = min(MAX_GOODS, row[i] + n)  # GOODS-2: the excess is lost

    def action_gain(self, goods: Goods) -> None:
        """Goods the turn player gains from a building's action, with the abilities they wake."""
        player = self.current
        extra = extra_gain(self.state, player, goods)  # ABIL-1 (boards are fixed in play)
        if extra.total:
            goods = goods.plus(extra)
        self.gain(player, goods)
        site = self.pawns[player]
        if goods.total and isinstance(site, BoardSite) and any(b is not None for b in self.boards):
            own = site.player == player
            if own or self.state.options.beggar is BeggarTrigger.ANY_STARTING_BUILDING:
                self.gift_to_beggars(player)

    def gift_to_beggars(self, player: int) -> None:
        """ABIL-7: other holders gain goods of choice, in turn order after ``player``."""
        n = len(self.goods)
        order = [(player + k) % n for k in range(1, n)]
        gifts = []
        for seat in order:
            ability = self.ability(seat)
            if isinstance(ability, GainWhenOthersUseStart):
                gifts.append(PendingGift(seat, ability.amount, "ABIL-7"))
        self.stack.extend(reversed(gifts))  # the first in turn order decides first

    def pay_toll(self, owner: int, good: Good) -> None:
        self.goods[self.current][good] -= 1
        self.goods[owner][good] = min(MAX_GOODS, self.goods[owner][good] + 1)  # INT-17

    # -- one move

    def apply(self, move: Move) -> None:
        if isinstance(move, UseAbility):
            self.use_ability(move)  # ABIL-11: leaves the pending decision in place
            return
        top = self.stack.pop()
        player = self.current
        if isinstance(move, MovePawn):
            self.move_pawn(move)
        elif isinstance(move, PayToll):
            assert isinstance(top, PendingToll | PendingTollAfter)
            self.pay_toll(top.owner, move.good)
        elif isinstance(move, DeferToll):
            assert isinstance(top, PendingToll)
            action = self.stack.pop()
            self.stack.append(PendingTollAfter(top.owner))
            self.stack.append(action)
        elif isinstance(move, TakeGoods) and isinstance(top, PendingGift):
            self.gain(top.player, move.goods)
        elif isinstance(move, ChooseStartingGoods | ChooseCharacter | ChooseFreeBuilding):
            self.apply_setup(top, move)
        elif isinstance(move, SellToTraders):
            assert isinstance(top, PendingEffect) and isinstance(top.effect, Buy)
            row = self.goods[player]
            for i in range(4):
                row[i] -= 1  # INLAND-3: not a shipment; the market does not move
            self.stack.append(PendingShip(top.effect.count, self.state.cards.inland_traders_price))
        else:
            assert isinstance(top, PendingEffect | PendingPurchase | PendingShip)
            self.apply_choice(top, move)

    def move_pawn(self, move: MovePawn) -> None:
        player = self.current
        sharer = self.ability(player)
        if isinstance(sharer, ShareOccupiedBuildings):  # ABIL-10: the occupants' gift first
            occupants = [seat for seat, pawn in enumerate(self.pawns) if pawn == move.site]
            gifts = [PendingGift(seat, sharer.gift, "ABIL-10") for seat in reversed(occupants)]
        else:
            gifts = []
        self.pawns[player] = move.site
        self.stack.append(PendingEffect(site_action(self.state, move.site)))
        owner = toll_owner(self.state, player, move.site)
        if owner is not None:
            self.stack.append(PendingToll(owner))
        self.stack.extend(gifts)

    def use_ability(self, move: UseAbility) -> None:
        terms = conversion_terms(self.state, self.current)
        assert terms is not None
        _, spend, gain = terms
        row = self.goods[self.current]
        for i, n in enumerate(move.fee.as_tuple()):
            row[i] -= n
        row[move.spend] -= spend
        self.gain(self.current, Goods.single(move.gain, gain))
        self.ability_used = True

    def apply_setup(
        self, top: Pending, move: ChooseStartingGoods | ChooseCharacter | ChooseFreeBuilding
    ) -> None:
        player = self.current
        if isinstance(move, ChooseStartingGoods):
            self.gain(player, move.goods)
            if player + 1 < len(self.goods):
                self.current = player + 1
                self.stack.append(PendingStartingGoods())
            else:
                self.current = 0
                self.turn = 1
                self.stack.append(PendingMove())
            return
        if isinstance(move, ChooseCharacter):
            self.boards[player] = move.board
            ability = self.state.cards.characters[move.board].ability
            if isinstance(ability, FreeBuildingAtSetup) and self.deck:
                self.stack.append(PendingFreeBuilding(player, self.deck[: ability.look]))
        else:
            self.free[player] = self.free[player] + (move.card,)  # ABIL-8
            self.deck = tuple(c for c in self.deck if c != move.card)
        nxt = self.stack[-1]
        self.current = nxt.player if isinstance(nxt, PendingCharacter | PendingFreeBuilding) else 0

    def apply_choice(self, top: PendingEffect | PendingPurchase | PendingShip, move: Move) -> None:
        player = self.current
        if isinstance(top, PendingPurchase):
            assert isinstance(move, Purchase)
            self.purchase(move.cards)
            return
        if isinstance(top, PendingShip):
            assert isinstance(move, Ship)
            self.ship(move, top.count, top.money)
            return
        effect = top.effect
        if isinstance(move, TakeGoods):
            assert isinstance(effect, GainChoice)
            self.action_gain(effect.fixed.plus(move.goods))
        elif isinstance(move, ChooseOption):
            assert isinstance(effect, OneOf)
            self.stack.append(PendingEffect(effect.options[move.index]))
        elif isinstance(move, ChoosePart):
            assert isinstance(effect, TwoPart)
            self.stack.append(PendingEffect(effect.parts[1 - move.index]))
            self.stack.append(PendingEffect(effect.parts[move.index]))
        elif isinstance(move, ExchangeGoods):
            assert isinstance(effect, Exchange)
            self.goods[player][move.spend] -= effect.spend_amount
            gained = [0, 0, 0, 0]
            for good in move.gain:
                gained[good] += effect.gain_amount
            self.action_gain(Goods.of((gained[0], gained[1], gained[2], gained[3])))
        elif isinstance(move, SwapSquares):
            market = list(self.market)
            market[move.first], market[move.second] = market[move.second], market[move.first]
            self.market = (market[0], market[1], market[2], market[3])
        else:
            assert isinstance(move, Ship) and isinstance(effect, Buy)
            self.ship(move, effect.count, 0)

    def ship(self, move: Ship, count: int, base: int) -> None:
        state = self.state
        player = self.current
        money = shipment_money(state, player, move.goods, base)  # BUY-4, ABIL-4
        # Shipping is the move itself, so the player's goods are still those of ``state``.
        kept = shipment_kept(state, player, move.goods, move.keep)  # BUY-3, SYM-3, ABIL-2/3
        row = self.goods[player]
        for good in move.goods:
            row[good] = kept[good]
        self.market = adjust_market(self.market, move.goods, state.options.reentry)
        if any(b is not None for b in self.boards):
            for seat, collector in holders(state, CollectWhenShipped):  # ABIL-5
                if collector.good in move.goods:
                    self.gain(seat, Goods.single(collector.good, collector.amount))
        if not affords(state, player, money):
            return  # nothing can be bought: the purchase step would offer no choice
        self.stack.append(PendingPurchase(money, count, bool(move.goods)))

    def purchase(self, cards: tuple[int, ...]) -> None:
        player = self.current
        self.buildings[player] = self.buildings[player] + cards
        for card in cards:
            slot = self.display.index(card)
            if self.deck:  # DISPLAY-1: refill in place from the top of the deck
                self.display[slot] = self.deck[0]
                self.deck = self.deck[1:]
            else:
                del self.display[slot]
                self.deck_ran_out = True
        investor = self.ability(player)
        if cards and isinstance(investor, GainOnPurchase):  # ABIL-6
            self.stack.append(PendingGift(player, investor.amount * len(cards), "ABIL-6"))

    # -- automatic steps and the end of a turn

    def advance(self) -> None:
        """Carry out every step with no choice, then end the turn if nothing is pending."""
        stack = self.stack
        while stack:
            top = stack[-1]
            player = self.current
            if isinstance(top, PendingEffect):
                effect = top.effect
                if isinstance(effect, Gain):
                    stack.pop()
                    self.action_gain(effect.goods)
                    continue
                if isinstance(effect, GainPerSymbol):
                    stack.pop()
                    n = self.symbol_count(player, effect.symbol) * effect.amount
                    if n:
                        self.action_gain(Goods.single(effect.good, n))
                    continue
                if isinstance(effect, Convert):
                    stack.pop()
                    row = self.goods[player]
                    if all(h >= s for h, s in zip(row, effect.spend.as_tuple(), strict=True)):
                        for i, s in enumerate(effect.spend.as_tuple()):
                            row[i] -= s
                        self.action_gain(effect.gain)
                    continue  # ACT-4 / GOODS-1: skipped when the goods are lacking
                if isinstance(effect, Exchange) and max(self.goods[player]) < effect.spend_amount:
                    stack.pop()  # ACT-5 / GOODS-1: no good to spend, nothing to choose
                    continue
                return
            if isinstance(top, PendingTollAfter):
                if self.state.options.unpayable_toll is UnpayableToll.FORGIVEN and not any(
                    self.goods[player]
                ):
                    stack.pop()  # INT-5 FORGIVEN: nothing to pay with
                    continue
                return
            return
        self.end_turn()

    def end_turn(self) -> None:
        state = self.state
        n = len(self.goods)
        player = self.current
        if self.last_round_turns is not None:
            self.last_round_turns -= 1
        elif len(self.buildings[player]) >= 4 or (
            self.deck_ran_out and state.options.empty_deck is EmptyDeck.LAST_ROUND
        ):
            # END-1 / INT-1 / INT-8: the last round begins.
            everyone = state.options.last_round is LastRound.ALL_PLAYERS
            self.last_round_turns = n if everyone else n - 1
        if self.last_round_turns == 0:
            return  # END-2: the game is over; the stack stays empty
        self.current = (player + 1) % n
        self.turn += 1
        self.ability_used = False
        self.deck_ran_out = False
        self.stack.append(PendingMove())
