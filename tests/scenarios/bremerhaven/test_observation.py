"""What one seat sees, and the samples a bot draws of what it does not: BH-OBS-1 to BH-OBS-5.

Each clause by a scenario: a player's own placed values show and the others' do not, until
every card is placed; the solo dummy's cards and draws are hidden; the stacks' orders are
hidden and their contents shown in a fixed order; the top newspaper's progress side shows;
every public field of a position shows; bad seats, values and hand-made observations are
refused with the game's error; observations travel as JSON documents.
"""

from __future__ import annotations

import importlib
import json
from collections import Counter
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import bremerhaven
from bremerhaven import Bid, GameState, RulesOptions
from bremerhaven.agents.bots import GreedyBot, RandomBot
from bremerhaven.agents.search import ISMCTSBot
from bremerhaven.agents.tensors import observation_tensor
from bremerhaven.cards.model import Space
from bremerhaven.errors import DocumentError, InvalidValueError
from bremerhaven.interchange.serialization import FORMAT, from_json, to_json
from bremerhaven.observation import Observation, SeenBid, bidding_open, passes
from bremerhaven.state import BidCard, PendingBid, PendingPrice, PendingStep
from bremerhaven.views import svg
from bremerhaven.views.view import public
from meeplekit.rng import SplitMix64
from tests.support.bremerhaven import (
    after_bidding,
    card_set,
    game,
    newspaper,
    with_harbour,
)
from tests.support.spectator import refuses_a_spectator

SHUFFLED = RulesOptions(deck_stacking="shuffled")


def _to_bidding(state: GameState) -> GameState:
    """Play the first legal move (the short game's starting goods) until a bid is asked."""
    while not isinstance(state.stack[-1], PendingBid):
        state = bremerhaven.apply_move(state, bremerhaven.legal_moves(state)[0])
    return state


def _bid(state: GameState, count: int, space: Space = Space.PARKING) -> GameState:
    """Place bids until ``count`` cards lie on the boards: each bidder's highest on ``space``."""
    state = _to_bidding(state)
    while len(state.bids) < count:
        seat = bremerhaven.current_player(state)
        state = bremerhaven.apply_move(state, Bid(space, state.players[seat].hand[-1]))
    return state


def _placed(state: GameState, seat: int) -> list[int]:
    return [bid.value for bid in state.bids if bid.seat == seat]


def _by_key(cards: Any) -> list[Any]:
    return sorted(cards, key=lambda card: card.key)


# --------------------------------------------------------------------------- BH-OBS-2


@pytest.mark.rules("BH-OBS-2", "BH-OBS-1", "BH-BID-4")
def test_a_player_sees_his_own_placed_values_and_not_the_others() -> None:
    state = _bid(bremerhaven.new_game(3, seed=1), 5)
    assert bidding_open(state)
    for viewer in range(3):
        seen = bremerhaven.observe(state, viewer)
        assert seen.viewer == viewer
        assert seen.bids == tuple(
            SeenBid(bid.space, bid.seat, bid.value if bid.seat == viewer else None)
            for bid in state.bids
        )
        assert seen.hand_sizes == tuple(len(h.hand) for h in state.players)
        for seat, harbour in enumerate(state.players):
            if seat == viewer:
                assert seen.players[seat] == harbour
                assert seen.unseen[seat] == ()
            else:
                assert seen.players[seat] == attrs.evolve(harbour, hand=())
                assert seen.unseen[seat] == tuple(
                    sorted(harbour.hand + tuple(_placed(state, seat)))
                )


@pytest.mark.rules("BH-OBS-2", "BH-BID-2")
def test_the_value_of_another_player_s_card_does_not_change_what_one_sees() -> None:
    """The Captain puts his 5 or his 1 on 1.2: only he can tell the two positions apart."""
    start = _to_bidding(bremerhaven.new_game(3, seed=1))
    captain = bremerhaven.current_player(start)
    high = bremerhaven.apply_move(start, Bid(Space.PERMIT, 5))
    low = bremerhaven.apply_move(start, Bid(Space.PERMIT, 1))
    assert high != low
    for viewer in range(3):
        same = bremerhaven.observe(high, viewer) == bremerhaven.observe(low, viewer)
        assert same == (viewer != captain)


