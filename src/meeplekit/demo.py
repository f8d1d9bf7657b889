"""What every game's demo shares: its command line's conventions and the seeded bot game.

A game's demo (``python -m harbour.demo``, ``python -m machikoro.demo``) plays one
complete game between seeded bots and narrates it; the same arguments print the same
text, byte for byte. The parts that do not depend on the game live here:

- the command line's conventions: ``--seed`` from 0 to 2**64 - 1 (:func:`seed_argument`),
  one option per field of the game's ``RulesOptions`` named after the field with ``-``
  for ``_`` (:func:`add_reading_options`: ``--FLAG VALUE`` for a reading, whose values are
  its enum's, ``--FLAG``/``--no-FLAG`` for a switch; the help says the rule and every
  value's meaning from the options class's ``#:`` comments, :mod:`meeplekit.options`), and
  the options the arguments chose (:func:`chosen_options`);
- the seeds: each bot's from the game seed and its seat (:func:`bot_seed`), and chance's
  during play (:func:`chance_seed`);
- the game itself (:func:`play_game`): each decision asked of the bot of the seat that
  decides (given that seat's observation only), each chance outcome drawn with its
  probability, each move applied with its events and handed to the caller to narrate;
- the width a demo writes at (:func:`demo_width`): the terminal's when it writes to one,
  80 columns otherwise (:func:`meeplekit.text.output_width`);
- a demo piped into ``head`` stops quietly (:func:`run_quietly`);
- the demo itself for a game registered by name (:func:`main`, ``python -m meeplekit.demo
  GAME``; ``python -m harbour.demo`` calls it): its arguments (:func:`build_parser`) from
  the game's description and its :class:`~meeplekit.info.Demo`, the game set up and its
  bots seated, the game's narration (:attr:`Demo.tell <meeplekit.info.Demo.tell>`) and its
  record.

>>> bot_seed(2014, 0) != bot_seed(2014, 1)
True
>>> seed_argument("7")
7
"""

from __future__ import annotations

import argparse
import enum
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Any, TypeVar

import attrs

from meeplekit.agents.bots import Bot
from meeplekit.info import Demo, GameInfo
from meeplekit.options import field_meaning, field_rule, reading_meaning
from meeplekit.protocol import CHANCE, Game, sample_chance
from meeplekit.registry import load_info
from meeplekit.rng import SplitMix64
from meeplekit.text import output_width, width_problem

__all__ = [
    "MAX_MOVES",
    "add_reading_options",
    "bot_seed",
    "build_parser",
    "chance_seed",
    "chosen_options",
    "demo_width",
    "main",
    "option_flag",
    "play_game",
    "reading_help",
    "run_quietly",
    "seed_argument",
]

#: A safety limit: a game still running after this many moves is abandoned.
MAX_MOVES = 20_000

S = TypeVar("S")
M = TypeVar("M")
O = TypeVar("O")  # noqa: E741 - an options class

# Mixed into the game seed to seed chance during play, apart from the setup's and the bots'.
_CHANCE_SALT = 0xC4A7CE5EED5A17ED


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat``: a SplitMix64 output mixing the game seed and seat."""
    return SplitMix64(game_seed ^ ((seat + 1) * 0x9E3779B97F4A7C15)).next_u64()


def chance_seed(game_seed: int) -> int:
    """The seed of the chance outcomes drawn during play (dice, draws): from the game seed."""
    return SplitMix64(game_seed ^ _CHANCE_SALT).next_u64()


def seed_argument(text: str) -> int:
    """``--seed``'s type: a whole number from 0 to 2**64 - 1, else argparse's usage error."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if not 0 <= value < 2**64:
        raise argparse.ArgumentTypeError(f"the seed must be from 0 to 2**64 - 1, got {value}")
    return value


def option_flag(field_name: str) -> str:
    """The option name (without ``--``) of an options field: ``tie_break`` -> ``tie-break``."""
    return field_name.replace("_", "-")


