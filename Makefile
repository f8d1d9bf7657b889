# Two commands do all set-up on a fresh machine (Python 3.11+ and make):
#   make demo   plays one seeded game between bots and narrates it; it installs only the
#               packages and their runtime dependencies (attrs, cattrs); GAME=machikoro
#               plays Machi Koro instead of Harbour, GAME=bremerhaven Bremerhaven
#   make test   runs ruff, mypy --strict, pytest (without the long sweeps, the `soak` marker),
#               the Sphinx build (-W) with its checks in a real browser, and the
#               distribution's build and checks; it installs the dev extra and every other
#               extra, so the adapters' outside test suites run, and Debian's chromium where
#               it can; then builds the compiled wheels (mypyc) and runs the conformance
#               suite, the behaviour digest and the scenarios against them
#   make soak   runs only the long sweeps (pytest -m soak) at their full sizes; CI runs it
#               after make test (.ci/run)
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
# The package and its runtime dependencies (make demo), then every extra (make test).
RUNTIME_STAMP := $(VENV)/.runtime-stamp
STAMP := $(VENV)/.installed-stamp
# The environment that builds the compiled wheels, and the folder they are installed into.
COMPILED_VENV := .venv-compiled
COMPILED_STAMP := $(COMPILED_VENV)/.installed-stamp
COMPILED_DIR := .compiled
# The game make demo plays: harbour, machikoro or bremerhaven.
GAME ?= harbour
GAMES := harbour machikoro bremerhaven
PLAYERS ?= 3
SEED ?= 2014
DEMO_ARGS ?=
# make demo also writes the game's record (REC-1) here: a file per game, so that one
# game's demo does not overwrite another's record.
DEMO_RECORD ?= $(GAME)-demo-record.txt

.PHONY: table bench-table load postgres sweep sweep-pictures demo test soak lint typecheck pytest docs dist browser terminal bench mutation clean compiled bench-compiled test-compiled tournament bot-match studies study-seats study-readings study-buildings study-solo study-cards