@pytest.mark.rules("BH-OBS-2", "BH-BID-5")
def test_every_value_shows_once_every_card_is_placed() -> None:
    state = _to_bidding(bremerhaven.new_game(4, seed=3))
    while any(type(p) is PendingBid for p in state.stack):
        assert bidding_open(state)
        seat = bremerhaven.current_player(state)
        state = bremerhaven.apply_move(state, Bid(Space.PARKING, state.players[seat].hand[0]))
    assert not bidding_open(state)
    assert len(state.bids) == 20
    for viewer in range(4):
        seen = bremerhaven.observe(state, viewer)
        assert seen.bids == tuple(SeenBid(b.space, b.seat, b.value) for b in state.bids)
        assert seen.players == state.players
        assert seen.unseen == ((),) * 4
        assert seen.hand_sizes == (0, 0, 0, 0)


@pytest.mark.rules("BH-OBS-2", "BH-GROW-2")
def test_a_card_taken_by_grow_influence_does_not_hide_the_face_up_bids_again() -> None:
    """Seat 0 won 1.3 and holds its new 5 while seat 1 chooses the price: all is face up."""
    bids = [(0, Space.GROW, 5)] + [(0, Space.PARKING, v) for v in (1, 2, 3, 4)]
    bids += [(1, Space.PRICE, 5)] + [(1, Space.PARKING, v) for v in (1, 2, 3, 4)]
    state = after_bidding(game(2), bids)
    assert bremerhaven.validate(state) == ()
    assert state.stack[-1] == PendingPrice(1)
    assert state.players[0].hand == (5,)
    assert not bidding_open(state)
    seen = bremerhaven.observe(state, 1)
    assert [bid.value for bid in seen.bids] == [value for _, _, value in bids]
    assert seen.players == state.players
    assert seen.unseen == ((), ())
    assert seen.hand_sizes == (1, 0)


@pytest.mark.rules("BH-OBS-2", "BH-OBS-3", "BH-SOLO-6", "BH-SOLO-8", "BH-SOLO-9")
def test_the_solo_dummy_s_cards_and_draws_are_hidden() -> None:
    state = _bid(bremerhaven.new_game(1, seed=3), 4)
    dummy = 1
    placed = _placed(state, dummy)
    assert placed and state.players[dummy].hand
    seen = bremerhaven.observe(state, 0)
    assert [b.value for b in seen.bids if b.seat == dummy] == [None] * len(placed)
    assert [b.value for b in seen.bids if b.seat == 0] == _placed(state, 0)
    assert seen.players[dummy].hand == ()
    assert seen.unseen == ((), tuple(sorted(state.players[dummy].hand + tuple(placed))))
    assert seen.hand_sizes[dummy] == len(state.players[dummy].hand)
    # The draws to come, as passes: the rest of the current one, then whole ones.
    news = state.dummy_news
    lengths = passes(len(news), len(state.cards.newspapers))
    assert [len(part) for part in seen.dummy_news] == list(lengths)
    assert sum(lengths) == len(news) and lengths[0] < len(state.cards.newspapers)
    start = 0
    for part in seen.dummy_news:
        assert list(part) == _by_key(news[start : start + len(part)])
        start += len(part)
    assert not hasattr(seen, "dummy_orders")
    changed = attrs.evolve(state, dummy_orders=tuple(o[::-1] for o in state.dummy_orders))
    assert bremerhaven.validate(changed) == ()
    assert bremerhaven.observe(changed, 0) == seen


@pytest.mark.rules("BH-OBS-3", "BH-SOLO-9")
@pytest.mark.parametrize(
    ("draws", "newspapers", "expected"),
    [
        (54, 18, (18, 18, 18)),  # the three passes dealt at setup
        (50, 18, (14, 18, 18)),  # four drawn from the first pass
        (36, 18, (18, 18)),
        (4, 18, (4,)),
        (0, 18, ()),
        (3, 0, (3,)),  # no newspapers at all: one part, whatever is left
    ],
)
def test_the_dummy_s_draws_fall_in_passes(
    draws: int, newspapers: int, expected: tuple[int, ...]
) -> None:
    assert passes(draws, newspapers) == expected


# --------------------------------------------------------------------------- BH-OBS-3, BH-OBS-4


