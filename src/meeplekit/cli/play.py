"""``GAME play``: a human against bots in the terminal, for any game.

The human sees the table as their seat sees it (the game's view with a viewer: nothing
another player keeps secret), a numbered menu of their legal moves (the game's menu
labels, each with its notation in brackets), and the narration of every move, the
bots' and chance's. They answer with a number or with move notation; ``help`` (or ``?``)
shows the menu and the commands again, ``table`` the table, ``undo`` takes back their own
last decision (and what the bots did after it), ``quit`` (or the end of input) ends the
game. Text that is not a move is answered "Not understood", a move a rule forbids "Not
allowed" with the rule, and the question is asked again.

The game's seed stays secret until the game ends unless the player chose it: it fixes
the setup's hidden draws and, in a game with chance during play, every roll and draw to
come, which the command draws itself from a generator seeded from the game's seed
(:func:`meeplekit.demo.chance_seed`, as every game's demo draws them). ``undo`` never
takes back a chance outcome: what chance decided stays decided.

:func:`play_game` is the loop, with input and output as functions so that it can be
driven without a terminal; :func:`play_command` makes a game's ``play`` command.
"""

from __future__ import annotations

import contextlib
import io
import secrets
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any, Final, TypeVar

import click

from meeplekit.bots import Bot
from meeplekit.cli.common import (
    SEED,
    check_game,
    check_writable,
    options_from,
    reading_options,
    variant_from,
    variant_parameters,
    wrap,
    write_output,
)
from meeplekit.cli.pieces import GamePieces
from meeplekit.demo import bot_seed, chance_seed
from meeplekit.errors import IllegalMoveError, RulesError
from meeplekit.protocol import CHANCE
from meeplekit.rng import SplitMix64

__all__ = [
    "PROMPT",
    "Thinking",
    "commands_help",
    "interactive",
    "menu",
    "play_command",
    "play_game",
    "spinner",
]

S = TypeVar("S")
M = TypeVar("M")

#: The question asked at each of the human's decisions.
PROMPT: Final = "Your move (number, notation, 'help', 'undo' or 'quit')"

#: A context manager entered while the bot of a seat chooses (a spinner), by seat.
Thinking = Callable[[int], AbstractContextManager[object]]


def commands_help(pieces: GamePieces[Any, Any]) -> str:
    """What the human may answer, shown by ``help`` (and ``?``): numbers, notation, commands."""
    undo = "  - undo: take back your last decision and what the bots did after it"
    if pieces.chance:
        undo += f" (not past chance: {pieces.chance} are never taken back)"
    return "\n".join(
        (
            "Answer with the number of a move in the menu, or with its notation (the text in "
            "brackets; names may be shortened to any start that fits one name only: "
            f"{pieces.notation.examples}). Or type:",
            "  - help or ?: show the menu and these commands again",
            "  - table: show the table again",
            undo,
            "  - quit: leave the game (the end of input, Ctrl-D, does the same)",
        )
    )


class _Quit(Exception):
    """The human ended the game."""


def menu(pieces: GamePieces[S, M], state: S, moves: Sequence[M]) -> str:
    """The numbered menu of ``moves``: each move's label and, in brackets, its notation."""
    notation = pieces.notation
    return "\n".join(
        f"  {number:>3}. {notation.label(state, move)}  [{notation.format(state, move)}]"
        for number, move in enumerate(moves, 1)
    )


def _ask(
    pieces: GamePieces[S, M],
    state: S,
    seat: int,
    ask: Callable[[str], str],
    say: Callable[[str], None],
) -> M | None:
    """The human's move; ``None`` for ``undo``. Raises :class:`_Quit` for ``quit``."""
    moves = pieces.game.legal_moves(state)
    say(pieces.view(state, seat))
    say(menu(pieces, state, moves))
    while True:
        answer = ask(PROMPT).strip()
        word = answer.lower()
        if not answer:
            continue
        if word in ("quit", "exit"):
            raise _Quit
        if word == "undo":
            return None
        if word in ("help", "?"):
            say(menu(pieces, state, moves))
            say(commands_help(pieces))
            continue
        if word == "table":
            say(pieces.view(state, seat))
            continue
        if answer.isdecimal():
            if 1 <= int(answer) <= len(moves):
                return moves[int(answer) - 1]
            say(f"Not understood: choose a number from 1 to {len(moves)} ('help' shows the menu).")
            continue
        try:
            return pieces.notation.parse(state, answer)
        except IllegalMoveError as error:
            say(f"Not allowed: {error}")
        except RulesError as error:  # the game's MoveParseError, AmbiguousMoveError
            say(f"Not understood: {error} ('help' lists the commands).")