def reading_help(options: type[Any], field: attrs.Attribute[Any]) -> str:
    """The help of a reading's option: the rule, what it selects, and every value's meaning."""
    text = f"{field_rule(options, field.name)}: {field_meaning(options, field.name)}"
    default = field.default
    if isinstance(default, enum.Enum):
        readings = "; ".join(
            f"'{member.value}'{' (default)' if member is default else ''}: "
            f"{reading_meaning(member).rstrip('.')}"
            for member in type(default)
        )
        return f"{text} {readings}"
    return f"{text} (default: {'on' if default else 'off'})"


def add_reading_options(parser: argparse.ArgumentParser, options: type[Any]) -> None:
    """One option per field of the attrs class ``options``, in field order.

    A reading (an enum field) is ``--FLAG VALUE`` with its enum's values as the choices; a
    switch (a bool field) ``--FLAG``/``--no-FLAG``. Each defaults to ``None`` (not given),
    so :func:`chosen_options` keeps the class's default for it.
    """
    for field in attrs.fields(options):
        flag = option_flag(field.name)
        if isinstance(field.default, enum.Enum):
            parser.add_argument(
                f"--{flag}",
                dest=field.name,
                choices=[member.value for member in type(field.default)],
                default=None,
                help=reading_help(options, field),
            )
        else:
            parser.add_argument(
                f"--{flag}",
                dest=field.name,
                action=argparse.BooleanOptionalAction,
                default=None,
                help=reading_help(options, field),
            )


def chosen_options(args: argparse.Namespace, options: type[O]) -> O:
    """The options the parsed ``args`` chose (each left out keeps its default)."""
    chosen: dict[str, Any] = {}
    kind: Any = options  # an attrs class
    for field in attrs.fields(kind):
        value = getattr(args, field.name)
        if value is None:
            continue
        default = field.default
        chosen[field.name] = type(default)(value) if isinstance(default, enum.Enum) else value
    return options(**chosen)


def play_game(
    game: Game[S, M],
    state: S,
    bots: Sequence[Bot[Any, M]],
    on_move: Callable[[S, M, tuple[Any, ...], S], None],
    *,
    chance: SplitMix64 | None = None,
    sample: Callable[[S, SplitMix64], M] | None = None,
    max_moves: int = MAX_MOVES,
) -> S:
    """Play ``state`` to the end with one bot per seat (:class:`meeplekit.agents.bots.Bot`); the end.

    Each decision goes to the bot of the seat that decides it (``game.current_player``),
    which is given that seat's ``game.observe`` of the state, never the state itself. At a
    chance node the outcome is drawn with ``chance`` (required when the game has chance
    during play): by ``sample(state, chance)`` when given, else with its probability from
    ``game.chance_outcomes`` (:func:`~meeplekit.protocol.sample_chance`). Each move is
    applied with the checked ``game.apply_move_with_events`` (a bot's illegal move raises
    the game's ``IllegalMoveError``) and reported as ``on_move(before, move, events,
    after)``. Raises ``RuntimeError`` if the game runs past ``max_moves`` moves.
    """
    for _ in range(max_moves):
        if game.is_over(state):
            return state
        seat = game.current_player(state)
        move: M
        if seat == CHANCE:
            if chance is None:
                raise ValueError("a game with chance during play needs a chance generator")
            if sample is not None:
                move = sample(state, chance)
            else:
                move = sample_chance(game.chance_outcomes(state), chance)
        else:
            move = bots[seat].choose(game.observe(state, seat))
        after, events = game.apply_move_with_events(state, move)
        on_move(state, move, events, after)
        state = after
    if game.is_over(state):
        return state
    raise RuntimeError(f"the game did not end within {max_moves} moves")


def demo_width(out: IO[str], width: int | None, error: type[Exception]) -> int:
    """The width a demo writes its narration and views at, in columns.

    ``width`` when given, else the terminal's when ``out`` is one and 80 columns when it is
    not (:func:`meeplekit.text.output_width`). A width
    :func:`~meeplekit.text.width_problem` refuses raises ``error`` (the game's
    ``InvalidValueError``).
    """
    if width is None:
        return output_width(out)
    problem = width_problem(width)
    if problem is not None:
        raise error(problem)
    return width


