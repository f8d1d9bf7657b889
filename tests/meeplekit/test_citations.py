"""``meeplekit.citations``: every citation form the specifications write, as a reader reads it.

The documents here are the project's own, written out (the shared layer names no game):
three rulebooks of one game, one of another and a research note.
"""

from __future__ import annotations

import pytest

from meeplekit.citations import Source, cite, find_citations, line_text, sources

RETAIL = "000_37065cbbf5c8ad29.txt"
EARLIER = "001_b9b444bae8799a5c.txt"
GERMAN = "002_a61165ec392d9b3b.txt"
BREMERHAVEN = "004_1ae39a76b32b2566.txt"
DOCUMENTS = sources(
    Source(RETAIL, "the Harbour rulebook (English retail edition)", 138),
    Source(EARLIER, "the earlier English Harbour rulebook (Kickstarter edition)", 102),
    Source(GERMAN, "the German Harbour rulebook (Frosted Games, 2015)", 192),
    Source(BREMERHAVEN, "the Bremerhaven rulebook", 1233),
    Source(
        "research/harbour-official-data.md",
        "the project's research note",
        note="What is publicly known about the published Harbour components",
        page="research/harbour-official-data",
    ),
)
R = "the Harbour rulebook (English retail edition)"
E = "the earlier English Harbour rulebook (Kickstarter edition)"
G = "the German Harbour rulebook (Frosted Games, 2015)"
B = "the Bremerhaven rulebook"


@pytest.mark.parametrize(
    ("text", "read"),
    [
        # A file name in backticks, with a range, a line, lines apart, or no line.
        (f"Source: `{BREMERHAVEN}`:599-601.", f"Source: {B}, lines 599–601."),
        (f"(`{BREMERHAVEN}`:599)", f"({B}, line 599)"),
        (f'(`{RETAIL}`:12, 136: "q")', f'({R}, lines 12 and 136: "q")'),
        (f"(`{RETAIL}`:1, 5, 9-10)", f"({R}, lines 1, 5 and 9–10)"),
        (f"(see `{RETAIL}`)", f"(see {R})"),
        (f"(see {RETAIL})", f"(see {R})"),
        # The Machi Koro form: a file name, then "lines" or "line".
        (f"(`{BREMERHAVEN}` lines 15-31: a)", f"({B}, lines 15–31: a)"),
        (f"(`{BREMERHAVEN}` line 39: a)", f"({B}, line 39: a)"),
        # The number with lines; two of one document joined.
        ("(004:599-601)", f"({B}, lines 599–601)"),
        ("(004:599)", f"({B}, line 599)"),
        ("(004:30, 004:225-228)", f"({B}, lines 30 and 225–228)"),
        # The number alone, as the readings' help wrote it, and its possessive.
        (
            '(000, 002; 001\'s "Winning" section)',
            f'({R}, {G}; the "Winning" section of {E})',
        ),
        ("by 001's worked example", f"by the worked example of {E}"),
        ("(000/002)", f"({R}/{G})"),
        # A research note: its title and the page a reader can open.
        (
            '(`research/harbour-official-data.md`: "x")',
            "(the project's research note \u201cWhat is publicly known about the published "
            'Harbour components\u201d (docs/research/harbour-official-data.md): "x")',
        ),
    ],
)
def test_every_form_reads_as_the_documents_title_and_lines(text: str, read: str) -> None:
    assert cite(text, DOCUMENTS) == read


@pytest.mark.parametrize(
    "text",
    [
        "1,000 and 0.004 and 2,003 and 004x and MD-004 and 10004 and v0.004",  # no citations
        "003:77 and `003_6672db208bb53134.txt`:5",  # a document the table does not hold
        "research/unknown-note.md",
        "`005_0123456789abcdef.txt`:3",
        "Missing from seed 004 (and, per the survey, from every public source)",  # quoted words
        "a path seeds/004 and a time 10:004",
    ],
)
def test_what_is_no_citation_of_the_documents_is_left_as_it_is(text: str) -> None:
    assert cite(text, DOCUMENTS) == text


def test_the_same_documents_lines_again_give_only_the_lines() -> None:
    text = 'Source: 004:514-519: "a"; 004:525-526: "b"; 000:5: "c", 004:7.'
    assert cite(text, DOCUMENTS) == (
        f'Source: {B}, lines 514–519: "a"; lines 525–526: "b"; {R}, line 5: "c", {B}, line 7.'
    )
    # Words between the two, or a new paragraph, name the document again.
    assert cite("See 004:5 and the card says 004:6.", DOCUMENTS) == (
        f"See {B}, line 5 and the card says {B}, line 6."
    )
    assert cite("(004:5)\n\n(004:6)", DOCUMENTS) == f"({B}, line 5)\n\n({B}, line 6)"
    # With titles=False every citation gives only its lines (a column names the document).
    assert cite("named (004:429, 004:332)", DOCUMENTS, titles=False) == "named (lines 429 and 332)"


def test_a_sentence_starts_with_a_capital_and_goes_on_after_a_comma() -> None:
    text = f"**Texts.** `{EARLIER}`:29, 87 says both; e.g. 000:5 and 002:7 break ties."
    assert cite(text, DOCUMENTS) == (
        f"**Texts.** The earlier English Harbour rulebook (Kickstarter edition), lines 29 and "
        f"87, says both; e.g. {R}, line 5 and {G}, line 7, break ties."
    )


def test_bare_false_leaves_a_number_alone_but_not_a_line() -> None:
    text = "Pier 004 (Building card): prestige 0-3 (004:407-409)."
    assert cite(text, DOCUMENTS, bare=False) == (
        f"Pier 004 (Building card): prestige 0-3 ({B}, lines 407–409)."
    )
    assert cite(text, DOCUMENTS).startswith(f"Pier {B} (")


def test_a_citation_says_where_it_is_what_it_cites_and_its_lines() -> None:
    text = f"See `{RETAIL}`:12, 136 and research/harbour-official-data.md."
    first, second = find_citations(text, DOCUMENTS)
    assert text[first.start : first.end] == f"`{RETAIL}`:12, 136"
    assert first.source is DOCUMENTS[RETAIL] and first.lines == ((12, 12), (136, 136))
    assert first.text == f"{R}, lines 12 and 136" and not first.short
    assert second.source.note and second.lines == ()
    assert DOCUMENTS[RETAIL].key == "000"
    assert DOCUMENTS["research/harbour-official-data.md"].key == "research/harbour-official-data.md"


def test_line_text() -> None:
    assert line_text([(599, 601)]) == "lines 599–601"
    assert line_text([(7, 7)]) == "line 7"
    assert line_text([(1, 1), (3, 4)]) == "lines 1 and 3–4"
    assert line_text([]) == ""
