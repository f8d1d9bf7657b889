"""``GAME play``: a human against bots in the terminal, for any game.

The human sees the table as their seat sees it (the game's view with a viewer: nothing
another player keeps secret) when play passes to them, and a menu of their legal moves
that fits the screen (an 80x24 terminal included): every move, each with its label and,
in brackets, its notation, when they fit below what matters now (the table, or the game's
summary of it when the table does not fit with the menu); otherwise a first menu of
groups (the game's: Bremerhaven's bids by space, Machi Koro's buildings by colour, ...),
each number showing a group's moves, and groups of groups as deep as the screen needs
(:func:`menu_tree`). They answer with a number or with move notation, whose words may be
shortened to any start that fits one legal move only (:func:`complete`). The narration
tells every move, the bots' and chance's. Text that is not a move is answered "Not
understood", a move a rule forbids "Not allowed" with the rule, and the question is
asked again without showing anything else again.

Besides moves the human may type (:func:`commands_help`): ``help`` (or ``?``), ``moves``
(the menu again), ``back`` (or ``0``: the groups again), ``board`` (or ``table``: the
table again), ``rule ID`` (a clause of the game's specification, as ``GAME rule``
prints it), ``cards NAME`` (a card, as ``GAME cards`` shows it), ``undo`` (their own last
decision and what the others did after it) and ``quit`` (or the end of input).

The game's seed stays secret until the game ends unless the player chose it: it fixes
the setup's hidden draws and, in a game with chance during play, every roll and draw to
come, which the command draws itself from a generator seeded from the game's seed
(:func:`meeplekit.demo.chance_seed`, as every game's demo draws them). ``undo`` never
takes back a chance outcome: what chance decided stays decided.

:func:`play_game` is the loop, with input, output and the screen's size as functions so
that it can be driven without a terminal; :func:`play_command` makes a game's ``play``
command.
"""

from __future__ import annotations

import contextlib
import io
import secrets
import shutil
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any, Final, Generic, TypeVar

import attrs
import click
from click.core import ParameterSource

from meeplekit.agents.bots import Bot
from meeplekit.cli.common import (
    SEED,
    check_game,
    check_writable,
    options_from,
    reading_options,
    records_of,
    terminal_width,
    variant_from,
    variant_parameters,
    wrap,
    write_output,
)
from meeplekit.cli.position import codes_of
from meeplekit.cli.reference import card_text, rule_text
from meeplekit.demo import bot_seed, chance_seed
from meeplekit.errors import IllegalMoveError, RulesError
from meeplekit.info import GameInfo
from meeplekit.protocol import CHANCE
from meeplekit.rng import SplitMix64
from meeplekit.views.menu import Menu, MenuGroup, height, move_line
from meeplekit.views.menu import menu_tree as shared_menu_tree

__all__ = [
    "PROMPT",
    "MenuGroup",
    "Screen",
    "Thinking",
    "commands_help",
    "complete",
    "interactive",
    "menu",
    "menu_tree",
    "play_command",
    "play_game",
    "spinner",
    "terminal_rows",
    "terminal_screen",
]

S = TypeVar("S")
M = TypeVar("M")

#: The question asked at each of the human's decisions.
PROMPT: Final = "Your move (number, notation, 'help', 'undo' or 'quit')"

#: A context manager entered while the bot of a seat chooses (a spinner), by seat.
Thinking = Callable[[int], AbstractContextManager[object]]

#: The screen's size, ``(columns, rows)``, asked before each menu.
Screen = Callable[[], tuple[int, int]]

#: The screen's size when standard output is not a terminal.
_DEFAULT_SIZE: Final = (80, 24)
#: A menu level gets at least this many lines, however small the screen.
_MIN_MENU: Final = 3
#: A level's header and the prompt: the lines besides a menu's entries.
_AROUND_MENU: Final = 2
#: The most candidates an ambiguous answer names.
_CANDIDATES: Final = 6
#: The most digits of a number read as a menu's entry (longer is no entry, not a crash).
_DIGITS: Final = 9


def terminal_rows() -> int:
    """The terminal's height in lines; 24 when standard output is not a terminal."""
    return max(_MIN_MENU + _AROUND_MENU, shutil.get_terminal_size(_DEFAULT_SIZE).lines)


def terminal_screen() -> tuple[int, int]:
    """The screen :func:`play_game` fits: the width text is wrapped to, the terminal's rows."""
    return terminal_width(), terminal_rows()