def play_game(
    pieces: GamePieces[S, M],
    start: S,
    seat: int,
    bots: Sequence[Bot[Any, M] | None],
    ask: Callable[[str], str],
    say: Callable[[str], None],
    *,
    seed: int,
    show_seed: bool = False,
    moves: list[M] | None = None,
    thinking: Thinking | None = None,
    chance: SplitMix64 | None = None,
) -> S:
    """Play ``start`` with the human in ``seat`` and ``bots[s]`` in every other seat.

    ``ask(prompt)`` returns the human's answer (``EOFError``: the input has ended, and the
    human leaves the game); ``say(text)`` shows text. ``seed`` is the game's seed: shown
    at the start only with ``show_seed=True`` (when the human chose it), otherwise when
    the game ends or the human leaves. Chance outcomes are drawn with ``chance`` (by
    default a generator seeded with :func:`meeplekit.demo.chance_seed` of ``seed``) by the
    game's sampler, and narrated as the other moves are. ``moves``, when given, receives
    the moves of the game as it stands at the end (undone moves left out, chance
    outcomes in), for a record. ``thinking(seat)``, when given, is a context manager
    entered while the bot of ``seat`` chooses (a spinner). Returns the last state (over,
    or where the human left).
    """
    game, narration = pieces.game, pieces.narration
    rng = SplitMix64(chance_seed(seed)) if chance is None else chance
    say(narration.setup(start, show_seed))
    history: list[M] = []
    state = start
    try:
        while not game.is_over(state):
            decider = game.current_player(state)
            move: M | None
            if decider == seat:
                move = _ask(pieces, state, seat, ask, say)
                if move is None:
                    state, history = _undo(pieces, start, history, seat, say)
                    continue
            elif decider == CHANCE:
                move = pieces.draw(state, rng)
            else:
                bot = bots[decider]
                assert bot is not None
                with thinking(decider) if thinking else contextlib.nullcontext():
                    move = bot.choose(game.observe(state, decider))
            after, events = game.apply_move_with_events(state, move)
            say(narration.events(state, move, events, after))
            history.append(move)
            state = after
    except (_Quit, EOFError) as reason:
        end = "End of input: you" if isinstance(reason, EOFError) else "You"
        say(f"{end} left the game.")
    else:
        say(narration.outcome(state))
    if not show_seed:
        say(f"The game's seed was {seed} (--seed {seed} deals it again).")
    if moves is not None:
        moves.extend(history)
    return state


def _undo(
    pieces: GamePieces[S, M],
    start: S,
    history: list[M],
    seat: int,
    say: Callable[[str], None],
) -> tuple[S, list[M]]:
    """Take back the human's last decision and everything after it, unless chance came after."""
    game = pieces.game
    states = [start]
    for move in history:
        states.append(game.apply_move(states[-1], move))
    deciders = [game.current_player(state) for state in states[:-1]]
    mine = [index for index, decider in enumerate(deciders) if decider == seat]
    if not mine:
        say("You have no decision to take back.")
        return states[-1], history
    last = mine[-1]
    if CHANCE in deciders[last:]:
        say(
            "Your last decision cannot be taken back: chance has decided since, and "
            f"{pieces.chance} are never taken back."
        )
        return states[-1], history
    say("Your last decision is taken back.")
    return states[last], history[:last]


def _prompt(text: str) -> str:
    """The terminal's answer; ``EOFError`` at the end of input (Ctrl-D) or on Ctrl-C."""
    try:
        return str(click.prompt(text, default="", show_default=False, type=str))
    except click.Abort:
        click.echo()  # the prompt's line ends here
        raise EOFError from None
    except UnicodeDecodeError:  # standard input could not be set to replace bad bytes
        return "\N{REPLACEMENT CHARACTER}"


def _say(text: str) -> None:
    click.echo(wrap(text))


def interactive() -> bool:
    """Whether standard output is a terminal (then a spinner shows a bot thinking)."""
    return sys.stdout.isatty()