def _within_backs(deck: tuple[Any, ...]) -> tuple[Any, ...]:
    """``deck`` with each back number's cards reversed, the back numbers in place."""
    out: list[Any] = []
    for back in sorted({card.back for card in deck}):
        out.extend([card for card in deck if card.back == back][::-1])
    return tuple(out)


@pytest.mark.rules("BH-OBS-3", "BH-OBS-4", "BH-INT-10", "BH-SETUP-4")
def test_the_stacks_show_their_contents_in_a_fixed_order_and_hide_their_order() -> None:
    state = bremerhaven.new_game(3, seed=2)
    seen = bremerhaven.observe(state, 0)
    assert seen.ship_deck == tuple(sorted(state.ship_deck, key=lambda c: (c.back, c.key)))
    assert seen.contract_deck == tuple(sorted(state.contract_deck, key=lambda c: (c.back, c.key)))
    assert seen.buildings[0] == state.buildings[0]  # the face-up top card
    assert list(seen.buildings[1:]) == _by_key(state.buildings[1:])
    assert list(seen.newspapers) == _by_key(state.newspapers)
    assert seen.prices == state.prices  # the Price stack is public, in order
    # Back 1 on top: the deck's back numbers come in order, so the top's back is known.
    backs = [card.back for card in state.ship_deck]
    assert backs == sorted(backs) and seen.ship_deck[0].back == state.ship_deck[0].back
    twin = attrs.evolve(
        state,
        ship_deck=_within_backs(state.ship_deck),
        contract_deck=_within_backs(state.contract_deck),
        buildings=state.buildings[:1] + state.buildings[:0:-1],
        newspapers=state.newspapers[:1] + state.newspapers[:0:-1],
    )
    assert twin.ship_deck != state.ship_deck and twin.buildings != state.buildings
    assert bremerhaven.validate(twin) == ()
    for viewer in range(3):
        assert bremerhaven.observe(twin, viewer) == bremerhaven.observe(state, viewer)
    # The top Building card is public: another top shows.
    top = attrs.evolve(
        state, buildings=state.buildings[1:2] + state.buildings[:1] + state.buildings[2:]
    )
    assert bremerhaven.observe(top, 0) != seen


@pytest.mark.rules("BH-OBS-4", "BH-INT-10")
def test_a_shuffled_deck_s_top_back_number_is_left_out() -> None:
    """Under "shuffled" the back of the top card is seen at the table but not observed."""
    state = bremerhaven.new_game(2, seed=5, options=SHUFFLED)
    deck = state.ship_deck
    other = next(i for i, card in enumerate(deck) if card.back != deck[0].back)
    twin = attrs.evolve(state, ship_deck=(deck[other], *deck[:other], *deck[other + 1 :]))
    assert twin.ship_deck[0].back != state.ship_deck[0].back  # the tops' backs differ
    assert bremerhaven.validate(twin) == ()
    assert bremerhaven.observe(twin, 0) == bremerhaven.observe(state, 0)


@pytest.mark.rules("BH-OBS-3", "BH-PROGRESS-1", "BH-PROGRESS-3")
def test_the_top_newspaper_shows_its_progress_side_only() -> None:
    cards = card_set(newspapers=[newspaper(f"news-{i}", progress=1 + i % 3) for i in range(18)])
    state = game(3, cards=cards, seed=4)
    rack = state.newspapers
    seen = bremerhaven.observe(state, 0)
    assert seen.progress == rack[0].progress
    assert list(seen.newspapers) == _by_key(rack)
    same = next(i for i in range(1, len(rack)) if rack[i].progress == rack[0].progress)
    other = next(i for i in range(1, len(rack)) if rack[i].progress != rack[0].progress)
    for index, shows in ((same, False), (other, True)):
        twin = attrs.evolve(state, newspapers=(rack[index], *rack[:index], *rack[index + 1 :]))
        assert bremerhaven.validate(twin) == ()
        twin_seen = bremerhaven.observe(twin, 0)
        assert (twin_seen != seen) == shows
        assert attrs.evolve(twin_seen, progress=seen.progress) == seen  # the progress only
    short = bremerhaven.observe(game(3, options=RulesOptions(game="short")), 0)
    assert short.newspapers == () and short.progress is None


# --------------------------------------------------------------------------- BH-OBS-1


def _mid_bidding() -> GameState:
    return _bid(bremerhaven.new_game(3, seed=1), 4)