def commands_help(info: GameInfo[Any, Any]) -> str:
    """What the human may answer, shown by ``help`` (and ``?``): numbers, notation, commands."""
    undo = "  - undo: take back your last decision and what the others did after it"
    if info.chance.during_play:
        undo += f" (never past chance: {info.chance.during_play} are never taken back)"
    rule = info.rule_examples.split()[0] if info.rule_examples else "ID"
    return "\n".join(
        (
            "Answer with the number of a move, or of a group of moves, in the menu; or with "
            "a move's notation (the text in brackets), each word shortened to any start that "
            f"fits one move only ({info.notation.examples}). Or type:",
            "  - help or ?: these commands, then the menu again",
            "  - moves: the menu again; back (or 0): the groups again",
            "  - board (or table): the table again",
            *(
                (f"  - rule ID: a rule of the specification (rule {rule})",)
                if info.specification is not None
                else ()
            ),
            *(
                ("  - cards NAME: a card in full; cards: the names of the cards",)
                if info.cards is not None
                else ()
            ),
            *(
                ("  - code: your position's code, as your seat sees it (one line to share)",)
                if codes_of(info) is not None
                else ()
            ),
            undo,
            "  - quit: leave the game (the end of input, Ctrl-D, does the same)",
        )
    )


class _Quit(Exception):
    """The human ended the game."""


@attrs.frozen
class _Undo:
    """The human takes back the moves from ``cut`` on."""

    cut: int


def menu(info: GameInfo[S, M], state: S, moves: Sequence[M]) -> str:
    """The numbered menu of ``moves``: each move's label and, in brackets, its notation."""
    return "\n".join(_move_line(info, state, number, move) for number, move in enumerate(moves, 1))


def _move_line(info: GameInfo[S, M], state: S, number: int, move: M) -> str:
    return move_line(info.notation, state, number, move)


def menu_tree(
    info: GameInfo[S, M], state: S, moves: Sequence[M], lines: int, width: int
) -> MenuGroup[M]:
    """The menu of ``moves`` in levels that each fit ``lines`` lines ``width`` columns wide.

    :func:`meeplekit.views.menu.menu_tree` with the game's notation (``info.notation``).
    """
    return shared_menu_tree(info.notation, state, moves, max(lines, _MIN_MENU), width)


def complete(info: GameInfo[S, M], state: S, moves: Sequence[M], text: str) -> list[M]:
    """The moves of ``moves`` whose notation ``text`` may be short for, in their order.

    Each word typed must start a word of the move's notation, in order (case does not
    matter): ``b s 3`` is short for ``bid sea-1 3`` and ``bid sea-2 3``; a typed
    notation that is a move's whole notation names that move only.
    """
    typed = text.casefold().split()
    if not typed:
        return []
    found: list[M] = []
    for move in moves:
        words = info.notation.format(state, move).casefold().split()
        if typed == words:
            return [move]
        if len(typed) <= len(words) and all(
            word.startswith(part) for part, word in zip(typed, words, strict=False)
        ):
            found.append(move)
    return found


# --------------------------------------------------------------------------- the human


