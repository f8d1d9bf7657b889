"""A decision's legal moves as a menu: in groups when they are too many to show at once.

Every frontend that lists moves for a person shares this: the terminal play
(:mod:`meeplekit.cli.play`) fits each level of its menu to the screen, and the web table
(``meepletable``) shows the same groups as folding lists. A game says how its moves group
through its notation's :attr:`~meeplekit.info.Notation.group` (Bremerhaven's bids by
space, then by value); without it a move's group is the first word of its notation.

>>> import attrs
>>> @attrs.frozen
... class Words:
...     format: object = lambda state, move: move
...     label: object = lambda state, move: move.title()
...     group: object = None
>>> moves = ["bid a 1", "bid a 2", "bid b 1", "pass"]
>>> tree = menu_tree(Words(), None, moves, lines=3, width=80)
>>> [e.label if isinstance(e, MenuGroup) else e for e in tree.entries]
['bid ...', 'pass']
>>> menu_tree(Words(), None, moves, lines=10, width=80).entries == tuple(moves)
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, Protocol, TypeVar

import attrs

from meeplekit.text import width_problem, wrap

__all__ = ["Menu", "MenuGroup", "MoveNames", "height", "menu_tree", "move_line"]

S = TypeVar("S")
M = TypeVar("M")
S_contra = TypeVar("S_contra", contravariant=True)
M_contra = TypeVar("M_contra", contravariant=True)


class MoveNames(Protocol[S_contra, M_contra]):
    """How a game names its moves: a game's :class:`~meeplekit.info.Notation` is one."""

    @property
    def format(self) -> Callable[[S_contra, M_contra], str]:
        """A move's notation in a state (``"bid sea-1 3"``)."""
        ...

    @property
    def label(self) -> Callable[[S_contra, M_contra], str]:
        """A move's label for people in a state (``"Bid 3 on 2.1 Sea"``)."""
        ...

    @property
    def group(self) -> Callable[[S_contra, M_contra], tuple[str, ...]] | None:
        """A move's groups, outermost first, or ``None``: the first word of its notation."""
        ...


def move_line(names: MoveNames[S, M], state: S, number: int, move: M) -> str:
    """A menu's line for ``move``, numbered ``number``: its label and, in brackets, its notation."""
    return f"  {number:>3}. {names.label(state, move)}  [{names.format(state, move)}]"


@attrs.frozen
class MenuGroup(Generic[M]):
    """A level of the menu: its label and its entries, each a move or a group of moves."""

    #: What the group's moves share (``""`` for the first level).
    label: str
    #: The entries, in the order of the legal moves: moves and groups.
    entries: tuple[M | MenuGroup[M], ...]
    #: How many moves the group holds, at every depth.
    size: int

    def first(self) -> M:
        """The group's first move."""
        entry = self.entries[0]
        return entry.first() if isinstance(entry, MenuGroup) else entry

    def last(self) -> M:
        """The group's last move."""
        entry = self.entries[-1]
        return entry.last() if isinstance(entry, MenuGroup) else entry

    def moves(self) -> tuple[M, ...]:
        """Every move of the group, at every depth, in order."""
        found: list[M] = []
        for entry in self.entries:
            if isinstance(entry, MenuGroup):
                found.extend(entry.moves())
            else:
                found.append(entry)
        return tuple(found)


def height(text: str, width: int) -> int:
    """The lines ``text`` takes on a screen ``width`` columns wide, wrapped as it is shown."""
    if "\n" not in text and len(text) <= width and width_problem(width) is None:
        return 1  # a line that fits is left as it is (meeplekit.text.wrap)
    return wrap(text, width, rejoin=True).count("\n") + 1


def _by_verb(names: MoveNames[S, M], state: S, move: M) -> tuple[str, ...]:
    """The default group of a move: the first word of its notation."""
    words = names.format(state, move).split()
    return (f"{words[0]} ...",) if words else ()


