#!/usr/bin/env bash
# Install Debian's tmux for the test that plays every game in a real 80x24 terminal
# (tests/meeplekit/test_play_terminal.py), where this machine allows it: as root with
# apt-get. Never fails: without tmux that test skips and says why.
if command -v tmux >/dev/null 2>&1; then
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1 || [ "$(id -u)" != 0 ]; then
    echo "tmux is not installed and cannot be installed here (needs apt-get as root):" \
        "the play test in a terminal will be skipped" >&2
    exit 0
fi
echo "installing Debian's tmux for the play test in a terminal" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -q tmux >/tmp/harbour-tmux-install.log 2>&1 \
    || { apt-get update -q >>/tmp/harbour-tmux-install.log 2>&1 \
         && apt-get install -y -q tmux >>/tmp/harbour-tmux-install.log 2>&1; } \
    || echo "tmux could not be installed (see /tmp/harbour-tmux-install.log):" \
        "the play test in a terminal will be skipped" >&2
exit 0