def _harbour(seat: int, **changes: Any) -> Callable[[GameState], GameState]:
    return lambda s: with_harbour(s, seat, **changes)


#: One change of each field of a position that shows in every seat's observation.
PUBLIC_CHANGES: dict[str, Callable[[GameState], GameState]] = {
    "options": lambda s: attrs.evolve(s, options=attrs.evolve(s.options, bank_counts=True)),
    "cards": lambda s: attrs.evolve(s, cards=card_set()),
    "seats": lambda s: attrs.evolve(s, seats=2),
    "players (money)": _harbour(2, money=99),
    "players (supply)": _harbour(2, supply=()),
    "ranks": lambda s: attrs.evolve(s, ranks=s.ranks[::-1]),
    "round": lambda s: attrs.evolve(s, round=2),
    "track": lambda s: attrs.evolve(s, track=s.track + 1),
    "sea": lambda s: attrs.evolve(s, sea=(None, *s.sea[1:])),
    "land": lambda s: attrs.evolve(s, land=(None, *s.land[1:])),
    "bids (where)": lambda s: attrs.evolve(s, bids=(*s.bids, BidCard(Space.GROW, 2, 1))),
    "ship_deck (contents)": lambda s: attrs.evolve(s, ship_deck=s.ship_deck[1:]),
    "contract_deck (contents)": lambda s: attrs.evolve(s, contract_deck=s.contract_deck[1:]),
    "buildings (top)": lambda s: attrs.evolve(s, buildings=s.buildings[1:]),
    "prices (order)": lambda s: attrs.evolve(s, prices=(*s.prices[1:], s.prices[0])),
    "newspapers (contents)": lambda s: attrs.evolve(s, newspapers=s.newspapers[:-1]),
    "event": lambda s: attrs.evolve(s, event=s.newspapers[-1]),
    "goods": lambda s: attrs.evolve(s, goods=(0, 0, 0, 0)),
    "discarded_ships": lambda s: attrs.evolve(s, discarded_ships=1),
    "discarded_contracts": lambda s: attrs.evolve(s, discarded_contracts=1),
    "dummy_news (contents)": lambda s: attrs.evolve(s, dummy_news=s.newspapers[:1]),
    "stack": lambda s: attrs.evolve(s, stack=(PendingStep("clean-up"), *s.stack)),
}
#: The fields of a position no seat sees anything of (BH-OBS-3).
SECRET_FIELDS = {"dummy_orders"}


@pytest.mark.rules("BH-OBS-1")
@pytest.mark.parametrize("field", list(PUBLIC_CHANGES))
def test_every_public_field_shows_in_every_observation(field: str) -> None:
    state = _mid_bidding()
    changed = PUBLIC_CHANGES[field](state)
    assert changed != state
    for viewer in range(2):  # seats 0 and 1 are seats after every change ("seats": 2)
        seen, before = bremerhaven.observe(changed, viewer), bremerhaven.observe(state, viewer)
        assert seen != before
        assert to_json(seen) != to_json(before)


@pytest.mark.rules("BH-OBS-1")
def test_every_field_of_a_state_is_public_or_secret() -> None:
    """An allow-list: a field added to the state must be classed here and on the page."""
    public = {name.split(" ")[0] for name in PUBLIC_CHANGES}
    assert {f.name for f in attrs.fields(GameState)} == public | SECRET_FIELDS
    # Every field of the state has its namesake in an observation, but the secret ones.
    assert public <= {f.name for f in attrs.fields(Observation)}


@pytest.mark.rules("BH-OBS-1", "BH-ENGINE-12")
@pytest.mark.parametrize("seat", [3, -1, True, 0.0, "0"])
def test_a_seat_that_is_not_a_deciding_seat_is_refused(seat: object) -> None:
    with pytest.raises(InvalidValueError):
        bremerhaven.observe(_mid_bidding(), seat)  # type: ignore[arg-type]


@pytest.mark.rules("BH-OBS-1", "BH-ENGINE-12")
def test_the_solo_dummy_and_values_that_are_not_states_are_refused() -> None:
    solo = bremerhaven.new_game(1, seed=1)
    with pytest.raises(InvalidValueError):
        bremerhaven.observe(solo, 1)  # the dummy never decides
    seen = bremerhaven.observe(solo, 0)
    assert seen.decider == 0 and seen.solo and seen.dummy == 1
    for value in (seen, None, to_json(solo)):
        with pytest.raises(InvalidValueError):
            bremerhaven.observe(value, 0)  # type: ignore[arg-type]


