"""Check a Bremerhaven card set against the rulebook's ranges and counts and every mode's deck demand.

Usage: ``python scripts/check_bremerhaven_cards.py [CARD_FILE]`` (default: the library's
original set). Prints one table per check and exits 1 if any check fails.

The checks:

- components: each deck holds as many cards as the box (004:30-38);
- ranges: every printed value lies in the range the rulebook gives (004:407-409,
  004:608-683) and every card is labelled with the set's origin (BH-CARD-1);
- rounds: the long game's shortest and longest game by the Newspaper cards' progress
  (8-12 rounds at 4 players, 004:322-323) and the short game's exact length (10 / 9 / 8
  rounds at 2 / 3 / 4 players, 004:1059-1063; solo 10, 004:1075-1076);
- demand: for every mode and player count, the worst case of each deck against its size.
  Each round every Sea and Land space can be won, so a game of ``n`` seats (solo: the
  2-player boards) draws ``n`` Ship cards at setup and ``n`` at each refill, and as many
  Contract cards plus one Starting contract per player (solo: one, 004:1071-1072); one
  Building card leaves the stack each round (won or removed, 004:413-424), plus one
  Starting building per player in the short game (solo: one); the long game turns one
  Newspaper card each round (004:893-904). There is no refill after the last round
  (004:970-971), so a game of ``R`` rounds draws ``n * R`` Ships;
- prices: every good is sometimes the most and sometimes the least valuable;
- board: covers on the 3rd and 4th columns, the pre-printed bollards free, a dock for the
  largest berth a Ship asks for, solo spaces among a 2-player game's spaces.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence

import attrs

from bremerhaven.cards.files import (
    COMPONENTS,
    COVERED_SPACES,
    SHORT_ROUNDS,
    SOLO_SPACES,
    load_cards,
)
from bremerhaven.cards.model import (
    BOLLARD_WALLS,
    DOCKS,
    BoardData,
    BuildingCard,
    CardSet,
    ContractCard,
    Good,
    NewspaperCard,
    PriceCard,
    ShipCard,
    deck_icon,
)
from bremerhaven.cards.original import ORIGINAL
from bremerhaven.errors import CardFileError

#: The rounds of a 4-player long game (004:322-323).
LONG_ROUNDS_4P = (8, 12)
#: The rounds of the solo game (004:1075-1076, 004:1115).
SOLO_ROUNDS = 10


@attrs.frozen
class Check:
    """One check: a titled table, and whether every row passed."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[object, ...], ...]
    failures: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        """True when the check found nothing wrong."""
        return not self.failures


@attrs.frozen
class Mode:
    """A mode and player count: the seats at the boards, the rounds, what it draws."""

    label: str
    players: int
    short: bool
    rounds: int

    @property
    def seats(self) -> int:
        """The Sea and Land spaces: the players, or 2 in the solo game (004:1070)."""
        return deck_icon(self.players)

    @property
    def harbours(self) -> int:
        """The players with a harbour: one in the solo game (004:1071-1072)."""
        return self.players


def long_rounds(cards: CardSet, players: int) -> tuple[int, int] | None:
    """The fewest and the most rounds of a long game, or ``None`` if the deck runs out."""
    distance = cards.board.track_last - cards.board.track_start[players - 1]
    progress = sorted(n.progress for n in cards.newspapers)
    if sum(progress) < distance:
        return None

    def rounds(values: Sequence[int]) -> int:
        moved = 0
        for count, value in enumerate(values, 1):
            moved += value
            if moved >= distance:
                return count
        raise AssertionError("unreachable")  # pragma: no cover

    return rounds(progress[::-1]), rounds(progress)


def short_rounds(cards: CardSet, players: int) -> int:
    """The rounds of a short (or solo) game at 2 spaces a round."""
    return math.ceil((cards.board.track_last - cards.board.track_start[players - 1]) / 2)