class _Human(Generic[S, M]):
    """The human's side of the loop: shows the table and the menu, reads their answers."""

    def __init__(
        self,
        info: GameInfo[S, M],
        seat: int,
        ask: Callable[[str], str],
        say: Callable[[str], None],
        screen: Screen,
        catalogue: Callable[[], Any],
        verbatim: Callable[[str], None],
    ) -> None:
        self.info, self.seat, self.ask, self.say = info, seat, ask, say
        self.screen, self.catalogue, self.verbatim = screen, catalogue, verbatim

    def decide(
        self,
        state: S,
        show_table: bool,
        undo: Callable[[], int | None],
    ) -> M | _Undo:
        """The human's move in ``state``, or what ``undo`` takes back; ``_Quit`` to leave.

        ``show_table``: play has just passed to the human, so the table is shown first.
        ``undo()`` says what it does and returns where the moves are cut, or ``None``.
        """
        info, say = self.info, self.say
        moves = info.game.legal_moves(state)
        columns, rows = self.screen()
        builder = Menu(info.notation, state, columns)
        table = info.views.render(state, self.seat)
        summary: str | None = None
        if show_table:
            say(table)
        if show_table and height(table, columns) + builder.height(moves) + _AROUND_MENU <= rows:
            tree = MenuGroup("", tuple(moves), len(moves))  # the table and every move fit
        else:
            summary = info.views.summarize(state, self.seat)
            lines = rows - height(summary, columns) - _AROUND_MENU
            tree = menu_tree(info, state, moves, lines, columns)
        path: list[MenuGroup[M]] = [tree]
        self._level(builder, path, summary)
        while True:
            answer = self.ask(PROMPT).strip()
            if not answer:
                continue
            words = answer.split(maxsplit=1)
            word, rest = words[0].lower(), words[1] if len(words) > 1 else ""
            if word in ("quit", "exit") and not rest:
                raise _Quit
            if word == "undo" and not rest:
                cut = undo()
                if cut is not None:
                    return _Undo(cut)
                continue
            if word in ("help", "?") and not rest:
                say(commands_help(info))
                self._level(builder, path, summary)
                continue
            if word in ("board", "table") and not rest:
                say(table)
                continue
            if word in ("moves", "menu") and not rest:
                self._level(builder, path, summary)
                continue
            if word in ("back", "0") and not rest:
                if len(path) > 1:
                    path.pop()
                self._level(builder, path, summary)
                continue
            if word == "rule":
                self._rule(rest, columns)
                continue
            if word == "cards":
                self._cards(rest, columns)
                continue
            if word == "code" and not rest:
                self._code(state)
                continue
            if answer.isdecimal():
                entries = path[-1].entries
                if len(answer) > _DIGITS or not 1 <= int(answer) <= len(entries):
                    say(
                        f"Not understood: choose a number from 1 to {len(entries)} "
                        "('help' shows the menu)."
                    )
                    continue
                entry = entries[int(answer) - 1]
                if not isinstance(entry, MenuGroup):
                    return entry
                path.append(entry)
                self._level(builder, path, summary)
                continue
            move = self._read(state, moves, answer)
            if move is not None:
                return move

    def _level(
        self, builder: Menu[S, M], path: Sequence[MenuGroup[M]], summary: str | None
    ) -> None:
        """Show the menu's level at the end of ``path``: its header line, then its entries.

        The summary comes first when it is given (the table and every move did not fit
        together).
        """
        group = path[-1]
        if len(path) > 1:
            header = f"{group.label} ('0' goes back):"
        elif any(isinstance(entry, MenuGroup) for entry in group.entries):
            header = f"Your {group.size} moves, in groups ('board' shows the table):"
        else:
            header = "Your moves ('board' shows the table):"
        if len(header) > builder.width:  # one line, whatever the label
            header = header[: builder.width - 1] + "\N{HORIZONTAL ELLIPSIS}"
        if summary is not None:
            self.say(summary)
        self.say(header)
        lines = (builder.line(n, entry) for n, entry in enumerate(group.entries, 1))
        self.say(wrap("\n".join(lines), builder.width))

    def _read(self, state: S, moves: Sequence[M], answer: str) -> M | None:
        """The move ``answer`` names, or ``None`` when it names none (the human is told)."""
        info = self.info
        try:
            return info.notation.parse(state, answer)
        except IllegalMoveError as error:
            self.say(f"Not allowed: {error}")
            return None
        except RulesError as error:  # the game's MoveParseError, AmbiguousMoveError
            found = complete(info, state, moves, answer)
            if len(found) == 1:
                return found[0]
            if not found:
                self.say(f"Not understood: {error} ('help' lists the commands).")
                return None
        names = [info.notation.format(state, move) for move in found]
        more = f" and {len(names) - _CANDIDATES} more" if len(names) > _CANDIDATES else ""
        self.say(
            f"Not understood: {answer!r} could be {', '.join(names[:_CANDIDATES])}{more} "
            "(type more of it)."
        )
        return None

    def _rule(self, rule_id: str, width: int) -> None:
        info = self.info
        if info.specification is None:
            self.say(f"{info.title} has no specification.")
            return
        if not rule_id:
            self.say(
                f"Type 'rule' and a rule's ID, for example 'rule {info.rule_examples.split()[0]}'"
                f" ('{info.name} rule' lists them all)."
            )
            return
        try:
            self.say(rule_text(info, rule_id, width, command=f"{info.name} rule").rstrip())
        except click.ClickException as error:
            self.say(f"Not found: {error.format_message()}.")

    def _code(self, state: S) -> None:
        """Say the code of what the human's seat sees of ``state``: one line, never wrapped."""
        codes = codes_of(self.info)
        if codes is None:
            self.say(f"{self.info.title} has no position codes.")
            return
        self.say(
            f"Your position's code, as your seat sees it ('{self.info.name} position CODE' "
            "shows it):"
        )
        self.verbatim(codes.code(state, viewer=self.seat))

    def _cards(self, name: str, width: int) -> None:
        cards, catalogue = self.info.cards, self.catalogue()
        if cards is None:
            self.say(f"{self.info.title} has no cards.")
            return
        if not name:
            names = ", ".join(dict.fromkeys(card.name for card in cards.entries(catalogue)))
            self.say(
                wrap(f"{cards.title(catalogue)}: {names}. 'cards NAME' shows one in full.", width)
            )
            return
        try:
            self.say(card_text(self.info, catalogue, name, width, command="cards"))
        except click.ClickException as error:
            self.say(f"Not found: {error.format_message()}.")