@pytest.mark.rules("BH-OBS-1")
def test_the_observation_s_own_questions() -> None:
    state = _mid_bidding()
    seen = bremerhaven.observe(state, 1)
    assert seen.decider == bremerhaven.current_player(state)
    assert seen.pending == state.stack[-1] and not seen.is_over
    assert seen.price == state.prices[0] and not seen.solo and seen.dummy is None
    assert bremerhaven.observe(state, 1) == seen  # a function of the position and the seat


# --------------------------------------------------------------------------- JSON


@pytest.mark.rules("BH-OBS-1", "BH-OBS-5")
def test_an_observation_travels_as_a_document_and_reads_back_equal() -> None:
    states = [_mid_bidding(), _bid(bremerhaven.new_game(1, seed=2), 3)]
    states.append(bremerhaven.new_game(2, seed=1, options=RulesOptions(game="short")))
    for state in states:
        for viewer in range(state.seats):
            seen = bremerhaven.observe(state, viewer)
            text = to_json(seen)
            assert json.loads(text)["kind"] == "observation"
            again = from_json(text)
            assert type(again) is Observation and again == seen
            assert to_json(again) == text
            assert to_json(bremerhaven.observe(state, viewer)) == text  # deterministic
    hidden = json.loads(to_json(bremerhaven.observe(states[0], 0)))["observation"]["bids"]
    assert any(bid["value"] is None for bid in hidden)


def _document(edit: Callable[[dict[str, Any]], None]) -> str:
    doc = json.loads(to_json(bremerhaven.observe(_mid_bidding(), 0)))
    edit(doc["observation"])
    return json.dumps(doc)


def _swap_deck(o: dict[str, Any]) -> None:
    o["ship_deck"][0], o["ship_deck"][-1] = o["ship_deck"][-1], o["ship_deck"][0]


#: A change to an observation document, and the field its error must name.
HOSTILE: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "a hidden value as text": (lambda o: o["bids"][1].update(value="3"), "observation.bids[1].value"),
    "an unknown field": (lambda o: o.update(secret=1), "observation"),
    "a missing field": (lambda o: o.pop("unseen"), "observation"),
    "an unknown card": (lambda o: o["ship_deck"].__setitem__(0, "no-ship"), "observation.ship_deck[0]"),
    "a viewer out of range": (lambda o: o.update(viewer=3), "observation"),
    "a deck out of its fixed order": (_swap_deck, "observation"),
    "an unseen value too many": (lambda o: o["unseen"][1].append(9), "observation"),
    "a progress no newspaper shows": (lambda o: o.update(progress=9), "observation"),
    "a viewer's own value hidden": (lambda o: o["bids"][0].update(value=None), "observation"),
    "debt": (lambda o: o["players"][0].update(money=-1), "observation"),
}  # fmt: skip


@pytest.mark.rules("BH-OBS-1", "BH-OBS-5")
@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_hostile_observation_document_is_refused_naming_the_field(name: str) -> None:
    edit, field = HOSTILE[name]
    assert _mid_bidding().bids[0].seat == 0  # the viewer's own card comes first
    with pytest.raises(DocumentError) as caught:
        from_json(_document(edit))
    assert caught.value.field == field, (caught.value.field, caught.value.reason)


@pytest.mark.rules("BH-OBS-1")
def test_the_document_kind_is_written_in_the_envelope() -> None:
    text = to_json(bremerhaven.observe(_mid_bidding(), 2))
    assert text.startswith(f'{{"format":"{FORMAT}","kind":"observation","observation":{{')


# --------------------------------------------------------------------------- BH-OBS-5


@pytest.mark.rules("BH-OBS-5")
def test_determinize_refuses_what_is_not_an_observation_or_a_generator() -> None:
    state = _mid_bidding()
    seen = bremerhaven.observe(state, 0)
    with pytest.raises(InvalidValueError):
        bremerhaven.determinize(state, SplitMix64(1))  # type: ignore[arg-type]
    for rng in (1, None, "SplitMix64(1)"):
        with pytest.raises(InvalidValueError):
            bremerhaven.determinize(seen, rng)  # type: ignore[arg-type]


