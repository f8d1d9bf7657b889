"""Sphinx configuration for the Harbour rules library."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))

project = "Harbour rules library"
author = "The Harbour rules library developers"
copyright = "2026, the Harbour rules library developers"

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
nitpicky = False
# Furo: a maintained theme with a dark mode and a mobile layout.
html_theme = "furo"
html_static_path = ["_static"]
html_css_files = ["harbour.css"]
html_title = "Harbour rules library"
suppress_warnings = ["myst.xref_missing"]
