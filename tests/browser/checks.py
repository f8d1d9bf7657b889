"""What the browser checks measure in a page, and what they find wrong with it.

:data:`MEASURE` runs in the page (Chromium, through Playwright) and returns a
:class:`Measurement`; the functions below turn one into a list of problems, empty when all
is well. The tests of the built docs (``test_docs.py``) and the tests of the checks
themselves on pages made to fail (``test_checks.py``) share them.
"""

from __future__ import annotations

from typing import TypedDict, cast

from playwright.sync_api import Page

#: The smallest size of text in a picture, in CSS pixels, at a laptop's width (PIC-4).
MIN_TEXT_PX = 9.0
#: How much of a site's area its highlight covers at least (an outline along its edge).
MIN_COVER = 0.8


class Rect(TypedDict):
    """A bounding client rectangle, in CSS pixels."""

    left: float
    top: float
    right: float
    bottom: float


class Highlight(TypedDict):
    """A highlight outline (``data-marks``) and the site it marks (``data-site``)."""

    picture: int
    marks: str
    outline: Rect
    site: Rect | None


class Text(TypedDict):
    """The smallest text of one picture."""

    picture: int
    text: str
    px: float


class Entry(TypedDict):
    """An entry of a navigation tree."""

    text: str
    #: Whether the entry is an object the API documents (its label is code), not a page
    #: or a section.
    object: bool
    page: str
    section: bool
    children: list[Entry]


class Tree(TypedDict):
    """A navigation tree: Furo's sidebar, the page's contents, or a toctree in the page."""

    kind: str
    entries: list[Entry]


class TextBox(TypedDict):
    """A text view under a picture (``pre.harbour-text``): its widest line and its box."""

    #: The columns of the widest line, and the columns the box shows without scrolling.
    longest: int
    columns: int
    #: The lines of the text, and the lines the box shows (more when a line wraps).
    lines: int
    shown: int


class Measurement(TypedDict):
    """What :data:`MEASURE` finds in a page."""

    url: str
    scroll_width: int
    client_width: int
    sticking_out: list[str]
    pictures: int
    highlights: list[Highlight]
    smallest_texts: list[Text]
    trees: list[Tree]
    text_boxes: list[TextBox]