def play_game(
    info: GameInfo[S, M],
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
    screen: Screen | None = None,
    verbatim: Callable[[str], None] | None = None,
) -> S:
    """Play ``start`` with the human in ``seat`` and ``bots[s]`` in every other seat.

    ``ask(prompt)`` returns the human's answer (``EOFError``: the input has ended, and the
    human leaves the game); ``say(text)`` shows text. ``screen()`` gives the screen's
    ``(columns, rows)`` that every menu fits (default :func:`terminal_screen`); menus are
    wrapped to its columns. The table is shown when play passes to the human: at their
    first decision, after another seat has moved and after an ``undo`` that took back
    another seat's moves; then on request (``board``). ``seed`` is the game's seed: shown
    at the start only with ``show_seed=True`` (when the human chose it), otherwise when
    the game ends or the human leaves. Chance outcomes are drawn with ``chance`` (by
    default a generator seeded with :func:`meeplekit.demo.chance_seed` of ``seed``) by the
    game's sampler, and narrated as the other moves are. ``moves``, when given, receives
    the moves of the game as it stands at the end (undone moves left out, chance
    outcomes in), for a record. ``thinking(seat)``, when given, is a context manager
    entered while the bot of ``seat`` chooses (a spinner). ``verbatim(text)`` shows a line
    that must not be wrapped, a position code (default ``say``). Returns the last state (over,
    or where the human left).
    """
    game, narration = info.game, info.narration
    rng = SplitMix64(chance_seed(seed)) if chance is None else chance
    human = _Human(
        info,
        seat,
        ask,
        say,
        terminal_screen if screen is None else screen,
        lambda: info.catalogue(start),
        say if verbatim is None else verbatim,
    )
    say(narration.describe_setup(start, show_seed=show_seed))
    history: list[M] = []
    states = [start]
    deciders: list[int] = []
    table_due = True
    try:
        while not game.is_over(states[-1]):
            state = states[-1]
            decider = game.current_player(state)
            if decider == seat:
                answer = human.decide(state, table_due, lambda: _undo(info, deciders, seat, say))
                table_due = False
                if isinstance(answer, _Undo):
                    table_due = any(d not in (seat, CHANCE) for d in deciders[answer.cut :])
                    del history[answer.cut :], deciders[answer.cut :], states[answer.cut + 1 :]
                    continue
                move = answer
            elif decider == CHANCE:
                move = info.draw(state, rng)
            else:
                bot = bots[decider]
                assert bot is not None
                with thinking(decider) if thinking else contextlib.nullcontext():
                    move = bot.choose(game.observe(state, decider))
                table_due = True
            after, events = game.apply_move_with_events(state, move)
            say(narration.describe_events(state, move, events, after))
            history.append(move)
            deciders.append(decider)
            states.append(after)
    except (_Quit, EOFError) as reason:
        end = "End of input: you" if isinstance(reason, EOFError) else "You"
        say(f"{end} left the game.")
    else:
        say(narration.describe_outcome(states[-1]))
    if not show_seed:
        say(f"The game's seed was {seed} (--seed {seed} deals it again).")
    if moves is not None:
        moves.extend(history)
    return states[-1]