class Menu(Generic[S, M]):
    """Builds a decision's menu: each entry's line, its height on the screen, its groups.

    ``names`` is the game's notation, ``state`` the position decided in and ``width`` the
    screen's columns.
    """

    def __init__(self, names: MoveNames[S, M], state: S, width: int) -> None:
        #: The game's notation.
        self.names = names
        #: The position the menu's moves are legal in.
        self.state = state
        #: The screen's columns.
        self.width = width
        self._lines: dict[int, str] = {}
        self._heights: dict[tuple[int, bool], tuple[M | MenuGroup[M], int]] = {}

    def line(self, number: int, entry: M | MenuGroup[M]) -> str:
        """The entry's line in a menu, numbered ``number``."""
        if isinstance(entry, MenuGroup):
            return f"  {number:>3}. {entry.label} ({entry.size} moves)"
        key = id(entry)
        if key not in self._lines:  # the label without its number, made once per move
            self._lines[key] = move_line(self.names, self.state, 0, entry)[7:]
        return f"  {number:>3}. {self._lines[key]}"

    def height(self, entries: Sequence[M | MenuGroup[M]]) -> int:
        """The lines ``entries`` take on the screen, each wrapped to its width."""
        return sum(self._height(number, entry) for number, entry in enumerate(entries, 1))

    def _height(self, number: int, entry: M | MenuGroup[M]) -> int:
        """One entry's lines: the same for every number of up to three digits, so kept."""
        key = (id(entry), number > 999)
        found = self._heights.get(key)
        if found is None or found[0] is not entry:  # the entry is kept: its id is its own
            found = self._heights[key] = (entry, height(self.line(number, entry), self.width))
        return found[1]

    def level(
        self, items: Sequence[tuple[M, tuple[str, ...]]], depth: int, lines: int
    ) -> tuple[M | MenuGroup[M], ...]:
        """The entries of a level of ``items`` (moves with their groups) in ``lines`` lines."""
        flat = tuple(move for move, _ in items)
        if self.height(flat) <= lines:
            return flat
        order: list[str | tuple[M]] = []
        groups: dict[str, list[tuple[M, tuple[str, ...]]]] = {}
        for move, path in items:
            if len(path) <= depth:
                order.append((move,))
                continue
            if path[depth] not in groups:
                groups[path[depth]] = []
                order.append(path[depth])
            groups[path[depth]].append((move, path))
        if len(order) == 1 and groups:  # one group only: its own groups are the level's
            return self.level(items, depth + 1, lines)
        entries: list[M | MenuGroup[M]] = []
        for key in order:
            if isinstance(key, tuple):
                entries.append(key[0])
            elif len(groups[key]) == 1:
                entries.append(groups[key][0][0])
            else:
                inner = self.level(groups[key], depth + 1, lines)
                entries.append(MenuGroup(key, inner, len(groups[key])))
        return self.chunks(entries, lines)

    def chunks(
        self, entries: Sequence[M | MenuGroup[M]], lines: int
    ) -> tuple[M | MenuGroup[M], ...]:
        """``entries`` in runs of consecutive entries, each fitting ``lines``, until they fit."""
        level = tuple(entries)
        while self.height(level) > lines and len(level) > 1:
            runs: list[list[M | MenuGroup[M]]] = [[]]
            for entry in level:
                if runs[-1] and self.height([*runs[-1], entry]) > lines:
                    runs.append([])
                runs[-1].append(entry)
            if len(runs) == len(level):  # no entry shares its lines: pairs, then pairs...
                runs = [list(level[i : i + 2]) for i in range(0, len(level), 2)]
            level = tuple(self.run(run) for run in runs)
        return level

    def run(self, run: Sequence[M | MenuGroup[M]]) -> M | MenuGroup[M]:
        """A run of entries as one entry: a group named by its first and last moves."""
        if len(run) == 1:
            return run[0]
        group = MenuGroup("", tuple(run), 0)
        first = self.names.format(self.state, group.first())
        last = self.names.format(self.state, group.last())
        size = sum(e.size if isinstance(e, MenuGroup) else 1 for e in run)
        return MenuGroup(f"{first} to {last}", tuple(run), size)


def menu_tree(
    names: MoveNames[S, M], state: S, moves: Sequence[M], lines: int, width: int
) -> MenuGroup[M]:
    """The menu of ``moves`` in levels that each fit ``lines`` lines ``width`` columns wide.

    Every move when they fit; otherwise the groups the game gives
    (:attr:`meeplekit.info.Notation.group`: a group of one move is the move itself,
    and a level of one group is that group's level), in the order of their first moves,
    each group's moves in their order; a level that still does not fit is cut into runs
    of consecutive entries that do, named by their first and last moves. Lines are
    counted as :func:`meeplekit.text.wrap` wraps them; a move whose label alone is
    taller than ``lines`` is a level of its own. Always taking the first entry picks
    the first move. ``lines`` below 1 counts as 1.
    """
    builder = Menu(names, state, width)
    group = names.group
    items: list[tuple[M, tuple[str, ...]]] = [
        (move, tuple(group(state, move)) if group is not None else _by_verb(names, state, move))
        for move in moves
    ]
    return MenuGroup("", builder.level(items, 0, max(lines, 1)), len(moves))