def _hidden_own(o: Observation) -> Observation:
    first = o.bids[0]
    assert first.seat == o.viewer
    return attrs.evolve(o, bids=(SeenBid(first.space, first.seat, None), *o.bids[1:]))


#: Observations made by hand that no valid position gives.
BROKEN: dict[str, Callable[[Observation], Observation]] = {
    "a viewer out of range": lambda o: attrs.evolve(o, viewer=3),
    "a viewer that is a bool": lambda o: attrs.evolve(o, viewer=True),
    "no seats": lambda o: attrs.evolve(o, seats=0),
    "a harbour missing": lambda o: attrs.evolve(o, players=o.players[:2]),
    "a hand size missing": lambda o: attrs.evolve(o, hand_sizes=o.hand_sizes[:2]),
    "a bid of no seat": lambda o: attrs.evolve(o, bids=(*o.bids, SeenBid(Space.GROW, 5, None))),
    "the viewer's own value hidden": _hidden_own,
    "a hand size too many": lambda o: attrs.evolve(o, hand_sizes=(o.hand_sizes[0], 9, 9)),
    "an unseen value too many": lambda o: attrs.evolve(
        o, unseen=tuple((*u, 9) if u else u for u in o.unseen)
    ),
    "a deck out of its fixed order": lambda o: attrs.evolve(o, ship_deck=o.ship_deck[::-1]),
    "a Building stack out of its fixed order": lambda o: attrs.evolve(
        o, buildings=o.buildings[:1] + o.buildings[:0:-1]
    ),
    "a progress no newspaper shows": lambda o: attrs.evolve(o, progress=9),
    "no progress over a full rack": lambda o: attrs.evolve(o, progress=None),
    "a ship in two places": lambda o: attrs.evolve(
        o, ship_deck=(*o.ship_deck, next(ship for ship in o.sea if ship is not None))
    ),
    "debt": lambda o: attrs.evolve(o, players=(attrs.evolve(o.players[0], money=-1), *o.players[1:])),
}  # fmt: skip


@pytest.mark.rules("BH-OBS-5")
@pytest.mark.parametrize("name", list(BROKEN))
def test_determinize_refuses_an_observation_no_position_gives(name: str) -> None:
    seen = bremerhaven.observe(_mid_bidding(), 0)
    bremerhaven.determinize(seen, SplitMix64(1))  # the true one is consistent (and memoized)
    broken = BROKEN[name](seen)
    assert broken != seen
    with pytest.raises(InvalidValueError):
        bremerhaven.determinize(broken, SplitMix64(1))


@pytest.mark.rules("BH-OBS-5")
def test_a_sample_keeps_what_is_seen_and_the_same_generator_gives_the_same_sample() -> None:
    state = _mid_bidding()
    seen = bremerhaven.observe(state, 0)
    sample = bremerhaven.determinize(seen, SplitMix64(11))
    assert sample == bremerhaven.determinize(seen, SplitMix64(11))
    assert bremerhaven.observe(sample, 0) == seen
    assert bremerhaven.validate(sample) == ()
    assert sample.players[0] == state.players[0]
    assert [b.value for b in sample.bids if b.seat == 0] == _placed(state, 0)
    others = {bremerhaven.determinize(seen, SplitMix64(s)) for s in range(20)}
    assert len(others) > 1 and any(other != state for other in others)