def spinner(pieces: GamePieces[Any, Any]) -> Thinking:
    """A spinner on standard error while the bot of a seat thinks (:data:`Thinking`)."""

    @contextlib.contextmanager
    def spin(seat: int) -> Iterator[None]:
        from rich.console import Console

        with Console(stderr=True).status(f"{pieces.narration.player(seat)} is thinking..."):
            yield

    return spin


def _default_thinking(pieces: GamePieces[Any, Any]) -> Callable[[], Thinking | None]:
    return lambda: spinner(pieces) if interactive() else None


def play_command(
    pieces: GamePieces[Any, Any],
    *,
    thinking: Callable[[], Thinking | None] | None = None,
) -> click.Command:
    """The ``play`` command of a game: a human against the game's bots in the terminal.

    ``thinking()``, called when the game starts, gives the context manager shown while a
    bot thinks, or ``None`` (default: a spinner when standard output is a terminal).
    """
    lab = pieces.lab
    when_thinking = _default_thinking(pieces) if thinking is None else thinking
    chance = (
        f" Chance ({pieces.chance}) is drawn by the command from the game's seed."
        if pieces.chance
        else ""
    )

    def run(**params: Any) -> None:
        players: int = params["players"]
        seat: int = params["seat"] - 1
        if seat >= players:
            raise click.BadParameter(f"seat {seat + 1} of {players} players", param_hint="--seat")
        options = options_from(pieces.options, params)
        variant = variant_from(pieces, params)
        check_game(lab, players, options, variant)
        record: Path | None = params["record"]
        if record is not None:
            check_writable(record, "--record")
        seed: int = params["seed"] if params["seed"] is not None else secrets.randbits(64)
        start = lab.new_game(players, seed, options, variant)
        bots: list[Bot[Any, Any] | None] = [
            None
            if s == seat
            else lab.make_bot(params["bot"], bot_seed(seed, s), params["playouts"])
            for s in range(players)
        ]
        if isinstance(sys.stdin, io.TextIOWrapper):  # bytes that are not UTF-8 are not moves
            sys.stdin.reconfigure(errors="replace")
        moves: list[Any] = []
        end = play_game(
            pieces,
            start,
            seat,
            bots,
            _prompt,
            _say,
            seed=seed,
            show_seed=params["seed"] is not None,
            moves=moves,
            thinking=when_thinking(),
        )
        if record is not None:
            tags = {
                "Event": f"{pieces.name} play",
                **{
                    f"Player{s + 1}": "human" if s == seat else f"{params['bot']} bot"
                    for s in range(players)
                },
            }
            left = (
                {}
                if pieces.game.is_over(end)
                else {len(moves): f"{pieces.narration.player(seat)} left the game"}
            )
            write_output(record, pieces.records.write(start, moves, tags, left))
            _say(f"The game's record is in {click.format_filename(record)}.")

    span = f"{lab.min_players} to {lab.max_players}"
    params: list[click.Parameter] = [
        click.Option(
            ["--players"],
            type=click.IntRange(lab.min_players, lab.max_players),
            default=min(max(3, lab.min_players), lab.max_players),
            show_default=True,
            help=span,
        ),
        click.Option(
            ["--seat"],
            type=click.IntRange(1, lab.max_players),
            default=1,
            show_default=True,
            help="your seat (1 starts)",
        ),
        click.Option(
            ["--bot"],
            type=click.Choice(lab.bot_names),
            default=lab.default_bot,
            show_default=True,
            help="the other seats' bot",
        ),
        click.Option(
            ["--playouts"], type=click.IntRange(1), default=1000, show_default=True, help="ismcts"
        ),
        click.Option(
            ["--seed"],
            type=SEED,
            default=None,
            help="the game seed (default: a secret random one, shown when the game ends)",
        ),
    ]
    params.extend(variant_parameters(pieces))
    params.append(
        click.Option(
            ["--record"],
            type=click.Path(dir_okay=False, path_type=Path),
            metavar="FILE",
            help=(
                f"write the game's record ({pieces.records.rule}) to FILE when the game ends "
                "or you leave it"
            ),
        )
    )
    command = click.Command(
        "play",
        callback=run,
        params=params,
        help=(
            f"Play a game of {pieces.title} against bots in the terminal.\n\n"
            "Answer each question with the number of a move or its notation; 'help' lists "
            "the commands. The seed stays secret until the game ends unless you give it."
            f"{chance}"
        ),
    )
    return reading_options(pieces.options)(command)