def modes(cards: CardSet) -> list[Mode]:
    """Every mode and player count, with its longest game."""
    out: list[Mode] = []
    for players in (2, 3, 4):
        found = long_rounds(cards, players)
        out.append(Mode(f"long {players}p", players, False, found[1] if found else 0))
    for players in (2, 3, 4):
        out.append(Mode(f"short {players}p", players, True, short_rounds(cards, players)))
    out.append(Mode("solo", 1, True, short_rounds(cards, 1)))
    return out


def check_components(cards: CardSet) -> Check:
    """Each deck holds the box's number of cards."""
    rows = []
    failures = []
    for deck, size in COMPONENTS.items():
        have = len(getattr(cards, deck))
        rows.append((deck, have, size, "ok" if have == size else "FAIL"))
        if have != size:
            failures.append(f"{deck}: {have} cards, the box holds {size}")
    covered = sum(c is not None for c in cards.board.covers)
    rows.append(("covers a board", covered, len(COVERED_SPACES), "ok"))
    if covered != len(COVERED_SPACES):
        failures.append(f"covers: {covered} a board, 6 expected (24 over 4 boards)")
        rows[-1] = (*rows[-1][:3], "FAIL")
    return Check(
        "Components (004:30-38)",
        ("deck", "cards", "box", ""),
        tuple(rows),
        tuple(failures),
    )


def _span(values: Sequence[int]) -> str:
    return f"{min(values)}-{max(values)}" if values else "-"


def check_ranges(cards: CardSet) -> Check:
    """Every value within the rulebook's range, and every card labelled with the set's origin."""
    specs: list[tuple[str, list[int], int, int, str]] = [
        ("ship lay time", [s.lay_time for s in cards.ships], 1, 5, "004:608-612"),
        ("ship cargo", [s.count for s in cards.ships], 1, 5, "004:613-616"),
        ("ship berth", [s.berth for s in cards.ships], 0, 3, "004:621-623"),
        ("ship prestige", [s.prestige for s in cards.ships], 1, 5, "004:633-635"),
        ("ship back", [s.back for s in cards.ships], 1, 4, "the library (BH-CARD-2)"),
        ("contract delivery", [c.delivery for c in cards.contracts], 1, 5, "004:653-659"),
        ("contract goods", [len(c.goods) for c in cards.contracts], 1, 4, "004:660-663"),
        ("penalty money", [c.penalty.money for c in cards.contracts], 0, 5, "004:667-672"),
        ("penalty prestige", [c.penalty.prestige for c in cards.contracts], 0, 1, "004:671-672"),
        ("reward money", [c.reward.money for c in cards.contracts], 0, 4, "004:674-677"),
        ("reward prestige", [c.reward.prestige for c in cards.contracts], 0, 1, "004:680-682"),
        ("contract back", [c.back for c in cards.contracts], 1, 4, "the library (BH-CARD-3)"),
        ("building prestige", [b.prestige for b in cards.buildings], 0, 3, "004:407-409"),
        ("price", [p for c in cards.prices for p in c.prices], 1, 9, "the library (BH-CARD-6)"),
        ("newspaper progress", [n.progress for n in cards.newspapers], 1, 3, "the library"),
    ]
    rows: list[tuple[object, ...]] = []
    failures = []
    for label, values, low, high, source in specs:
        ok = all(low <= v <= high for v in values)
        rows.append((label, _span(values), f"{low}-{high}", source, "ok" if ok else "FAIL"))
        if not ok:
            failures.append(f"{label}: {_span(values)} outside {low}-{high}")
    both = [c.key for c in cards.contracts if c.penalty.money and c.penalty.prestige]
    cards_of_set: tuple[
        ShipCard | ContractCard | BuildingCard | PriceCard | NewspaperCard | BoardData, ...
    ] = (
        *cards.ships,
        *cards.contracts,
        *cards.buildings,
        *cards.prices,
        *cards.newspapers,
        cards.board,
    )
    wrong = [getattr(c, "key", "board") for c in cards_of_set if c.origin is not cards.origin]
    rows.append(
        ("origin", cards.origin.value, "every card", "BH-CARD-1", "FAIL" if wrong else "ok")
    )
    if wrong:
        failures.append(f"cards not labelled {cards.origin.value}: {wrong[:5]}")
    if both:  # pragma: no cover - the model refuses it
        failures.append(f"penalties of money and prestige at once: {both}")
    return Check(
        "Ranges",
        ("value", "found", "allowed", "source", ""),
        tuple(rows),
        tuple(failures),
    )