@pytest.mark.rules("BH-OBS-5")
def test_an_observation_is_checked_once_until_another_is_determinized(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    module = importlib.import_module("bremerhaven.determinize")
    calls: list[GameState] = []
    real = module.validate

    def counting(state: GameState) -> Any:
        calls.append(state)
        return real(state)

    monkeypatch.setattr(module, "validate", counting)
    # Copies, not what observe made: observe's own are not checked at all (below).
    seen = attrs.evolve(bremerhaven.observe(_mid_bidding(), 1))
    equal = attrs.evolve(seen)
    assert equal == seen and equal is not seen
    rng = SplitMix64(3)
    for _ in range(5):
        bremerhaven.determinize(seen, rng)
    assert len(calls) == 1  # the memo: one check for five samples of one observation
    bremerhaven.determinize(equal, rng)
    bremerhaven.determinize(seen, rng)
    assert len(calls) == 3  # each observation that was not the last one is checked again
    assert Counter(type(c) for c in calls) == {GameState: 3}


@pytest.mark.rules("BH-OBS-5")
def test_determinize_checks_an_observation_made_by_hand_but_not_one_observe_made() -> None:
    from bremerhaven.observation import made_by_observe
    from meeplekit.rng import SplitMix64

    state = bremerhaven.new_game(3, seed=4)
    seen = bremerhaven.observe(state, 0)
    assert made_by_observe(seen)
    copy = attrs.evolve(seen)
    assert copy == seen and not made_by_observe(copy)
    broken = attrs.evolve(seen, track=seen.track + 7)  # no position shows this track
    assert not made_by_observe(broken)
    with pytest.raises(bremerhaven.InvalidValueError):
        bremerhaven.determinize(broken, SplitMix64(1))
    assert bremerhaven.observe(bremerhaven.determinize(seen, SplitMix64(1)), 0) == seen


# --------------------------------------------------------------------------- BH-OBS-6


@pytest.mark.rules("BH-OBS-6", "BH-OBS-2")
def test_a_spectator_sees_no_seat_s_placed_values_or_hand() -> None:
    state = _bid(bremerhaven.new_game(3, seed=1), 5)
    assert bidding_open(state)
    spectator = bremerhaven.observe(state, None)
    assert spectator.viewer is None
    assert spectator.bids == tuple(SeenBid(b.space, b.seat, None) for b in state.bids)
    for seat, harbour in enumerate(state.players):
        assert spectator.players[seat] == attrs.evolve(harbour, hand=())
        assert spectator.unseen[seat] == tuple(sorted(harbour.hand + tuple(_placed(state, seat))))
    # What every player sees: any seat's observation without that seat's own values.
    for viewer in range(3):
        assert attrs.evolve(public(bremerhaven.observe(state, viewer)), viewer=None) == spectator
    with pytest.raises(DocumentError, match="spectator"):  # written to show, not read back
        from_json(to_json(spectator))


@pytest.mark.rules("BH-OBS-6", "BH-BID-2")
def test_twin_positions_differing_in_any_seat_s_secret_look_the_same_to_a_spectator() -> None:
    start = _to_bidding(bremerhaven.new_game(3, seed=1))
    high = bremerhaven.apply_move(start, Bid(Space.PERMIT, 5))
    low = bremerhaven.apply_move(start, Bid(Space.PERMIT, 1))
    assert bremerhaven.observe(high, None) == bremerhaven.observe(low, None)
    deck = start.ship_deck  # the order of a stack (BH-OBS-4)
    twin = attrs.evolve(start, ship_deck=(*deck[1:], deck[0]))
    assert twin != start and bremerhaven.validate(twin) == ()
    assert bremerhaven.observe(twin, None) == bremerhaven.observe(start, None)
    # Once every card is placed, the values are public: they show.
    done = _bid(bremerhaven.new_game(3, seed=3), 15)
    assert not bidding_open(done)
    assert bremerhaven.observe(done, None).bids == tuple(
        SeenBid(b.space, b.seat, b.value) for b in done.bids
    )


@pytest.mark.rules("BH-OBS-6")
def test_what_belongs_to_one_seat_is_refused_for_a_spectator() -> None:
    spectator = bremerhaven.observe(_mid_bidding(), None)
    doors: list[Callable[[Any], object]] = [observation_tensor, bremerhaven.code]
    doors.append(lambda seen: bremerhaven.determinize(seen, SplitMix64(1)))
    bots = [RandomBot(1), GreedyBot(1), ISMCTSBot(playouts=2, seed=1)]
    refuses_a_spectator(spectator, InvalidValueError, doors, bots)


@pytest.mark.rules("BH-OBS-6", "BH-VIEW-3", "BH-PIC-2")
def test_the_views_of_a_spectators_observation_are_the_table_as_everyone_sees_it() -> None:
    done = _bid(bremerhaven.new_game(3, seed=3), 15)  # every card placed: values public
    for state in (bremerhaven.new_game(3, seed=2), _mid_bidding(), done):
        spectator = bremerhaven.observe(state, None)
        assert bremerhaven.render(spectator) == bremerhaven.render(state, public=True)
        assert svg.position(spectator) == svg.position(state)
