"""The table's play without the web: setups checked, moves stored once, views made for a viewer."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
import pytest

from meeplekit.agents.search import ISMCTSBot
from meeplekit.registry import load_info
from meepletable import service
from meepletable.service import TableError
from meepletable.storage import HUMAN, SQLiteStorage, StorageError
from tests.support.table import first_move, play_out, run_bots

#: The games of this repository (the tests' toy race is registered too, without records).
GAMES = ("harbour", "machikoro", "bremerhaven")
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def storage(tmp_path: Path) -> SQLiteStorage:
    return SQLiteStorage(tmp_path / "tables.db")


@pytest.mark.parametrize("game", GAMES)
def test_a_table_plays_to_the_end_and_its_record_replays(storage: SQLiteStorage, game: str) -> None:
    setup = service.table_setup(game, [HUMAN, "greedy", "random"])
    table, tokens = service.create_table(storage, setup, seed=21)
    assert set(tokens) == {0}
    assert play_out(storage, table) > 0
    info = load_info(game)
    assert info.records is not None
    record = info.records.read(service.record_text(table))
    assert info.records.replay(record)[-1] == table.state
    assert storage.table(table.record.table_id).finished
    final = service.view(table, None)
    assert final["over"] and final["seed"] == "21" and final["moves"] is None
    assert [s["seat"] for s in final["standings"]] == list(info.game.outcome(table.state).ranking)


@pytest.mark.parametrize("game", GAMES)
def test_a_table_loaded_again_is_the_same_game_and_goes_on_alike(
    storage: SQLiteStorage, game: str
) -> None:
    setup = service.table_setup(game, [HUMAN, "random"])
    table, _ = service.create_table(storage, setup, seed=5, table_id="t")
    twin, _ = service.create_table(storage, setup, seed=5, table_id="twin")
    for live in (table, twin):
        run_bots(storage, live)
        for _ in range(3):
            if live.over:
                break
            service.play(storage, live, 0, live.version, first_move(service.view(live, 0)))
            run_bots(storage, live)
    again = service.load_table(storage, "t")
    assert (again.state, again.moves, again.narration) == (
        table.state,
        table.moves,
        table.narration,
    )
    assert service.view(again, 0) == service.view(table, 0)
    # The seed and the people's moves make the game: chance and bots follow from them.
    assert twin.notations == table.notations


def test_a_replay_that_differs_from_its_snapshot_is_refused(storage: SQLiteStorage) -> None:
    table, _ = service.create_table(
        storage, service.table_setup("machikoro", ["random", "random"]), seed=3, table_id="t"
    )
    run_bots(storage, table)
    assert table.over and storage.snapshot("t") is not None
    storage.save_snapshot("t", table.version, "{}")  # the last snapshot, spoilt
    with pytest.raises(StorageError, match="differs from its snapshot"):
        service.load_table(storage, "t")


def test_a_move_is_refused_with_its_rule_when_stale_foreign_or_illegal(
    storage: SQLiteStorage,
) -> None:
    table, _ = service.create_table(storage, service.table_setup("harbour", [HUMAN, HUMAN]), seed=8)
    decider = table.decider
    assert decider is not None
    move = first_move(service.view(table, decider))
    with pytest.raises(TableError) as stale:
        service.play(storage, table, decider, table.version + 1, move)
    assert stale.value.code == "stale"
    with pytest.raises(TableError) as foreign:
        service.play(storage, table, 1 - decider, table.version, move)
    assert foreign.value.code == "not-your-turn"
    with pytest.raises(TableError) as unreadable:
        service.play(storage, table, decider, table.version, "fly to the moon")
    assert unreadable.value.code == "illegal"
    # A move the notation reads but a rule forbids: its rule's ID and reason.
    with pytest.raises(TableError) as illegal:
        service.play(storage, table, decider, table.version, "go kiln")
    assert illegal.value.rule == "TURN-6" and "starting goods" in illegal.value.reason
    assert illegal.value.code == "illegal" and illegal.value.rule
    assert illegal.value.as_dict()["rule"] == illegal.value.rule
    assert table.version == 0 and storage.moves(table.record.table_id) == ()
    service.play(storage, table, decider, 0, move)
    with pytest.raises(TableError) as repeated:  # the same move again: refused, not applied twice
        service.play(storage, table, decider, 0, move)
    assert repeated.value.code == "stale"
    assert len(storage.moves(table.record.table_id)) == 1


@pytest.mark.parametrize(
    ("seats", "reason"),
    [
        (["human"], "seats 2 to"),
        (["human", "robot"], "a seat is one of"),
        (["human"] * 9, "seats 2 to"),
    ],
)
def test_a_setup_is_checked_before_anything_is_stored(seats: list[str], reason: str) -> None:
    with pytest.raises(TableError, match=reason) as refused:
        service.table_setup("harbour", seats)
    assert refused.value.code == "bad-request"


def test_unknown_games_readings_and_values_are_refused_naming_what_there_is() -> None:
    with pytest.raises(TableError, match="harbour"):
        service.table_setup("chess", [HUMAN, HUMAN])
    with pytest.raises(TableError, match="no reading 'colour'"):
        service.table_setup("harbour", [HUMAN, HUMAN], {"colour": "red"})
    info = load_info("harbour")
    field = next(f for f in attrs.fields(info.readings) if not isinstance(f.default, bool))
    with pytest.raises(TableError, match=f"the reading {field.name} is one of"):
        service.table_setup("harbour", [HUMAN, HUMAN], {field.name: "nonsense"})
    with pytest.raises(TableError, match="has no card sets"):
        service.table_setup("machikoro", [HUMAN, HUMAN], card_file=("c.toml", b""))


@pytest.mark.parametrize("game", [g for g in GAMES if load_info(g).variants is not None])
def test_every_reading_given_as_text_is_the_game_s_value(game: str) -> None:
    info = load_info(game)
    for field in attrs.fields(info.readings):
        default = field.default
        values = ["on", "off"] if isinstance(default, bool) else [m.value for m in type(default)]
        for value in values:
            try:
                setup = service.table_setup(game, [HUMAN, HUMAN], {field.name: value})
            except TableError as error:  # a combination the game refuses, said so
                assert error.code == "bad-request"
                continue
            chosen = getattr(setup.readings, field.name)
            assert chosen == (value == "on") if isinstance(default, bool) else chosen.value == value


@pytest.mark.parametrize(
    ("game", "example"),
    [
        ("harbour", "docs/examples/my-cards.toml"),
        ("bremerhaven", "docs/examples/bremerhaven-cards.toml"),
    ],
)
def test_an_uploaded_card_file_is_the_table_s_card_set(
    storage: SQLiteStorage, game: str, example: str
) -> None:
    data = (ROOT / example).read_bytes()
    info = load_info(game)
    assert info.variants is not None
    setup = service.table_setup(game, [HUMAN, HUMAN], card_file=("../../etc/passwd.toml", data))
    assert setup.cards == info.variants.load(str(ROOT / example))
    table, _ = service.create_table(storage, setup, seed=1, table_id="t")
    assert service.load_table(storage, "t").state == table.state
    with pytest.raises(TableError, match=r"a \.toml or \.json"):
        service.table_setup(game, [HUMAN, HUMAN], card_file=("cards.exe", data))
    with pytest.raises(TableError) as broken:
        service.table_setup(game, [HUMAN, HUMAN], card_file=("cards.toml", b"[[ not toml"))
    assert "cards.toml" not in broken.value.reason or "/" not in broken.value.reason


def test_views_are_made_for_their_viewer_only(storage: SQLiteStorage) -> None:
    table, _ = service.create_table(
        storage, service.table_setup("bremerhaven", [HUMAN, HUMAN, HUMAN]), seed=4
    )
    decider = table.decider
    assert decider is not None
    mine, other, watcher = (service.view(table, s) for s in (decider, (decider + 1) % 3, None))
    assert mine["moves"] and other["moves"] is None and watcher["moves"] is None
    assert watcher["summary"] is None and other["summary"]
    info = table.info
    assert mine["text"] == info.views.render(info.game.observe(table.state, decider))
    assert watcher["text"] == info.views.render(info.game.observe(table.state, None))
    assert json.loads(service.dumps(mine)) == mine
    assert service.dumps(mine) == service.dumps(dict(reversed(list(mine.items()))))
    # Every move shown is legal and shown once, grouped as the terminal play groups them.
    shown: list[str] = []

    def walk(entries: list[Any]) -> None:
        for entry in entries:
            if "group" in entry:
                walk(entry["entries"])
            else:
                shown.append(entry["move"])

    walk(mine["moves"])
    notation = info.notation
    assert shown == [notation.format(table.state, m) for m in info.game.legal_moves(table.state)]


def test_twin_tables_differing_in_a_hidden_bid_send_the_other_seats_the_same_views(
    storage: SQLiteStorage,
) -> None:
    setup = service.table_setup("bremerhaven", [HUMAN, HUMAN, HUMAN])
    a, _ = service.create_table(storage, setup, seed=2013, table_id="a")
    b, _ = service.create_table(storage, setup, seed=2013, table_id="b")
    bidder = a.decider
    assert bidder is not None
    service.play(storage, a, bidder, 0, "bid permit 5")
    service.play(storage, b, bidder, 0, "bid permit 1")
    for seat in range(3):
        if seat != bidder:
            assert service.dumps(service.view(a, seat)) == service.dumps(service.view(b, seat))
    assert service.dumps(service.view(a, None)) == service.dumps(service.view(b, None))
    assert service.view(a, bidder) != service.view(b, bidder)


def test_an_open_seat_is_claimed_once_and_only_its_capability_holds(
    storage: SQLiteStorage,
) -> None:
    table, tokens = service.create_table(
        storage, service.table_setup("harbour", [HUMAN, service.OPEN]), seed=2
    )
    assert service.view(table, None)["seats"][1]["kind"] == service.OPEN
    token = service.claim_seat(storage, table, 1)
    with pytest.raises(TableError, match="not open"):
        service.claim_seat(storage, table, 1)
    service.check_capability(table, 1, token)
    for seat, wrong in ((1, tokens[0]), (0, token), (1, token[:-1]), (1, ""), (5, token)):
        with pytest.raises(TableError) as refused:
            service.check_capability(table, seat, wrong)
        assert refused.value.code == "not-your-seat"
    assert service.load_table(storage, table.record.table_id).seats == table.seats


def test_the_record_is_refused_before_the_end(storage: SQLiteStorage) -> None:
    table, _ = service.create_table(storage, service.table_setup("harbour", [HUMAN, HUMAN]))
    with pytest.raises(TableError) as refused:
        service.record_text(table)
    assert refused.value.code == "not-over"
    assert service.view(table, 0)["seed"] is None


def test_the_search_bot_stops_at_its_time_budget() -> None:
    info = load_info("bremerhaven")
    state = info.new_game(3, 1)
    observation = info.game.observe(state, info.game.current_player(state))
    bot = info.bots.make("ismcts", 1, 10**6)
    assert isinstance(bot, ISMCTSBot)
    bot.seconds = 0.05
    assert bot.choose(observation) in info.game.legal_moves(state)  # a million would take hours
    with pytest.raises(ValueError, match="seconds"):
        ISMCTSBot(bot.game, seconds=0.0)
