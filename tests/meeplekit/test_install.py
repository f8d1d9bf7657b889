"""The install lines of the READMEs, the distributions' licences and their quick starts.

No distribution of the repository is on the package index, so every README says so and
gives the commands that work: from a clone (the shared layer's folder, then the game's) and
from the wheelhouse ``make dist`` writes. ``make dist`` runs every such line as written in
new virtual environments (``scripts/check_alone.py``); these tests check, without
installing anything, that the lines are there, one command per install, each of a shape
that script runs, and that the quick starts of the distributions' READMEs run.

The docs show the READMEs' commands (``docs/_ext/install.py`` takes them from there); every
other ``pip install`` a docs page writes must be one the script can run and the READMEs
agree with, or the compiled build's recipe of ``setup.py``.
"""

from __future__ import annotations

import ast
import doctest
import re
import tomllib
from pathlib import Path

import pytest

import bremerhaven.info
import harbour.info
import machikoro.info
from tests.support.alone import check_alone, readme_commands

ROOT = Path(__file__).resolve().parents[2]
GAMES = {
    "harbour-rules": harbour.info.EXTRAS,
    "machikoro-rules": machikoro.info.EXTRAS,
    "bremerhaven-rules": bremerhaven.info.EXTRAS,
}
DISTRIBUTIONS = ("meeplekit", "machikoro-rules", "bremerhaven-rules", "meepletable")


def _readme(distribution: str) -> Path:
    return ROOT / (
        "README.md"
        if distribution == "harbour-rules"
        else f"distributions/{distribution}/README.md"
    )


@pytest.mark.parametrize("distribution", ["harbour-rules", *DISTRIBUTIONS])
def test_each_readme_says_the_library_is_not_on_the_package_index(distribution: str) -> None:
    text = " ".join(_readme(distribution).read_text(encoding="utf-8").split())
    assert "not yet on the package index" in text


def test_each_game_has_its_clone_commands_with_and_without_the_cli_extra() -> None:
    commands = readme_commands()
    folders = {"harbour-rules": "."} | {d: f"./distributions/{d}" for d in DISTRIBUTIONS}
    for name, folder in folders.items():
        shared = "" if name == "meeplekit" else "./distributions/meeplekit "
        assert commands[("clone", name, None)] == f"pip install {shared}{folder}"
        assert commands[("wheelhouse", name, None)] == f"pip install --find-links dist {name}"
        if name in GAMES:
            assert commands[("clone", name, "cli")] == f"pip install {shared}'{folder}[cli]'"
            # The line that adds an extra is the one the game's own message prints.
            assert commands[("extra", name, "cli")] == GAMES[name].install_command("cli")


def test_every_readme_names_its_own_installs_and_the_root_readme_every_game() -> None:
    documented = check_alone.documented()
    for name in ("harbour-rules", *DISTRIBUTIONS):
        here = {
            (c.route, c.extra)
            for c in documented
            if c.where.startswith(str(_readme(name).relative_to(ROOT)) + ":")
            and c.distribution == name
        }
        wanted: set[tuple[str, str | None]] = {("clone", None), ("wheelhouse", None)}
        if name in GAMES:
            wanted |= {("clone", "cli"), ("extra", "cli")}
        assert here == wanted, name
    in_root = {c.distribution for c in documented if c.where.startswith("README.md:")}
    assert in_root == set(GAMES)


def test_the_check_refuses_lines_that_fail_or_that_it_cannot_run() -> None:
    refused = [
        "pip install harbour-rules",  # not on the package index
        "pip install .",  # harbour-rules needs meeplekit, which pip cannot find
        "pip install ./distributions/machikoro-rules",
        "pip install ./distributions/machikoro-rules ./distributions/meeplekit",
        "pip install ./distributions/meeplekit . ./distributions/machikoro-rules",
        "pip install -e ./distributions/meeplekit -e .",
        "pip install --find-links wheels harbour-rules",
        "pip install --find-links=dist harbour-rules",
        "pip install ./docs",
        "python -m pip install ./distributions/meeplekit .",
    ]
    for line in refused:
        with pytest.raises(ValueError, match=r"^README\.md:1: "):
            check_alone.parse(line, "README.md:1")
    known = check_alone.parse("pip install ./distributions/meeplekit '.[cli]'  # x", "R:1")
    assert (known.route, known.distribution, known.extra) == ("clone", "harbour-rules", "cli")


def test_two_readmes_giving_different_commands_for_one_install_are_refused() -> None:
    parse = check_alone.parse
    same = [
        parse("pip install --find-links dist meeplekit", "A:1"),
        parse("pip install --find-links dist meeplekit  # the same words", "B:1"),
    ]
    assert len(check_alone.one_each(same)) == 1
    differing = [
        parse("pip install ./distributions/meeplekit '.[cli]'", "A:1"),
        parse("pip install ./distributions/meeplekit ./.[cli]", "B:2"),
    ]
    with pytest.raises(ValueError, match=r"A:1.*B:2"):
        check_alone.one_each(differing)


