#!/usr/bin/env bash
# The compiled wheels (mypyc) of every game distribution and of the shared layer, for this
# platform, written to DIR by PYTHON (an environment with mypy, setuptools>=77, attrs and
# cattrs: make's .venv-compiled), two builds at a time; their log goes to dist-compile.log
# and is printed if a build fails. setuptools keeps each build/ folder between builds (a
# module no longer compiled would stay): they go first.
# Usage: scripts/compile_wheels.sh DIR PYTHON
set -euo pipefail
dir=$1
python=$2
cd "$(dirname "$0")/.."
sources=(. distributions/meeplekit distributions/machikoro-rules distributions/bremerhaven-rules)
for source in "${sources[@]}"; do rm -rf "$source/build"; done
mkdir -p "$dir"
if ! printf '%s\n' "${sources[@]}" | MEEPLEKIT_COMPILE=1 xargs -P 2 -I{} \
    "$python" -m pip wheel --no-build-isolation --no-deps --wheel-dir "$dir" {} > dist-compile.log 2>&1; then
    cat dist-compile.log
    echo "compile_wheels.sh: a compiled build failed (its log is above)" >&2
    exit 1
fi
