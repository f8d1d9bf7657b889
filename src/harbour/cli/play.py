"""``harbour play``: a human against bots in the terminal.

The human sees the table as their seat sees it (:func:`harbour.render` with a viewer:
nothing another player keeps secret), a numbered menu of their legal moves (a character
board with its ability, a free building with its action), and the narration of everyone's
moves. They answer with a number or with move notation (:doc:`/spec/notation`); ``help``
(or ``?``) shows the menu and the commands again, ``table`` the table, ``undo`` takes back
their own last decision (and what the bots did after it), ``quit`` (or the end of input)
ends the game. Text that is not a move is answered "Not understood", a move a rule
forbids "Not allowed" with the rule, and the question is asked again. The game's seed
stays secret until the game ends unless the player chose it. :func:`play_game` is the
loop, with input and output as functions so that it can be driven without a terminal.
"""

from __future__ import annotations

import contextlib
import io
import secrets
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any, Final

import click

from harbour.bots import Bot
from harbour.cards.describe import describe_building, describe_effect, describe_symbols
from harbour.cli.common import (
    SEED,
    check_game,
    check_writable,
    load_cards,
    options_from,
    reading_options,
    wrap,
    write_output,
)
from harbour.demo import bot_seed
from harbour.engine import apply_move, apply_move_with_events, legal_moves
from harbour.errors import HarbourError, IllegalMoveError
from harbour.lab import BOT_NAMES, make_bot
from harbour.moves import ChooseCharacter, ChooseFreeBuilding, Move
from harbour.narrate import describe_events, describe_outcome, describe_setup, player_name
from harbour.notation import describe_move, format_move, parse_move
from harbour.observation import observe
from harbour.records import write_record
from harbour.state import GameState
from harbour.view import render

__all__ = ["COMMANDS", "PROMPT", "menu_label", "play", "play_game"]

#: The question asked at each of the human's decisions.
PROMPT: Final = "Your move (number, notation, 'help', 'undo' or 'quit')"

#: What the human may answer, shown by ``help`` (and ``?``).
COMMANDS: Final = "\n".join(
    (
        "Answer with the number of a move in the menu, or with its notation (the text in "
        "brackets; names may be shortened to any start that fits one name only: 'go kiln', "
        "'take 2F', 'buy admiralty'). Or type:",
        "  - help or ?: show the menu and these commands again",
        "  - table: show the table again",
        "  - undo: take back your last decision and what the bots did after it",
        "  - quit: leave the game (the end of input, Ctrl-D, does the same)",
    )
)


class _Quit(Exception):
    """The human ended the game."""


def menu_label(state: GameState, move: Move) -> str:
    """The text of ``move`` in the human's menu: :func:`harbour.notation.describe_move`, more.

    A character board comes with its ability's text and its starting building, a free
    building with its price, points, symbols and action, so that the choice can be made
    from the menu alone.
    """
    label = describe_move(state, move)
    match move:
        case ChooseCharacter(board=index):
            board = state.cards.characters[index]
            ability = f" Ability: {board.text}" if board.text else ""
            label += (
                f".{ability} Starting building (symbols: {describe_symbols(board.symbols)}): "
                f"{describe_effect(board.action)}."
            )
        case ChooseFreeBuilding(card=index):
            label = f"Take for free: {describe_building(state.cards.buildings[index])}"
    return label


def _menu(state: GameState, moves: Sequence[Move]) -> str:
    return "\n".join(
        f"  {number:>3}. {menu_label(state, move)}  [{format_move(state, move)}]"
        for number, move in enumerate(moves, 1)
    )


def _ask(
    state: GameState, seat: int, ask: Callable[[str], str], say: Callable[[str], None]
) -> Move | None:
    """The human's move; ``None`` for ``undo``. Raises :class:`_Quit` for ``quit``."""
    moves = legal_moves(state)
    say(render(state, viewer=seat))
    say(_menu(state, moves))
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
            say(_menu(state, moves))
            say(COMMANDS)
            continue
        if word == "table":
            say(render(state, viewer=seat))
            continue
        if answer.isdecimal():
            if 1 <= int(answer) <= len(moves):
                return moves[int(answer) - 1]
            say(f"Not understood: choose a number from 1 to {len(moves)} ('help' shows the menu).")
            continue
        try:
            return parse_move(state, answer)
        except IllegalMoveError as error:
            say(f"Not allowed: {error}")
        except HarbourError as error:  # MoveParseError, AmbiguousMoveError
            say(f"Not understood: {error} ('help' lists the commands).")