$(RUNTIME_STAMP): pyproject.toml setup.py $(wildcard distributions/*/pyproject.toml)
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "Python 3.11+ is needed"'
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e distributions/meeplekit -e . -e distributions/machikoro-rules -e distributions/bremerhaven-rules -e distributions/meepletable
	touch $(RUNTIME_STAMP)

$(STAMP): $(RUNTIME_STAMP)
	$(PY) -m pip install --quiet -e '.[dev,pettingzoo,openspiel,cli,lab,cluster,pictures]' -e 'distributions/meepletable[postgresql]'
	touch $(STAMP)

demo: $(RUNTIME_STAMP)
	@case ' $(GAMES) ' in *' $(GAME) '*) ;; *) echo 'GAME must be one of: $(GAMES)' >&2; exit 2;; esac
	@$(PY) -m $(GAME).demo --players $(PLAYERS) --seed $(SEED) --record $(DEMO_RECORD) $(DEMO_ARGS)

# The web table (meepletable) on 127.0.0.1, its tables kept in TABLE_DB; it prints its
# address. Installed, the same is `meepletable serve --host --port --db`.
TABLE_HOST ?= 127.0.0.1
TABLE_PORT ?= 8000
TABLE_DB ?= data/tables.db
table: $(RUNTIME_STAMP)
	$(PY) -m meepletable serve --host $(TABLE_HOST) --port $(TABLE_PORT) --db $(TABLE_DB)

# The table under load over loopback only (scripts/load_table.py; it stops by itself and
# stops the server by its process id). bench-table: 10 tables, one scripted person and two
# bots each (the target: a person's move answered in 100 ms at the 95th percentile). load:
# 100 tables of 3 scripted people (targets: 300 accepted moves/s, p99 250 ms, no error,
# the server's peak memory 500 MB) on SQLite, then on PostgreSQL with two processes, then
# 30 tables while the server is SIGKILLed 4 times (every acknowledged move checked stored,
# no move no one sent). LOAD_ARGS adds options (--seconds, --tables, ...).
LOAD_ARGS ?=
bench-table: $(STAMP)
	$(PY) scripts/load_table.py --tables 10 --people 1 --p95 100 $(LOAD_ARGS)

load: $(STAMP) postgres
	$(PY) scripts/load_table.py --tables 100 --people 3 --rate 300 --p99 250 $(LOAD_ARGS)
	$(PY) scripts/load_table.py --tables 100 --people 3 --rate 300 --p99 250 --postgres --processes 2 $(LOAD_ARGS)
	$(PY) scripts/load_table.py --tables 30 --people 3 --seconds 40 --kill 4

# Debian's postgresql, for the table's PostgreSQL tests (a throwaway cluster each session)
# and make load's second run; they are skipped, saying why, only where it cannot be installed.
postgres:
	@bash scripts/ensure_package.sh postgresql "the table's PostgreSQL tests" pg_ctlcluster

lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

typecheck: $(STAMP)
	$(PY) -m mypy

# The tests run on every core (pytest-xdist); CI machines have 2. The long sweeps carry the
# `soak` marker ([tool.pytest.ini_options] markers): make test leaves them to make soak.
pytest: $(STAMP) terminal browser postgres
	$(PY) -m pytest -n auto -m 'not soak'

# The long sweeps only, at their full sizes: the rest of each game's seeded sweep (Harbour's
# 5,760 games past make test's first 240, Machi Koro's past 150, Bremerhaven's past 150), the
# state machines' full settings (Harbour's and the conformance suite's), a denser spread of
# Harbour's pictures, the other half of its interchange and tensor games (tests/support/soak.py).
soak: $(STAMP)
	$(PY) -m pytest -n auto -m soak

# Debian's tmux, for the test that plays every game in an 80x24 terminal; it is skipped,
# saying why, only where tmux cannot be installed.
terminal:
	@bash scripts/ensure_package.sh tmux "the play test in a terminal"

# Debian's chromium, for the browser checks of the docs (tests/browser); they are skipped,
# saying why, only where it cannot be installed.
browser:
	@bash scripts/ensure_package.sh chromium "the docs' browser checks" chromium chromium-browser

docs: $(STAMP) browser
	# A fresh build: pages of an earlier build (viewcode's) would keep an old sidebar.
	rm -rf docs/_build/html
	$(PY) -m sphinx -E -W --keep-going -q -j auto -b html docs docs/_build/html
	$(PY) scripts/check_docs.py docs/_build/html
	# One worker: two (one per window width, the tests' xdist groups) ran the checks in 249 s
	# on 2 cores against about 120 s for one, each Chromium starving the other.
	$(PY) -m pytest -o addopts= -p no:cacheprovider -q tests/browser --docs-html docs/_build/html

# The wheelhouse dist/: every distribution's wheel (python -m build) and harbour-rules' sdist,
# from which `pip install --find-links dist <game>-rules` installs any game alone (meeplekit
# comes along); their metadata (twine check --strict) and contents (scripts/check_dist.py:
# every wheel carries the licence, the sdist the tests, docs and spec); then every
# `pip install` line of the READMEs runs as written in new virtual environments, from the
# wheelhouse and from a copy of the clone, and what it installed is used there, each
# distribution alone (scripts/check_alone.py). setuptools keeps each build/ folder between
# builds (a module since removed would stay in the wheel): they go first.
DISTRIBUTIONS := $(wildcard distributions/*)
dist: $(STAMP) $(COMPILED_STAMP)
	rm -rf dist build $(addsuffix /build,$(DISTRIBUTIONS))
	$(PY) -m build --outdir dist . > dist-build.log 2>&1 || { cat dist-build.log; exit 1; }
	for d in $(DISTRIBUTIONS); do \
		$(PY) -m build --wheel --outdir dist $$d >> dist-build.log 2>&1 || { cat dist-build.log; exit 1; }; \
	done
	bash scripts/compile_wheels.sh dist $(COMPILED_VENV)/bin/python
	$(PY) -m twine check --strict dist/*
	$(PY) scripts/check_dist.py dist
	$(PY) scripts/check_alone.py dist

# The docs (Sphinx, then the browser checks in one worker) and the wheelhouse (mostly one
# core: builds and installs) run side by side, each target's output printed whole when it
# ends (--output-sync), so that make test keeps within its 10 minutes on 2 cores.
test: lint typecheck pytest
	$(MAKE) --no-print-directory -j2 --output-sync=target docs dist
	$(MAKE) --no-print-directory test-compiled COMPILED_FROM=dist

# Interleaved rounds from fresh seeds, python-chess in the same rounds, every target of issues
# 22, 23 and 36 (the bench extra): the pure build, then the compiled one (make compiled),
# issue 36's targets side by side.
# BENCH_ARGS=--fast: 5 rounds, not 30 (make bench and make bench-compiled).
BENCH_ARGS ?=
bench: $(STAMP) compiled
	$(PY) -m pip install --quiet -e '.[bench]'
	$(PY) scripts/bench.py --compiled $(COMPILED_DIR) $(BENCH_ARGS)

# The compiled build (mypyc): the same source, every distribution's rules engine compiled
# (scripts/compiled_build.py names the modules; the Performance page says more). Its
# wheels are built in their own environment, .venv-compiled (mypy, setuptools, attrs,
# cattrs), two at a time (scripts/compile_wheels.sh). make dist puts them in
# the wheelhouse beside the pure ones; make compiled installs them into .compiled, a
# folder that PYTHONPATH puts ahead of .venv's editable sources, so that .venv's tests,
# extras and scripts run against the compiled build (make test-compiled, make bench).
COMPILED_WHEELS := build/compiled-wheels
# make test sets COMPILED_FROM=dist: the wheelhouse's compiled wheels, just built.
COMPILED_FROM ?=
COMPILED_PY := PYTHONPATH=$(CURDIR)/$(COMPILED_DIR) $(CURDIR)/$(PY)

$(COMPILED_STAMP): pyproject.toml
	test -x $(COMPILED_VENV)/bin/python || $(PYTHON) -m venv $(COMPILED_VENV)
	$(COMPILED_VENV)/bin/python -m pip install --quiet --upgrade pip 'setuptools>=77' wheel 'mypy>=1.10' 'attrs>=23.1' 'cattrs>=23.2'
	touch $(COMPILED_STAMP)

# The compiled wheels (built afresh, or COMPILED_FROM's), installed into .compiled; every
# compiled module is checked to be the one imported.
compiled: $(STAMP) $(COMPILED_STAMP)
	rm -rf $(COMPILED_DIR)
	wheels=$(or $(COMPILED_FROM),$(COMPILED_WHEELS)); \
		if [ -z '$(COMPILED_FROM)' ]; then rm -rf $$wheels && bash scripts/compile_wheels.sh $$wheels $(COMPILED_VENV)/bin/python; fi \
		&& $(PY) -m pip install --quiet --no-deps --target $(COMPILED_DIR) $$wheels/*-cp3*.whl
	cd $$(mktemp -d) && $(COMPILED_PY) $(CURDIR)/scripts/compiled_build.py --check

# The conformance suite of every registered game, Harbour's behaviour digest, every game's
# scenarios and the shared engine's tests, against the compiled build (part of make test).
# The distribution's own checks belong to .venv's editable install; the lab on Ray is
# tested there too, and so is Bremerhaven's lab oracle, which watches the engine by
# patching its steps' methods and functions (compiled code calls them directly).
test-compiled: compiled
	$(COMPILED_PY) -m pytest -o addopts= -p no:cacheprovider -q -n auto -m "not soak" tests/property/test_conformance.py tests/property/harbour/test_behaviour_digest.py tests/scenarios tests/meeplekit/test_engine.py tests/meeplekit/test_memo.py --ignore=tests/scenarios/harbour/test_distribution.py --deselect tests/scenarios/machikoro/test_demo.py::test_make_demo_game_machikoro_needs_only_the_runtime_dependencies --ignore=tests/scenarios/harbour/test_lab_ray.py --ignore=tests/scenarios/machikoro/test_lab_ray.py --ignore=tests/scenarios/bremerhaven/test_lab_ray.py --deselect tests/scenarios/bremerhaven/test_lab.py::test_the_ships_and_contracts_are_those_the_engine_berthed_placed_and_resolved

bench-compiled: compiled
	$(PY) -m pip install --quiet -e '.[bench]'
	$(COMPILED_PY) scripts/bench.py $(BENCH_ARGS)

# Mutation testing of the rules engine (not part of `make test`: two to three hours on 2 cores).
# Configuration: [tool.mutmut] in pyproject.toml; HARBOUR_MUTATION_RUN selects the small
# Hypothesis profile in tests/conftest.py. Results stay in mutants/ (re-runs reuse them).
mutation: $(STAMP)
	HARBOUR_MUTATION_RUN=1 $(VENV)/bin/mutmut run
	$(PY) scripts/mutation_report.py

clean:
	rm -rf $(VENV) $(COMPILED_VENV) $(COMPILED_DIR) build dist dist-build.log dist-compile.log docs/_build .pytest_cache .mypy_cache .ruff_cache .hypothesis mutants

# ISMCTS against the greedy and the random bot, seats rotated. Harbour: 200 two-player games
# per pairing at 1000 playouts (about 30 minutes on 2 cores with the compiled build; see
# docs/bots.md); GAME=machikoro: 100 games per pairing at 200 playouts (about 6 minutes; see
# docs/machikoro/bots.md).
TOURNAMENT_ARGS_harbour := --games 200 --playouts 1000 --workers 2
TOURNAMENT_ARGS_machikoro := --games 100 --playouts 200 --workers 2
# GAME=bremerhaven: three-player games, every seating of ISMCTS, greedy and random
# (scripts/bremerhaven_tournament.py; 20 seeds x 6 seatings at 30 playouts, about 25 minutes).
TOURNAMENT_ARGS_bremerhaven := --games 20 --playouts 30 --workers 2
TOURNAMENT_ARGS ?= $(TOURNAMENT_ARGS_$(GAME))
TOURNAMENT_SCRIPT_harbour := scripts/tournament.py --game harbour
TOURNAMENT_SCRIPT_machikoro := scripts/tournament.py --game machikoro
TOURNAMENT_SCRIPT_bremerhaven := scripts/bremerhaven_tournament.py
tournament: $(STAMP)
	@case ' $(GAMES) ' in *' $(GAME) '*) ;; *) echo 'GAME must be one of: $(GAMES)' >&2; exit 2;; esac
	$(PY) $(TOURNAMENT_SCRIPT_$(GAME)) $(TOURNAMENT_ARGS) --out tournament.md

# The bot match: ISMCTS (the compiled build, make compiled) at a time budget per decision
# against the greedy bot in every game
# (or GAME=...), through the lab (scripts/bot_match.py): 2-player games, seeds 0 to 49 each
# in both seat rotations, the search stopping after BOT_MATCH_SECONDS CPU seconds per
# decision; one table of games, win rate and 95% Wilson interval per game, written to
# bot-match.md (see docs/bots.md). At 1 s per decision some 6.5 CPU hours (about 35,
# 70 and 125 searched decisions a game in Harbour, Machi Koro, Bremerhaven), so about 3.5
# hours on 2 cores; BOT_MATCH_ARGS="--games 10 --workers 2" and the like for a shorter one.
BOT_MATCH_SECONDS ?= 1
BOT_MATCH_ARGS ?= --games 50 --workers 2
bot-match: compiled
	$(COMPILED_PY) scripts/bot_match.py $(if $(filter command line,$(origin GAME)),--game $(GAME)) --seconds $(BOT_MATCH_SECONDS) $(BOT_MATCH_ARGS) --out bot-match.md

# Harbour's seeded sweep of random games over the combinations of rule readings, all 6,000
# games (make test plays the first 240, make soak the rest; about 7 minutes on 2 cores).
sweep: $(STAMP)
	$(PY) -m pytest -n auto -m '' tests/property/harbour/test_random_sweep.py

# Every position of the seeded sweep's 6,000 games drawn as SVG (make test and make soak
# draw spreads of them; this draws all, about 25 minutes on 2 cores).
sweep-pictures: $(STAMP)
	HARBOUR_PICTURE_SWEEP=all $(PY) -m pytest -n auto tests/property/harbour/test_pictures.py

# The rules lab's studies of GAME (scripts/studies.py), written to docs/studies/ for Harbour
# and docs/machikoro/studies/ for Machi Koro (GAME=machikoro), docs/bremerhaven/studies/ for
# Bremerhaven (GAME=bremerhaven); minutes each on 2 cores: Harbour's buildings ~1, readings
# ~4, seats ~9; Machi Koro's seats ~4, readings ~4; Bremerhaven's seats ~6, solo ~1, cards ~2.
STUDIES_harbour := buildings readings seats
STUDIES_machikoro := seats readings
STUDIES_bremerhaven := seats solo cards
study-seats study-readings study-buildings study-solo study-cards: $(STAMP)
	@case ' $(GAMES) ' in *' $(GAME) '*) ;; *) echo 'GAME must be one of: $(GAMES)' >&2; exit 2;; esac
	$(PY) scripts/studies.py --game $(GAME) $(@:study-%=%)

studies: $(addprefix study-,$(or $(STUDIES_$(GAME)),seats))