def _undo(
    info: GameInfo[Any, Any], deciders: Sequence[int], seat: int, say: Callable[[str], None]
) -> int | None:
    """Where to cut the moves to take back the human's last decision, unless chance came after.

    Says what it does; ``None`` when nothing is taken back.
    """
    mine = [index for index, decider in enumerate(deciders) if decider == seat]
    if not mine:
        say("You have no decision to take back.")
        return None
    last = mine[-1]
    if CHANCE in deciders[last:]:
        say(
            "Your last decision cannot be taken back: chance has decided since, and "
            f"{info.chance.during_play} are never taken back."
        )
        return None
    say("Your last decision is taken back.")
    return last


# --------------------------------------------------------------------------- the terminal


def _prompt(text: str) -> str:
    """The terminal's answer; ``EOFError`` at the end of input (Ctrl-D) or on Ctrl-C.

    Standard input that is closed or cannot be read ends the input too.
    """
    try:
        return str(click.prompt(text, default="", show_default=False, type=str))
    except click.Abort:
        click.echo()  # the prompt's line ends here
        raise EOFError from None
    except UnicodeDecodeError:  # standard input could not be set to replace bad bytes
        return "\N{REPLACEMENT CHARACTER}"
    except (RuntimeError, OSError, ValueError):  # "lost sys.stdin", a folder, a closed file
        click.echo()
        raise EOFError from None


def _say(text: str) -> None:
    click.echo(wrap(text))


def _check_input() -> None:
    """Stop with a one-line error, before any game, when there is no standard input."""
    stdin = sys.stdin
    if stdin is None or stdin.closed:
        raise click.ClickException("standard input is closed; play reads your answers from it")


def interactive() -> bool:
    """Whether standard output is a terminal (then a spinner shows a bot thinking)."""
    return sys.stdout.isatty()


def spinner(info: GameInfo[Any, Any]) -> Thinking:
    """A spinner on standard error while the bot of a seat thinks (:data:`Thinking`)."""

    @contextlib.contextmanager
    def spin(seat: int) -> Iterator[None]:
        from rich.console import Console

        with Console(stderr=True).status(f"{info.narration.player_name(seat)} is thinking..."):
            yield

    return spin


def _default_thinking(info: GameInfo[Any, Any]) -> Callable[[], Thinking | None]:
    return lambda: spinner(info) if interactive() else None


#: ``play``'s parameters that ``--position`` leaves free: the rest the position fixes.
_FREE_WITH_POSITION: Final = frozenset(
    {"seat", "bot", "playouts", "seconds", "seed", "record", "position"}
)


def _position(info: GameInfo[S, M], code: str, params: dict[str, Any]) -> S:
    """The whole position ``code`` names (``play --position``), or a usage error."""
    context = click.get_current_context()
    fixed = sorted(
        f"--{name.replace('_', '-')}"
        for name in params
        if name not in _FREE_WITH_POSITION
        and context.get_parameter_source(name) is not ParameterSource.DEFAULT
    )
    if fixed:
        raise click.UsageError(
            f"--position fixes the players, the readings and the cards: leave out {', '.join(fixed)}"
        )
    codes = codes_of(info)
    assert codes is not None  # --position is an option only of a game with codes
    try:
        found: Any = codes.from_code(code.strip())
    except RulesError as error:
        raise click.BadParameter(str(error), param_hint="--position") from None
    whole = type(found) is codes.state.cls
    start: S = found
    if not whole:
        raise click.BadParameter(
            "a seat's code holds only what that seat sees; play starts from a whole "
            f"position's code ({codes.header} ...)",
            param_hint="--position",
        )
    if info.game.is_over(start):
        raise click.BadParameter("the position's game is over", param_hint="--position")
    return start


