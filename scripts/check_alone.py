"""Each distribution installed alone works alone (run by ``make dist``).

For the shared layer's wheel and each game's wheel in ``DIST_DIR/others`` (made by
``make dist``), a new virtual environment gets that wheel, the shared layer's wheel and
their runtime dependencies from the package index, nothing else; then:

- the shared layer alone imports every module (a module that needs an extra fails with an
  ``ImportError`` that says what to install) and finds no game registered;
- a game alone is found by name (``meeplekit.registry.load_game``), is the only game
  registered, imports no other game, and plays a seeded random game to the end
  (players' moves drawn with SplitMix64, chance outcomes with their exact probabilities).

Usage: ``python scripts/check_alone.py [DIST_DIR]`` (default ``dist``); exits 1 and says
what failed.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import venv
from pathlib import Path

#: What runs inside an environment holding one game: a seeded random game to the end.
PLAY = """
import sys
from meeplekit.protocol import CHANCE, sample_chance
from meeplekit.registry import load_game, registered_names
from meeplekit.rng import SplitMix64

name = sys.argv[1]
assert registered_names() == (name,), registered_names()
game = load_game(name)
rng = SplitMix64(7)
state = game.new_game(2, seed=7)
moves = 0
while not game.is_over(state):
    if game.current_player(state) == CHANCE:
        move = sample_chance(game.chance_outcomes(state), rng)
    else:
        move = rng.choice(game.legal_moves(state))
    state = game.apply_move(state, move)
    moves += 1
others = {"harbour", "machikoro", "bremerhaven"} - {name}
assert not others & {m.split(".")[0] for m in sys.modules}, "another game was imported"
print(f"{name}: a seeded random game ended after {moves} moves;"
      f" winners {game.outcome(state).winners}")
"""

#: What runs inside an environment holding only the shared layer.
SHARED = """
import importlib, pkgutil, sys
import meeplekit
from meeplekit.registry import registered_names
extras = []
for info in pkgutil.iter_modules(meeplekit.__path__):
    try:
        importlib.import_module(f"meeplekit.{info.name}")
    except ImportError as error:  # a module of an extra must say how to install it
        assert "pip install" in str(error), (info.name, error)
        extras.append(info.name)
assert registered_names() == (), registered_names()
print(f"meeplekit: every module imports or names its extra ({', '.join(extras)});"
      " no game is registered")
"""


def _environment(folder: Path, wheels: list[Path]) -> Path:
    venv.EnvBuilder(with_pip=True).create(folder)
    python = folder / "bin" / "python"
    subprocess.run(
        [python, "-m", "pip", "install", "--quiet", *map(str, wheels)],
        check=True,
        capture_output=True,
        text=True,
    )
    return python


def main(argv: list[str]) -> int:
    """Check every wheel of ``argv[0]/others`` (default ``dist``) alone."""
    others = Path(argv[0] if argv else "dist") / "others"
    shared = sorted(others.glob("meeplekit-*.whl"))
    games = sorted(w for w in others.glob("*.whl") if not w.name.startswith("meeplekit-"))
    if len(shared) != 1:
        print(f"{others}: expected one meeplekit wheel, found {shared}", file=sys.stderr)
        return 1
    failed = False
    checks = [(shared, SHARED, None)] + [
        ([*shared, wheel], PLAY, wheel.name.split("_rules-")[0]) for wheel in games
    ]
    for wheels, script, name in checks:
        with tempfile.TemporaryDirectory() as folder:
            try:
                python = _environment(Path(folder), wheels)
                result = subprocess.run(
                    [python, "-c", script, *([name] if name else [])],
                    capture_output=True,
                    text=True,
                    cwd=folder,  # not the repository: only what was installed is importable
                )
            except subprocess.CalledProcessError as error:
                print(f"{wheels[-1].name}: installing failed:\n{error.stderr}", file=sys.stderr)
                failed = True
                continue
        if result.returncode != 0:
            print(f"{wheels[-1].name} alone:\n{result.stderr}", file=sys.stderr)
            failed = True
        else:
            print(result.stdout.strip())
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