def run_quietly(run: Callable[[], None]) -> int:
    """Call ``run`` (which writes to standard output); the exit status, 0 or 1.

    A demo piped into ``head``, say, finds its output closed: it stops quietly with status
    1 instead of a traceback.
    """
    try:
        run()
    except BrokenPipeError:
        # The recipe of the signal module's documentation: point stdout at devnull so
        # that the flush at exit does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return 0


def build_parser(info: GameInfo[Any, Any]) -> argparse.ArgumentParser:
    """The command line of a game's demo, from its description and its demo.

    ``--players`` (the game's counts, its default), ``--seed`` (the demo's), ``--bot`` (the
    demo's bots, ``greedy`` by default), one option per reading
    (:func:`add_reading_options`), the game's own arguments, ``--record FILE``.
    """
    demo = _demo_of(info)
    parser = argparse.ArgumentParser(
        prog=f"python -m {info.name}.demo",
        description=f"Play one seeded game of {info.title} between bots and narrate it.",
    )
    default = info.players.default
    parser.add_argument(
        "--players",
        type=int,
        choices=tuple(info.players.counts),
        default=default,
        help=f"number of players (default: {default}{demo.players_help})",
    )
    parser.add_argument(
        "--seed",
        type=seed_argument,
        default=demo.seed,
        help=f"game seed, 0 to 2**64-1 (default: {demo.seed})",
    )
    bot = info.bots.default
    parser.add_argument(
        "--bot",
        choices=sorted(demo.bots),
        default=bot,
        help=f"the bot every seat plays (default: {bot})",
    )
    add_reading_options(parser, info.readings)
    if demo.arguments is not None:
        demo.arguments(parser)
    if info.records is not None:
        parser.add_argument(
            "--record",
            metavar="FILE",
            help=f"also write the game's record ({info.records.rule}) to FILE",
        )
    return parser


def _demo_of(info: GameInfo[Any, Any]) -> Demo[Any, Any]:
    if info.demo is None:
        raise LookupError(f"{info.title} has no demo")
    return info.demo


def main(name: str, argv: Sequence[str] | None = None) -> int:
    """Run the demo of the game registered as ``name`` with ``argv`` (default: the process's).

    Prints the setup, the game and the outcome to standard output (the game's
    :attr:`~meeplekit.info.Demo.tell`) and, with ``--record FILE``, writes the game's
    record there; returns the exit status (0; 1 when the output is closed early, as by
    ``head``). Bad arguments, and a game the rules do not allow, make argparse print a
    one-line error to standard error and exit with status 2.
    """
    info = load_info(name)
    demo = _demo_of(info)
    parser = build_parser(info)
    args = parser.parse_args(argv)
    problem = None if demo.check is None else demo.check(args)
    if problem is not None:
        parser.error(problem)
    options = chosen_options(args, info.readings)
    try:
        start = info.new_game(args.players, args.seed, options)
    except ValueError as error:  # a combination the setup refuses
        parser.error(str(error))
    bots = [demo.bots[args.bot](bot_seed(args.seed, seat)) for seat in range(args.players)]

    def run() -> None:
        moves = demo.tell(args, start, bots, sys.stdout)
        record = getattr(args, "record", None)
        if record and info.records is not None:
            seats = {f"Player{seat + 1}": f"{args.bot} bot" for seat in range(len(bots))}
            text = info.records.write(start, moves, tags={"Event": f"{name} demo", **seats})
            Path(record).write_text(text, encoding="utf-8")
            sys.stderr.write(f"The game's record is in {record}.\n")

    return run_quietly(run)


if __name__ == "__main__":  # python -m meeplekit.demo GAME [options]
    raise SystemExit(main(sys.argv[1], sys.argv[2:]) if len(sys.argv) > 1 else 2)