def play_command(
    info: GameInfo[Any, Any],
    *,
    thinking: Callable[[], Thinking | None] | None = None,
) -> click.Command:
    """The ``play`` command of a game: a human against the game's bots in the terminal.

    ``thinking()``, called when the game starts, gives the context manager shown while a
    bot thinks, or ``None`` (default: a spinner when standard output is a terminal).
    Without standard input (closed, as by ``0<&-``) the command stops with a one-line
    error before the game; input that ends (``< /dev/null``, Ctrl-D) leaves the game.
    """
    when_thinking = _default_thinking(info) if thinking is None else thinking
    chance = (
        f" Chance ({info.chance.during_play}) is drawn by the command from the game's seed."
        if info.chance.during_play
        else ""
    )

    def run(**params: Any) -> None:
        seat: int = params["seat"] - 1
        seed: int = params["seed"] if params["seed"] is not None else secrets.randbits(64)
        code: str | None = params.get("position")
        if code is None:
            players: int = params["players"]
            if seat >= players:
                raise click.BadParameter(
                    f"seat {seat + 1} of {players} players", param_hint="--seat"
                )
            options = options_from(info.readings, params)
            variant = variant_from(info, params)
            check_game(info, players, options, variant)
        else:
            start = _position(info, code, params)
            players = len(info.game.returns(start))
            if seat >= players:
                raise click.BadParameter(
                    f"seat {seat + 1} of the position's {players} players", param_hint="--seat"
                )
        record: Path | None = params.get("record")
        if record is not None:
            check_writable(record, "--record")
        _check_input()
        if code is None:
            start = info.new_game(players, seed, options, variant)
        bots: list[Bot[Any, Any] | None] = [
            None
            if s == seat
            else info.bots.make(
                params["bot"], bot_seed(seed, s), params["playouts"], seconds=params["seconds"]
            )
            for s in range(players)
        ]
        if isinstance(sys.stdin, io.TextIOWrapper):  # bytes that are not UTF-8 are not moves
            sys.stdin.reconfigure(errors="replace")
        moves: list[Any] = []
        end = play_game(
            info,
            start,
            seat,
            bots,
            _prompt,
            _say,
            verbatim=click.echo,
            seed=seed,
            show_seed=params["seed"] is not None,
            moves=moves,
            thinking=when_thinking(),
        )
        if record is not None:
            tags = {
                "Event": f"{info.name} play",
                **{
                    f"Player{s + 1}": "human" if s == seat else f"{params['bot']} bot"
                    for s in range(players)
                },
            }
            left = (
                {}
                if info.game.is_over(end)
                else {len(moves): f"{info.narration.player_name(seat)} left the game"}
            )
            write_output(record, records_of(info).write(start, moves, tags=tags, comments=left))
            _say(f"The game's record is in {click.format_filename(record)}.")

    fewest, most = info.players.fewest, info.players.most
    span = f"{fewest} to {most}"
    params: list[click.Parameter] = [
        click.Option(
            ["--players"],
            type=click.IntRange(fewest, most),
            default=min(max(3, fewest), most),
            show_default=True,
            help=span,
        ),
        click.Option(
            ["--seat"],
            type=click.IntRange(1, most),
            default=1,
            show_default=True,
            help="your seat (1 starts)",
        ),
        click.Option(
            ["--bot"],
            type=click.Choice(info.bots.names),
            default=info.bots.default,
            show_default=True,
            help="the other seats' bot",
        ),
        click.Option(
            ["--playouts"], type=click.IntRange(1), default=1000, show_default=True, help="ismcts"
        ),
        click.Option(
            ["--seconds"],
            type=click.FloatRange(0, min_open=True),
            default=None,
            help="ismcts: seconds per decision at most (with --playouts, whichever first)",
        ),
        click.Option(
            ["--seed"],
            type=SEED,
            default=None,
            help="the game seed (default: a secret random one, shown when the game ends)",
        ),
    ]
    params.extend(variant_parameters(info))
    if codes_of(info) is not None:
        params.append(
            click.Option(
                ["--position"],
                metavar="CODE",
                help=(
                    "start from the position a code names (quoted: it has spaces; "
                    f"'{info.name} position --record FILE' writes one); the position fixes "
                    "the players, the readings and the cards; --seed then seeds the bots "
                    "and the chance to come"
                ),
            )
        )
    if info.records is not None:
        params.append(
            click.Option(
                ["--record"],
                type=click.Path(dir_okay=False, path_type=Path),
                metavar="FILE",
                help=(
                    f"write the game's record ({info.records.rule}) to FILE when the game "
                    "ends or you leave it"
                ),
            )
        )
    command = click.Command(
        "play",
        callback=run,
        params=params,
        help=(
            f"Play a game of {info.title} against bots in the terminal.\n\n"
            "Answer each question with the number of a move (or of a group of moves) or "
            "its notation, shortened as you like while it fits one move only; 'help' lists "
            "the commands ('board', 'rule ID', 'cards NAME', 'undo', 'quit'). The menus fit "
            "the terminal. The seed stays secret until the game ends unless you give it."
            f"{chance}"
        ),
    )
    return reading_options(info.readings)(command)