#: A JavaScript function that measures the page it runs in (a :class:`Measurement`).
#:
#: - Sideways scrolling: the document's ``scrollWidth`` against its ``clientWidth``. An
#:   element that scrolls inside its own box (``overflow-x: auto`` or ``scroll``, as the
#:   card reference's wide tables do) does not widen the document, so it does not count.
#:   When the page is too wide, the outermost elements that stick out, and are not inside
#:   a box that clips or scrolls them, are named.
#: - Pictures: every outermost ``svg`` in the page's ``article`` (Furo's content; the
#:   theme's icons are outside it).
#: - Text size: for each ``text`` of a picture, its computed font size (the em box, in the
#:   picture's user units) times the scale the picture is drawn at, from the text's screen
#:   transformation matrix (the ``viewBox`` scaling and every ``transform`` of its groups).
#:   That is the text's font size in CSS pixels as the reader sees it, as a page's 16 px
#:   body text is 16 px; a bounding box would add the line's ascent and descent instead.
#: - Highlights: every element with ``data-marks`` and the element of the same picture
#:   with the same ``data-site``, as bounding client rectangles (geometry, without stroke).
#: - Navigation: the trees of links in Furo's sidebar (``.sidebar-tree``), the page's
#:   contents (``.toc-tree``) and the page's own toctrees (``.toctree-wrapper``).
#: - Text views under pictures (``pre.harbour-text``): the widest line and the box's width
#:   in columns (of its font's character width), and the text's lines against the lines
#:   the box shows (its height over its line height).
MEASURE = """
() => {
  const doc = document.documentElement;
  const width = doc.clientWidth;
  const name = (el) => el.tagName.toLowerCase()
    + (el.id ? '#' + el.id : '')
    + Array.from(el.classList).map((c) => '.' + c).join('');
  const held = (el) => {
    for (let a = el.parentElement; a && a !== doc; a = a.parentElement) {
      if (getComputedStyle(a).overflowX !== 'visible') return true;
    }
    return false;
  };
  const out = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.right > width + 0.5 && !held(el);
  };
  const sticking = [];
  if (doc.scrollWidth > width) {
    for (const el of document.body.querySelectorAll('*')) {
      if (out(el) && !(el.parentElement && out(el.parentElement))) {
        sticking.push(name(el) + ' reaches ' + Math.round(el.getBoundingClientRect().right) + ' px');
      }
    }
  }
  const rect = (el) => {
    const r = el.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom};
  };
  const article = document.querySelector('article');
  const pictures = article
    ? Array.from(article.querySelectorAll('svg')).filter((s) => !s.parentElement.closest('svg'))
    : [];
  const highlights = [];
  const texts = [];
  pictures.forEach((svg, i) => {
    for (const mark of svg.querySelectorAll('[data-marks]')) {
      const key = mark.getAttribute('data-marks');
      const site = Array.from(svg.querySelectorAll('[data-site]'))
        .find((s) => s.getAttribute('data-site') === key);
      highlights.push({picture: i, marks: key, outline: rect(mark), site: site ? rect(site) : null});
    }
    let smallest = null;
    for (const t of svg.querySelectorAll('text')) {
      const m = t.getScreenCTM();
      if (!m || !t.textContent.trim()) continue;
      const px = parseFloat(getComputedStyle(t).fontSize) * Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
      if (smallest === null || px < smallest.px) smallest = {picture: i, text: t.textContent, px: px};
    }
    if (smallest !== null) texts.push(smallest);
  });
  const walk = (list) => Array.from(list.children).filter((li) => li.tagName === 'LI').map((li) => {
    const a = li.querySelector(':scope > a');
    const href = a ? a.href : '';
    const sub = Array.from(li.querySelectorAll(':scope > ul')).flatMap(walk);
    return {
      text: a ? a.textContent.trim().replace(/\\s+/g, ' ') : '',
      object: !!a && a.children.length === 1 && a.firstElementChild.tagName === 'CODE',
      page: href.split('#')[0],
      section: href.includes('#') && href.split('#')[1] !== '',
      children: sub,
    };
  });
  const trees = [];
  for (const kind of ['.sidebar-tree', '.toc-tree', '.toctree-wrapper']) {
    for (const root of document.querySelectorAll(kind)) {
      trees.push({kind: kind, entries: Array.from(root.querySelectorAll(':scope > ul')).flatMap(walk)});
    }
  }
  const boxes = Array.from(document.querySelectorAll('pre.harbour-text')).map((pre) => {
    const style = getComputedStyle(pre);
    const probe = document.createElement('span');
    probe.textContent = 'x'.repeat(100);
    probe.style.whiteSpace = 'pre';
    pre.appendChild(probe);
    const ch = probe.getBoundingClientRect().width / 100;
    probe.remove();
    const pad = (a, b) => parseFloat(style[a]) + parseFloat(style[b]);
    const lines = pre.textContent.replace(/\\n$/, '').split('\\n');
    return {
      longest: Math.max(...lines.map((line) => line.length)),
      columns: Math.floor((pre.clientWidth - pad('paddingLeft', 'paddingRight')) / ch + 0.01),
      lines: lines.length,
      shown: Math.round((pre.scrollHeight - pad('paddingTop', 'paddingBottom'))
        / parseFloat(style.lineHeight)),
    };
  });
  return {
    url: location.href,
    scroll_width: doc.scrollWidth,
    client_width: width,
    sticking_out: sticking.slice(0, 5),
    pictures: pictures.length,
    highlights: highlights,
    smallest_texts: texts,
    trees: trees,
    text_boxes: boxes,
  };
}
"""


def measure(page: Page) -> Measurement:
    """Measure the page loaded in ``page``."""
    return cast(Measurement, page.evaluate(MEASURE))