def play_game(
    start: GameState,
    seat: int,
    bots: Sequence[Bot | None],
    ask: Callable[[str], str],
    say: Callable[[str], None],
    *,
    show_seed: bool = False,
    moves: list[Move] | None = None,
    thinking: Callable[[int], AbstractContextManager[object]] | None = None,
) -> GameState:
    """Play ``start`` with the human in ``seat`` and ``bots[s]`` in every other seat.

    ``ask(prompt)`` returns the human's answer (``EOFError``: the input has ended, and the
    human leaves the game); ``say(text)`` shows text. The seed, which would let the human
    recompute the hidden deck and bonus cards, is shown at the start only with
    ``show_seed=True`` (when the human chose it), otherwise when the game ends or the
    human leaves. ``moves``, when given, receives the moves of the game as it stands at
    the end (undone moves left out), for a record. ``thinking(seat)``, when given, is a
    context manager entered while the bot of ``seat`` chooses (a spinner). Returns the
    last state (over, or where the human left).
    """
    say(describe_setup(start, show_seed=show_seed))
    history: list[Move] = []
    state = start
    try:
        while not state.is_over:
            decider = state.decider
            if decider == seat:
                move = _ask(state, seat, ask, say)
                if move is None:
                    state, history = _undo(start, history, seat, say)
                    continue
            else:
                bot = bots[decider]
                assert bot is not None
                with thinking(decider) if thinking else contextlib.nullcontext():
                    move = bot.choose(observe(state, decider))
            after, events = apply_move_with_events(state, move)
            say(describe_events(state, move, events, after))
            history.append(move)
            state = after
    except (_Quit, EOFError) as reason:
        end = "End of input: you" if isinstance(reason, EOFError) else "You"
        say(f"{end} left the game.")
    else:
        say(describe_outcome(state))
    if not show_seed:
        say(f"The game's seed was {start.seed} (--seed {start.seed} deals it again).")
    if moves is not None:
        moves.extend(history)
    return state


def _undo(
    start: GameState, history: list[Move], seat: int, say: Callable[[str], None]
) -> tuple[GameState, list[Move]]:
    """Take back the human's last decision and everything after it."""
    states = [start]
    for move in history:
        states.append(apply_move(states[-1], move))
    for index in range(len(history) - 1, -1, -1):
        if states[index].decider == seat:
            say("Your last decision is taken back.")
            return states[index], history[:index]
    say("You have no decision to take back.")
    return states[-1], history


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


def _interactive() -> bool:
    """Whether standard output is a terminal (then a spinner shows a bot thinking)."""
    return sys.stdout.isatty()


@contextlib.contextmanager
def _spinner(seat: int) -> Iterator[None]:
    """A spinner on standard error while the bot of ``seat`` thinks."""
    from rich.console import Console

    with Console(stderr=True).status(f"{player_name(seat)} is thinking..."):
        yield


@click.command()
@click.option("--players", type=click.IntRange(2, 4), default=3, show_default=True, help="2 to 4")
@click.option(
    "--seat", type=click.IntRange(1, 4), default=1, show_default=True, help="your seat (1 starts)"
)
@click.option(
    "--bot",
    type=click.Choice(BOT_NAMES),
    default="greedy",
    show_default=True,
    help="the other seats' bot",
)
@click.option("--playouts", type=click.IntRange(1), default=1000, show_default=True, help="ismcts")
@click.option(
    "--seed",
    type=SEED,
    default=None,
    help="the game seed (default: a secret random one, shown when the game ends)",
)
@click.option("--cards", default="original", show_default=True, help="'original' or a card file")
@click.option(
    "--record",
    type=click.Path(dir_okay=False, path_type=Path),
    metavar="FILE",
    help="write the game's record (REC-1) to FILE when the game ends or you leave it",
)
@reading_options
def play(**params: Any) -> None:
    """Play a game of Harbour against bots in the terminal.

    Answer each question with the number of a move or its notation; 'help' lists the
    commands. The seed stays secret until the game ends unless you give it.
    """
    players: int = params["players"]
    seat: int = params["seat"] - 1
    if seat >= players:
        raise click.BadParameter(f"seat {seat + 1} of {players} players", param_hint="--seat")
    options = options_from(params)
    cards = load_cards(params["cards"])
    check_game(players, options, cards)
    record: Path | None = params["record"]
    if record is not None:
        check_writable(record, "--record")
    seed: int = params["seed"] if params["seed"] is not None else secrets.randbits(64)
    from harbour.setup import new_game

    start = new_game(players, seed=seed, options=options, cards=cards)
    bots: list[Bot | None] = [
        None if s == seat else make_bot(params["bot"], bot_seed(seed, s), params["playouts"])
        for s in range(players)
    ]
    if isinstance(sys.stdin, io.TextIOWrapper):  # bytes that are not UTF-8 are not moves
        sys.stdin.reconfigure(errors="replace")
    moves: list[Move] = []
    end = play_game(
        start,
        seat,
        bots,
        _prompt,
        _say,
        show_seed=params["seed"] is not None,
        moves=moves,
        thinking=_spinner if _interactive() else None,
    )
    if record is not None:
        tags = {
            "Event": "harbour play",
            **{
                f"Player{s + 1}": "human" if s == seat else f"{params['bot']} bot"
                for s in range(players)
            },
        }
        left = {} if end.is_over else {len(moves): f"{player_name(seat)} left the game"}
        write_output(record, write_record(start, moves, tags=tags, comments=left))
        _say(f"The game's record is in {click.format_filename(record)}.")