def check_rounds(cards: CardSet) -> Check:
    """The long game's length by the Newspaper cards, and the short game's exact length."""
    rows: list[tuple[object, ...]] = []
    failures = []
    for players in (2, 3, 4):
        found = long_rounds(cards, players)
        wanted = f"{LONG_ROUNDS_4P[0]}-{LONG_ROUNDS_4P[1]}" if players == 4 else "-"
        if found is None:
            rows.append((f"long {players}p", "deck runs out", wanted, "FAIL"))
            failures.append(f"long {players}p: the Newspaper cards never reach the last space")
            continue
        ok = players != 4 or (LONG_ROUNDS_4P[0] <= found[0] and found[1] <= LONG_ROUNDS_4P[1])
        rows.append((f"long {players}p", f"{found[0]}-{found[1]}", wanted, "ok" if ok else "FAIL"))
        if not ok:
            failures.append(f"long 4p lasts {found[0]}-{found[1]} rounds, not 8-12 (004:322-323)")
    for players in (1, 2, 3, 4):
        got = short_rounds(cards, players)
        want = SHORT_ROUNDS[players]
        label = "solo" if players == 1 else f"short {players}p"
        rows.append((label, got, want, "ok" if got == want else "FAIL"))
        if got != want:
            failures.append(f"{label} lasts {got} rounds, not {want}")
    return Check(
        "Rounds (004:322-323, 004:1059-1063, 004:1075-1076)",
        ("mode", "rounds", "rulebook", ""),
        tuple(rows),
        tuple(failures),
    )


def check_demand(cards: CardSet) -> Check:
    """Every deck suffices for the worst case of every mode and player count."""
    rows: list[tuple[object, ...]] = []
    failures = []
    for mode in modes(cards):
        r, n = mode.rounds, mode.seats
        ships = len(cards.ships_in_play(mode.players, short=mode.short))
        contracts = len(cards.contracts_in_play(mode.players, short=mode.short))
        starting_buildings = mode.harbours if mode.short else 0
        demand = {
            "ships": (n * r, ships),
            "contracts": (n * r + mode.harbours, contracts),
            "buildings": (r + starting_buildings, len(cards.buildings)),
            "newspapers": (0 if mode.short else r, len(cards.newspapers)),
        }
        cells: list[object] = [mode.label, r]
        ok = True
        for deck, (need, have) in demand.items():
            cells.append(f"{need}/{have}")
            if need > have:
                ok = False
                failures.append(f"{mode.label}: {deck} need {need}, the deck has {have}")
        cells.append("ok" if ok else "FAIL")
        rows.append(tuple(cells))
    return Check(
        "Worst-case demand / deck size",
        ("mode", "rounds", "ships", "contracts", "buildings", "newspapers", ""),
        tuple(rows),
        tuple(failures),
    )


def check_prices(cards: CardSet) -> Check:
    """Each good is sometimes the most and sometimes the least valuable."""
    rows: list[tuple[object, ...]] = []
    failures = []
    for good in Good:
        top = sum(max(c.prices) == c.price(good) for c in cards.prices)
        bottom = sum(min(c.prices) == c.price(good) for c in cards.prices)
        mean = sum(c.price(good) for c in cards.prices) / max(1, len(cards.prices))
        ok = top > 0 and bottom > 0
        rows.append((good.key, top, bottom, f"{mean:.2f}", "ok" if ok else "FAIL"))
        if not ok:
            failures.append(f"{good.key}: most valuable {top} times, least {bottom} times")
    return Check(
        "Price cards",
        ("good", "most valuable", "least valuable", "mean price", ""),
        tuple(rows),
        tuple(failures),
    )


