"""The mutation score of the rules modules, after ``mutmut run`` (``make mutation``).

Reads the results mutmut keeps in ``mutants/``, prints the score (mutants killed or timed
out, of all) and every surviving mutant, and fails (exit status 1) when the score is below
the gate or a survivor is not listed as equivalent in ``docs/mutation.md`` (a line
starting with ``- `NAME```).

Usage: ``python scripts/mutation_report.py [--gate 0.98]``.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "mutation.md"
CAUGHT = {"killed", "timeout", "caught by type check"}


def results() -> dict[str, str]:
    """Every mutant's status, from ``mutmut results --all true``."""
    mutmut = Path(sys.executable).with_name("mutmut")
    out = subprocess.run(
        [str(mutmut), "results", "--all", "true"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    found: dict[str, str] = {}
    for line in out.splitlines():
        name, _, status = line.strip().rpartition(": ")
        if name:
            found[name] = status
    return found


def documented() -> set[str]:
    """The mutants ``docs/mutation.md`` lists as equivalent."""
    text = DOCS.read_text(encoding="utf-8") if DOCS.exists() else ""
    return set(re.findall(r"^- `([\w.]+__mutmut_\d+)`", text, re.MULTILINE))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gate", type=float, default=0.98)
    args = parser.parse_args()
    status = results()
    if not status:
        print("no mutation results: run `make mutation` (mutmut run) first")
        return 1
    counts = Counter(status.values())
    caught = sum(n for s, n in counts.items() if s in CAUGHT)
    score = caught / len(status)
    survivors = sorted(name for name, s in status.items() if s not in CAUGHT)
    listed = documented()
    print(f"mutants: {len(status)}; " + ", ".join(f"{s}: {n}" for s, n in sorted(counts.items())))
    print(f"mutation score: {caught}/{len(status)} = {score:.2%} (gate {args.gate:.0%})")
    unexplained = [name for name in survivors if name not in listed]
    for name in survivors:
        mark = "equivalent (docs/mutation.md)" if name in listed else "NOT EXPLAINED"
        print(f"  survived: {name} [{status[name]}; {mark}]")
    stale = sorted(listed - set(survivors))
    if stale:
        print(f"{len(stale)} mutant(s) listed in docs/mutation.md no longer survive: {stale}")
    if score < args.gate:
        print(f"FAILED: the score is below {args.gate:.0%}")
        return 1
    if unexplained:
        print(
            f"FAILED: {len(unexplained)} survivor(s) not listed as equivalent in docs/mutation.md"
        )
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
