"""The built docs in a real browser: Debian's Chromium, driven by Playwright.

``make docs`` runs these tests after the Sphinx build::

    python -m pytest -o addopts= -p no:cacheprovider -q tests/browser --docs-html docs/_build/html

``--docs-html`` (required) names the built HTML. The pages are served over
``http://127.0.0.1`` by a :mod:`http.server` thread, as a reader's browser gets them. The
browser is the system's Chromium (``chromium`` on the ``PATH``; a browser downloaded by
Playwright's installer is not used); where none is installed the tests are skipped, saying
so. The main test run ignores this directory (``--ignore=tests/browser``).
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

#: Chromium's switches: headless, and nothing that reaches for the network (the machine's
#: network may be closed; without these Chromium stalls on connections).
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: The window widths the pages are checked at: a laptop and a phone, in CSS pixels.
LAPTOP = 1280
PHONE = 390


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--docs-html",
        metavar="BUILD_DIR",
        help="the built HTML docs to check (make docs builds them into docs/_build/html)",
    )


def _build_dir(config: pytest.Config) -> Path:
    """The ``--docs-html`` directory, or a usage error saying what is missing."""
    value: Any = config.getoption("docs_html", default=None)
    if not value:
        raise pytest.UsageError(
            "tests/browser needs --docs-html BUILD_DIR, the built HTML docs "
            "(python -m sphinx -b html docs docs/_build/html builds them; make docs does both)"
        )
    build = Path(value)
    if not (build / "index.html").is_file():
        raise pytest.UsageError(
            f"--docs-html {value}: no index.html there; build the docs first "
            "(python -m sphinx -b html docs docs/_build/html, or make docs)"
        )
    return build


def pytest_configure(config: pytest.Config) -> None:
    _build_dir(config)


@pytest.fixture(scope="session")
def docs_html(request: pytest.FixtureRequest) -> Path:
    """The built HTML docs."""
    return _build_dir(request.config)


def chromium() -> str | None:
    """The system's Chromium, or ``None`` where none is installed."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


@contextlib.contextmanager
def launched_chromium() -> Iterator[Browser]:
    """Headless Chromium for a block (skips, saying why, where no Chromium is installed)."""
    executable = chromium()
    if executable is None:
        pytest.skip(
            "no Chromium installed (no chromium or chromium-browser on the PATH); "
            "on Debian: apt-get install chromium"
        )
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=executable, args=CHROMIUM_ARGS, headless=True
        )
        yield launched
        launched.close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Headless Chromium (skips, saying why, where no Chromium is installed)."""
    with launched_chromium() as launched:
        yield launched


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="session")
def site(docs_html: Path) -> Iterator[str]:
    """The built docs served over HTTP on the loopback; the base URL, ending in ``/``."""
    handler = functools.partial(_Quiet, directory=str(docs_html))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def open_page(browser: Browser, width: int) -> Page:
    """A new page in a window ``width`` CSS pixels wide (at one device pixel per CSS pixel)."""
    return browser.new_page(viewport={"width": width, "height": 900}, device_scale_factor=1)