def check_board(cards: CardSet) -> Check:
    """Covers, pre-printed bollards, the largest berth, the solo spaces."""
    board = cards.board
    rows: list[tuple[object, ...]] = []
    failures = []
    covered = tuple(s for s, c in enumerate(board.covers) if c is not None)
    ok = set(covered) <= set(COVERED_SPACES)
    rows.append(("covered spaces", covered, "columns 3-4 (004:225-228)", "ok" if ok else "FAIL"))
    if not ok:
        failures.append(f"covers outside columns 3-4: {covered}")
    free = (board.bollard_costs[1][0], board.bollard_costs[2][0])
    ok = free == (0, 0)
    rows.append(("pre-printed bollards", free, "0, 0 (004:232-233)", "ok" if ok else "FAIL"))
    if not ok:
        failures.append(f"the pre-printed bollards cost {free}")
    walls = [len(w) for w in board.bollard_costs]
    largest = max((min(walls[d], walls[d + 1]) for d in range(DOCKS)), default=0)
    needed = max((s.berth for s in cards.ships), default=0)
    ok = needed <= largest and len(walls) == BOLLARD_WALLS
    rows.append(("largest berth", largest, f">= {needed} (ships)", "ok" if ok else "FAIL"))
    if not ok:
        failures.append(f"no dock can reach berth {needed}")
    spaces = sorted({n.solo_space.label for n in cards.newspapers})
    allowed = {s.label for s in SOLO_SPACES}
    ok = set(spaces) <= allowed
    rows.append(("solo spaces", ", ".join(spaces), "2-player spaces", "ok" if ok else "FAIL"))
    if not ok:
        failures.append(f"solo spaces outside a 2-player game: {sorted(set(spaces) - allowed)}")
    return Check(
        "Boards",
        ("what", "found", "wanted", ""),
        tuple(rows),
        tuple(failures),
    )


def checks(cards: CardSet) -> list[Check]:
    """Every check of a card set."""
    return [
        check_components(cards),
        check_ranges(cards),
        check_rounds(cards),
        check_demand(cards),
        check_prices(cards),
        check_board(cards),
    ]


def table(check: Check) -> str:
    """A check as a plain-text table, its failures below it."""
    cells = [check.headers, *(tuple(str(c) for c in row) for row in check.rows)]
    widths = [max(len(str(row[i])) for row in cells) for i in range(len(check.headers))]
    lines = [f"{check.title}: {'ok' if check.ok else 'FAILED'}"]
    for n, row in enumerate(cells):
        lines.append("  " + "  ".join(str(c).ljust(w) for c, w in zip(row, widths, strict=True)))
        if n == 0:
            lines.append("  " + "  ".join("-" * w for w in widths))
    lines += [f"  ! {f}" for f in check.failures]
    return "\n".join(line.rstrip() for line in lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Check the card file named in ``argv`` (default: the original set); 0 if all pass."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) > 1 or (args and args[0] in ("-h", "--help")):
        print(__doc__)
        return 2
    if args:
        try:
            cards = load_cards(args[0])
        except CardFileError as exc:
            where = f"{exc.field}: " if exc.field else ""
            print(f"{args[0]}: {where}{exc.reason}", file=sys.stderr)
            return 1
    else:
        cards = ORIGINAL
    print(f"Card set: {cards.name} ({cards.origin.value})\n")
    found = checks(cards)
    print("\n\n".join(table(c) for c in found))
    failed = [c.title for c in found if not c.ok]
    print(f"\n{'FAILED: ' + ', '.join(failed) if failed else 'All checks passed.'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
