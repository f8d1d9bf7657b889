"""Sphinx configuration of the docs of the rules libraries for Harbour, Machi Koro and Bremerhaven."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))

project = "Rules libraries for Harbour, Machi Koro and Bremerhaven"
author = "The developers of the rules libraries"
copyright = "2026, the developers of the rules libraries"

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "myst_parser",
    "cardref",
    "install",
    "pictures",
    "gamerefs",
    "rulebook_citations",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build"]
myst_heading_anchors = 3
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}
# The API pages' objects stay out of the navigation (the pages' own headings stay): with
# them the sidebar held some 2,400 entries on every page, and Furo's building of it took
# more than half of the build's time.
toc_object_entries = False
nitpicky = False
# Furo: a maintained theme with a dark mode and a mobile layout.
html_theme = "furo"
html_static_path = ["_static"]
html_css_files = ["harbour.css"]
# Short enough for the sidebar and for a phone's header (390 px); where the sidebar wraps
# it, a no-break space keeps Machi Koro on one line.
html_title = "Harbour, Machi\u00a0Koro, Bremerhaven"
suppress_warnings = ["myst.xref_missing"]
