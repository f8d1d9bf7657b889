"""What every game's demo shares: seeds, reading options, the bot game, quiet broken pipes."""

from __future__ import annotations

import argparse
import enum
import itertools
import os
import sys
from typing import Any

import attrs
import pytest

import harbour
import harbour.demo
import machikoro
from harbour.agents.bots import RandomBot as HarbourRandomBot
from machikoro.agents.bots import RandomBot as MachiKoroRandomBot
from meeplekit.demo import (
    MAX_MOVES,
    add_reading_options,
    bot_seed,
    chance_seed,
    chosen_options,
    option_flag,
    play_game,
    reading_help,
    run_quietly,
    seed_argument,
)
from meeplekit.rng import SplitMix64


class Side(enum.Enum):
    """Which side of the coin counts (X-1)."""

    #: The side with the head.
    HEADS = "heads"
    #: The other side.
    TAILS = "tails"


@attrs.frozen
class Options:
    #: X-1: the side that counts.
    coin_side: Side = attrs.field(default=Side.HEADS, metadata={"rule": "X-1"})
    #: Y-2: play with the extra die.
    extra_die: bool = attrs.field(default=False, metadata={"rule": "Y-2"})


def parser() -> argparse.ArgumentParser:
    found = argparse.ArgumentParser(prog="demo")
    add_reading_options(found, Options)
    return found


def test_a_seed_is_a_whole_number_of_64_bits() -> None:
    assert seed_argument("0") == 0 and seed_argument(str(2**64 - 1)) == 2**64 - 1
    for bad in ("-1", str(2**64), "x", "1.5"):
        with pytest.raises(argparse.ArgumentTypeError):
            seed_argument(bad)


def test_seeds_of_the_bots_and_of_chance_are_the_game_seed_s_outputs() -> None:
    expected = SplitMix64(2014 ^ (2 * 0x9E3779B97F4A7C15)).next_u64()
    assert bot_seed(2014, 1) == expected  # the formula Harbour's demo has always used
    assert harbour.demo.bot_seed is bot_seed
    seeds = {bot_seed(7, seat) for seat in range(5)} | {chance_seed(7)}
    assert len(seeds) == 6 and chance_seed(7) == chance_seed(7) != chance_seed(8)


def test_one_option_per_field_named_after_it() -> None:
    assert option_flag("coin_side") == "coin-side"
    args = parser().parse_args(["--coin-side", "tails", "--extra-die"])
    assert chosen_options(args, Options) == Options(Side.TAILS, True)
    assert chosen_options(parser().parse_args([]), Options) == Options()
    assert chosen_options(parser().parse_args(["--no-extra-die"]), Options) == Options()
    with pytest.raises(SystemExit):
        parser().parse_args(["--coin-side", "edge"])


def test_the_help_says_the_rule_and_each_reading() -> None:
    side, die = attrs.fields(Options)
    assert reading_help(Options, side) == (
        "X-1: Which side of the coin counts. 'heads' (default): The side with the head; "
        "'tails': The other side"
    )
    assert reading_help(Options, die) == "Y-2: Play with the extra die. (default: off)"
    text = " ".join(parser().format_help().split())
    assert "--coin-side {heads,tails}" in text and "--extra-die, --no-extra-die" in text


def test_the_game_is_played_seat_by_seat_and_chance_is_drawn() -> None:
    seen: list[tuple[Any, Any, tuple[Any, ...], Any]] = []
    start = machikoro.new_game(3, seed=4)
    bots = [MachiKoroRandomBot(seat) for seat in range(3)]

    def on_move(before: Any, move: Any, events: tuple[Any, ...], after: Any) -> None:
        seen.append((before, move, events, after))

    end = play_game(machikoro, start, bots, on_move, chance=SplitMix64(9))
    assert machikoro.is_over(end) and seen[0][0] == start and seen[-1][3] == end
    for (_, _, _, after), (before, _, _, _) in itertools.pairwise(seen):
        assert after == before
    for before, move, events, after in seen:
        assert machikoro.apply_move_with_events(before, move) == (after, events)
    # The same seeds give the same game; chance drawn by the game's own sampler also works.
    again = play_game(
        machikoro, start, [MachiKoroRandomBot(seat) for seat in range(3)], lambda *_: None,
        chance=SplitMix64(9),
    )  # fmt: skip
    assert again == end
    sampled = play_game(
        machikoro, start, [MachiKoroRandomBot(seat) for seat in range(3)], lambda *_: None,
        chance=SplitMix64(9), sample=machikoro.sample_chance,
    )  # fmt: skip
    assert machikoro.is_over(sampled)


def test_a_game_with_chance_needs_a_generator_and_a_long_game_is_abandoned() -> None:
    start = machikoro.new_game(2, seed=4)
    bots = [MachiKoroRandomBot(seat) for seat in range(2)]
    with pytest.raises(ValueError, match="chance generator"):
        play_game(machikoro, start, bots, lambda *_: None)
    with pytest.raises(RuntimeError, match="did not end within 5 moves"):
        play_game(machikoro, start, bots, lambda *_: None, chance=SplitMix64(1), max_moves=5)
    # A game without chance during play (Harbour) needs no generator.
    state = harbour.new_game(2, seed=3)
    end = play_game(harbour, state, [HarbourRandomBot(s) for s in range(2)], lambda *_: None)
    assert harbour.is_over(end) and MAX_MOVES == 20_000


def test_a_closed_output_stops_quietly(monkeypatch: pytest.MonkeyPatch) -> None:
    assert run_quietly(lambda: None) == 0
    read, write = os.pipe()
    os.close(read)  # the reader is gone, as ``head`` is once it has read its lines
    with os.fdopen(write, "w") as out:
        monkeypatch.setattr(sys, "stdout", out)

        def demo() -> None:
            out.write("x" * 100_000)
            out.flush()

        assert run_quietly(demo) == 1
        out.write("the flush at exit goes nowhere")
        out.flush()
