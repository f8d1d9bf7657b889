"""Move notation over random games, random card names and random text (NOTE-1 to NOTE-5).

Games are sweep games (2 to 4 players, spread over the combinations of rule readings so
that every value of every option is played, every other game with a character for every
ability hook) other than those :mod:`tests.property.harbour.test_interchange` plays: in every
state visited, every legal move's canonical text reads back to it, the texts (and the long
labels) are distinct, and a sloppy spelling of the same move (any case, doubled spaces,
goods run together, names cut to their shortest abbreviation) reads back too. Hypothesis
then names buildings and boards with arbitrary text, and feeds ``parse_move`` grammar-like
and arbitrary text: only the library's errors may come out, and quickly.
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import harbour
from harbour import (
    AmbiguousMoveError,
    CardSite,
    GameState,
    HarbourError,
    Move,
    MoveParseError,
    MovePawn,
    RulesOptions,
)
from harbour.cards.identity import BUILT_IN_CARD_SETS
from harbour.cards.limits import MAX_NAME, control_character
from harbour.cards.model import CardSet
from harbour.cards.original import ORIGINAL_SET
from harbour.interchange.notation import describe_move, format_move, parse_move, read_move
from meeplekit.rng import SplitMix64
from tests.support.harbour import EVERY_ABILITY_SET
from tests.support.harbour_sweep import (
    _field_values,
    cards_for,
    options_for,
    players_for,
    seed_for,
)

#: Sweep games played here: the ones test_interchange does not play (it plays 0, 3, 6, ...).
GAMES = range(1, 48, 3)
#: Decisions played per game at most (most games end well before).
LIMIT = 1_000


def _norm(name: str) -> str:
    """Names as the notation compares them (NOTE-3), written independently of it."""
    return " ".join(name.replace("'", "").replace("’", "").replace(".", "").lower().split())


#: Abbreviations by card set (kept with the set, so its id stays its own).
_SHORT: dict[int, tuple[CardSet, dict[int, str]]] = {}


def abbreviations(cards: CardSet) -> dict[int, str]:
    """Each building written by name, cut to the shortest start that fits only it (NOTE-3)."""
    if id(cards) in _SHORT:
        return _SHORT[id(cards)][1]
    keys = [_norm(b.name) for b in cards.buildings]
    out = {}
    for index, key in enumerate(keys):
        for length in range(1, len(key) + 1):
            start = key[:length]
            if start.endswith(" "):
                continue
            fits = [j for j, k in enumerate(keys) if k.startswith(start)]
            if fits == [index] or (start == key and keys.count(key) == 1):
                out[index] = start
                break
    _SHORT[id(cards)] = (cards, out)
    return out


def sloppy(state: GameState, move: Move, text: str, rng: SplitMix64) -> str:
    """``text`` as a hurried player might type it: same move, different spelling."""
    short = abbreviations(state.cards)
    words = text.split(" ")
    by_name = "#" not in text
    match move:
        case MovePawn(site=CardSite(card=card)) if by_name:
            words = ["go", short[card]]
        case harbour.ChooseFreeBuilding(card=card) if by_name:
            words = ["free", short[card]]
        case harbour.Purchase(cards=cards) if cards and by_name:
            words = ["buy", " + ".join(short[c] for c in reversed(cards))]
        case harbour.ChooseStartingGoods() | harbour.TakeGoods():
            words = [words[0], "".join(words[1:])]  # goods run together: "2FS"
        case harbour.SwapSquares():
            words = [words[0], *(w.lstrip("$") for w in words[1:])]
        case _:
            pass
    # Doubled and trailing spaces, and any case.
    spaced = "".join(word + " " * (1 + rng.next_u64() % 3) for word in words)
    return "".join(c.upper() if rng.next_u64() % 2 else c.lower() for c in spaced)


def play(index: int) -> list[GameState]:
    """The states of sweep game ``index``, from its start, up to ``LIMIT`` decisions."""
    state = harbour.new_game(
        players_for(index), seed=seed_for(index), options=options_for(index), cards=cards_for(index)
    )
    rng = SplitMix64(seed_for(index) ^ 0x2545F4914F6CDD1D)
    states = [state]
    while not state.is_over and len(states) <= LIMIT:
        state = harbour.apply_move_unchecked(state, rng.choice(harbour.legal_moves(state)))
        states.append(state)
    return states


def test_the_games_play_every_value_of_every_option() -> None:
    seen = {
        (f.name, getattr(options_for(i), f.name)) for i in GAMES for f in attrs.fields(RulesOptions)
    }
    every = {
        (f.name, value) for f in attrs.fields(RulesOptions) for value in _field_values(f.default)
    }
    assert every <= seen
    assert {players_for(i) for i in GAMES} == {2, 3, 4}
    assert {cards_for(i).name for i in GAMES} == {ORIGINAL_SET.name, EVERY_ABILITY_SET.name}


@pytest.mark.rules("NOTE-1", "NOTE-2", "NOTE-3", "NOTE-5")
@pytest.mark.parametrize("index", GAMES)
def test_every_legal_move_reads_back_however_it_is_typed(index: int) -> None:
    rng = SplitMix64(index)
    for state in play(index):
        legal = harbour.legal_moves(state)
        texts = [format_move(state, m) for m in legal]
        assert len(set(texts)) == len(texts), texts
        labels = [describe_move(state, m) for m in legal]
        assert len(set(labels)) == len(labels), labels
        for move, text in zip(legal, texts, strict=True):
            assert parse_move(state, text) == move
            assert not re.search(r"[;{}]", text) and len(text.splitlines()) == 1
            typed = sloppy(state, move, text, rng)
            assert read_move(state, typed) == move, (text, typed)


@pytest.mark.rules("NOTE-3")
@pytest.mark.parametrize("name", sorted(BUILT_IN_CARD_SETS))
def test_built_in_names_are_written_as_names_and_abbreviate(name: str) -> None:
    cards = BUILT_IN_CARD_SETS[name]
    state = harbour.new_game(2, seed=1, cards=cards)
    short = abbreviations(cards)
    assert sorted(short) == list(range(len(cards.buildings)))
    for index, building in enumerate(cards.buildings):
        move = MovePawn(CardSite(index))
        assert format_move(state, move) == f"go {building.name}"
        assert read_move(state, f"go {short[index]}") == move
        assert read_move(state, f"GO {building.name.upper()}") == move


# --------------------------------------------------------------------------- any names

#: Characters that names in card files may hold and that the notation must survive (no
#: control characters: a card refuses them, INPUT-4).
NAME_CHARACTERS = st.one_of(
    st.sampled_from(list("abAB ;{}+#$'.’0123456789\u00a0\u00ad\u200b\u2060")),
    st.sampled_from(["nothing", "later", "board 2", "Board2", "go ", " + "]),
    st.characters(codec="utf-8", exclude_categories=("Cc", "Zl", "Zp")),
)
NAMES = (
    st.lists(NAME_CHARACTERS, min_size=1, max_size=6)
    .map("".join)
    .filter(lambda n: bool(n.strip()) and len(n) <= MAX_NAME and control_character(n) is None)
)


def _named(names: Sequence[str], boards: Sequence[str]) -> GameState:
    buildings = tuple(
        attrs.evolve(b, name=n) for b, n in zip(ORIGINAL_SET.buildings, names, strict=False)
    )
    characters = tuple(
        attrs.evolve(c, name=n) for c, n in zip(ORIGINAL_SET.characters, boards, strict=False)
    )
    cards = attrs.evolve(
        ORIGINAL_SET,
        buildings=buildings + ORIGINAL_SET.buildings[len(buildings) :],
        characters=characters + ORIGINAL_SET.characters[len(characters) :],
    )
    return harbour.new_game(3, seed=7, cards=cards)


@pytest.mark.rules("NOTE-1", "NOTE-3")
@given(
    st.lists(NAMES, min_size=1, max_size=8),
    st.lists(NAMES, max_size=4),
    st.integers(0, 10_000),
)
def test_any_names_give_one_safe_text_per_building_that_reads_back(
    names: list[str], boards: list[str], pick: int
) -> None:
    state = _named(names, boards)
    cards = state.cards
    moves: list[Move] = [MovePawn(CardSite(i)) for i in range(len(cards.buildings))]
    moves += [harbour.ChooseCharacter(i) for i in range(len(cards.characters))]
    moves += [harbour.MovePawn(harbour.BoardSite(s)) for s in range(3)]
    first, second = pick % len(names), (pick // 7) % len(cards.buildings)
    moves += [harbour.Purchase(tuple({first, second})), harbour.ChooseFreeBuilding(first)]
    texts = [format_move(state, m) for m in moves]
    assert len(set(texts)) == len(texts), texts
    for move, text in zip(moves, texts, strict=True):
        assert not re.search(r"[;{}]", text) and len(text.splitlines()) == 1, text
        assert read_move(state, text) == move, text
    # An abbreviation of a name written as itself means one building or is ambiguous.
    written = [t.removeprefix("go ") for t in texts[: len(names)]]
    for index, text in enumerate(written):
        if text.startswith("#"):
            continue
        start = text[: 1 + pick % len(text)]
        if re.fullmatch(r"board ?\d+", _norm(start)):
            continue  # "go board 2" is the seat's starting building, whatever else starts so
        try:
            found = read_move(state, f"go {start}")
        except AmbiguousMoveError as error:
            # Several buildings start so, or (an exact name winning) several are called so.
            keys = [_norm(b.name) for b in cards.buildings]
            assert cards.buildings[index].name in error.candidates or keys.count(_norm(start)) > 1
            continue
        except MoveParseError:
            assert not _norm(start)  # only a start that is nothing but punctuation
            continue
        assert isinstance(found, MovePawn) and isinstance(found.site, CardSite)
        assert _norm(cards.buildings[found.site.card].name).startswith(_norm(start))


# --------------------------------------------------------------------------- fuzzing


def _fuzz_states() -> list[GameState]:
    out = []
    for index in (1, 2):  # the original set, and the set with a character per ability hook
        out += play(index)[:80:8]
    return out


FUZZ_STATES = _fuzz_states()
WORDS = st.sampled_from(
    [
        "start", "character", "free", "go", "toll", "later", "option", "part", "take",
        "exchange", "for", "swap", "ship", "keep", "traders", "ability", "to", "fee", "buy",
        "nothing", "board", "+", "#", "#3", "#999", "$", "$2", "$5", "$9", "0", "1", "2", "7",
        "99", "F", "L", "W", "S", "2F", "0F", "FLWS", "f l", "Kiln", "Harbour", "Dock",
        "Quayside", "Hook", "Cooper", "'", ".", ";", "{", "}", "\n", "\u2028", "",
    ]
)  # fmt: skip


def _reads_safely(state: GameState, text: str) -> None:
    try:
        move = parse_move(state, text)
    except HarbourError:
        return
    assert move in harbour.legal_moves(state)
    assert parse_move(state, format_move(state, move)) == move


@pytest.mark.rules("NOTE-4")
@given(st.sampled_from(FUZZ_STATES), st.lists(WORDS, max_size=8), st.sampled_from([" ", "", "  "]))
def test_grammar_like_text_raises_only_library_errors(
    state: GameState, words: list[str], separator: str
) -> None:
    _reads_safely(state, separator.join(words))


@pytest.mark.rules("NOTE-4")
@given(st.sampled_from(FUZZ_STATES), st.data())
def test_mutated_canonical_texts_raise_only_library_errors(
    state: GameState, data: st.DataObject
) -> None:
    text = format_move(state, data.draw(st.sampled_from(harbour.legal_moves(state))))
    cut = data.draw(st.integers(0, len(text)))
    insert = data.draw(st.one_of(WORDS, st.text(max_size=4)))
    _reads_safely(state, text[:cut] + insert + text[cut + data.draw(st.integers(0, 3)) :])


@pytest.mark.rules("NOTE-4")
@given(st.sampled_from(FUZZ_STATES), st.text(max_size=60))
def test_arbitrary_text_raises_only_library_errors(state: GameState, text: str) -> None:
    _reads_safely(state, text)


@pytest.mark.rules("NOTE-4")
def test_long_and_repetitive_text_is_refused_quickly() -> None:
    state = FUZZ_STATES[-1]
    texts = [
        "buy " + " + ".join(["a"] * 240),
        "buy " + "k" * 990,
        "take " + "F" * 990,
        "take " + "9" * 990 + "F",
        "ship " + "F " * 495,
        "exchange F" + " for" * 240,
        "ability " + "F to " * 195,
        "swap " + "$" * 990,
        "go " + "Harbour " * 120,
        "x" * 5_000,
        " " * 5_000,
    ]
    for text in texts:
        began = time.perf_counter()
        with pytest.raises(HarbourError):
            parse_move(state, text)
        assert time.perf_counter() - began < 0.5, text[:40]