def sideways(m: Measurement) -> list[str]:
    """The page scrolls sideways: it is wider than the window."""
    if m["scroll_width"] <= m["client_width"]:
        return []
    return [
        f"{m['url']}: {m['scroll_width']} px wide in a {m['client_width']} px window; "
        + ("; ".join(m["sticking_out"]) or "no element found sticking out")
    ]


def stray_highlights(m: Measurement) -> list[str]:
    """A highlight outline that is not along the edge of the card (or tile) it marks."""
    problems = []
    for h in m["highlights"]:
        where = f"{m['url']}: picture {h['picture']}, the highlight of {h['marks']}"
        site, outline = h["site"], h["outline"]
        if site is None:
            problems.append(f"{where} marks no site of the picture")
            continue
        inside = (
            outline["left"] >= site["left"] - 0.5
            and outline["top"] >= site["top"] - 0.5
            and outline["right"] <= site["right"] + 0.5
            and outline["bottom"] <= site["bottom"] + 0.5
        )
        area = (site["right"] - site["left"]) * (site["bottom"] - site["top"])
        drawn = (outline["right"] - outline["left"]) * (outline["bottom"] - outline["top"])
        if not inside or drawn < MIN_COVER * area:
            problems.append(f"{where} lies at {_box(outline)}, the site at {_box(site)}")
    return problems


def small_text(m: Measurement, least: float = MIN_TEXT_PX) -> list[str]:
    """Text in a picture smaller than ``least`` CSS pixels."""
    return [
        f"{m['url']}: picture {t['picture']} has text {t['px']:.1f} px high ({t['text']!r})"
        for t in m["smallest_texts"]
        if t["px"] < least - 1e-6
    ]


def repeated_navigation(m: Measurement) -> list[str]:
    """A page listed twice in the sidebar, or a navigation entry repeated.

    In Furo's sidebar every page is one entry, at whatever depth (it lists the pages' titles
    only, so a link to a section of a page counts as that page: a page with two titles is
    listed twice). In every navigation tree of the page no entry has the label of a
    sibling, and no page or section has the label of its parent (a page whose first
    section repeats its title). An object the API documents may have the label of its
    section (the class ``Goods`` in the section "Goods").
    """
    problems = []
    for tree in m["trees"]:
        if tree["kind"] == ".sidebar-tree":
            # Furo lists titles only: an entry that links to a section is a page listed
            # again (a page with two titles), at the top or in a section's pages.
            pages = [e["page"] for e in _flat(tree["entries"])]
            for page in sorted({p for p in pages if pages.count(p) > 1}):
                problems.append(f"{m['url']}: the sidebar lists {page} {pages.count(page)} times")
        problems += [f"{m['url']}: {tree['kind']} {p}" for p in _repeats(tree["entries"], "")]
    return problems


def text_views_fit(m: Measurement) -> list[str]:
    """A text view under a picture wider than its box, or with a line the box wraps again."""
    return [
        f"{m['url']}: text view {i}: its widest line has {box['longest']} columns, the box "
        f"shows {box['columns']}; {box['lines']} lines shown as {box['shown']}"
        for i, box in enumerate(m["text_boxes"])
        if box["longest"] > box["columns"] or box["shown"] != box["lines"]
    ]


def _flat(entries: list[Entry]) -> list[Entry]:
    return [f for e in entries for f in (e, *_flat(e["children"]))]


def _repeats(entries: list[Entry], parent: str) -> list[str]:
    labels = [e["text"] for e in entries]
    found = [f"repeats {label!r}" for label in sorted(set(labels)) if labels.count(label) > 1]
    found += [
        f"has {parent!r} under {parent!r}"
        for e in entries
        if parent and e["text"] == parent and not e["object"]
    ]
    for e in entries:
        found += _repeats(e["children"], e["text"])
    return found


def _box(r: Rect) -> str:
    return f"({r['left']:.0f}, {r['top']:.0f})–({r['right']:.0f}, {r['bottom']:.0f})"