@pytest.mark.parametrize("distribution", DISTRIBUTIONS)
def test_each_distribution_carries_the_repository_licence(distribution: str) -> None:
    folder = ROOT / "distributions" / distribution
    project = tomllib.loads((folder / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    # setuptools takes licence files only from inside the project's folder: a copy.
    assert (folder / "LICENSE").read_bytes() == (ROOT / "LICENSE").read_bytes()


@pytest.mark.parametrize("distribution", DISTRIBUTIONS)
def test_the_quick_start_of_each_distribution_runs(distribution: str) -> None:
    path = ROOT / "distributions" / distribution / "README.md"
    text = path.read_text(encoding="utf-8")
    assert "## Quick start" in text
    test = doctest.DocTestParser().get_doctest(text, {}, distribution, str(path), 0)
    assert "while not " in text and len(test.examples) >= 5  # a whole game, not a fragment
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


#: A ``pip install`` command in a docs page: a line of its own (after environment
#: variables: ``MEEPLEKIT_COMPILE=1 pip install ...``), or inline code.
_LINE = re.compile(r"(\w+=\S* )*pip install ")
_INLINE = re.compile(r"`(pip install[^`]*)`")


def _docs_pages() -> list[Path]:
    """Every page of the docs a reader may copy a command from (the spec pages included)."""
    pages = [
        path
        for path in (ROOT / "docs").rglob("*.md")
        if not {"_build", "research"} & set(path.relative_to(ROOT / "docs").parts)
    ]
    pages += sorted((ROOT / "src").glob("*/spec/*.md"))  # docs/spec and docs/<game>/spec
    return sorted(set(pages))


def _docs_installs() -> list[tuple[str, str]]:
    """Each ``pip install`` command of the docs' pages, with where it is written."""
    found = []
    for path in _docs_pages():
        text = path.read_text(encoding="utf-8")
        where = str(path.relative_to(ROOT))
        for number, line in enumerate(text.splitlines(), 1):
            words = line.strip().removeprefix("$ ")
            if _LINE.match(words):
                found.append((words.partition(" #")[0].rstrip(), f"{where}:{number}"))
        for match in _INLINE.finditer(text):
            number = text.count("\n", 0, match.start()) + 1
            found.append((" ".join(match[1].split()), f"{where}:{number}"))
    return found


def _compiled_recipe() -> list[str]:
    """The compiled build's commands, as ``setup.py``'s docstring gives them."""
    docstring = ast.get_docstring(ast.parse((ROOT / "setup.py").read_text(encoding="utf-8")))
    assert docstring is not None
    return [line.strip() for line in docstring.splitlines() if "pip install" in line]


def test_every_install_line_of_the_docs_is_one_the_check_runs() -> None:
    """A page's line installs from a clone, from the wheelhouse, or adds an extra by name.

    The commands agree with the READMEs' (the ones ``make dist`` runs), an extra's with the
    game's own hint, and the only other lines are the compiled build's of ``setup.py``.
    """
    recipe = _compiled_recipe()
    assert any("MEEPLEKIT_COMPILE=1" in line for line in recipe), recipe
    installs = _docs_installs()
    compiled = [line for line, _ in installs if line in recipe]
    assert compiled == recipe  # the performance page gives the whole recipe, once
    commands = [check_alone.parse(line, where) for line, where in installs if line not in recipe]
    assert len(commands) >= 10
    check_alone.one_each([*check_alone.documented(), *commands])  # as the READMEs write them
    for command in commands:
        if command.route == "extra":
            game = GAMES[command.distribution]
            assert command.extra in game.extras, command
            line = command.line.partition(" #")[0].strip()
            assert line == game.install_command(command.extra), command


def test_a_page_adding_an_extra_says_where_the_game_is_installed_first() -> None:
    """``pip install 'machikoro-rules[lab]'`` works only once Machi Koro is installed."""
    recipe = _compiled_recipe()
    extras = [
        command
        for command in (
            check_alone.parse(line, where)
            for line, where in _docs_installs()
            if line not in recipe and where.startswith("docs/")
        )
        if command.route == "extra"
    ]
    assert len({command.where.partition(":")[0] for command in extras}) >= 8
    for command in extras:
        page = (ROOT / command.where.partition(":")[0]).read_text(encoding="utf-8")
        game = command.distribution.removesuffix("-rules")
        assert f"<{game}-install>`" in page, f"{command.where}: no link to {game}'s Install"
