#!/usr/bin/env bash
# Install Debian's chromium for the docs' browser checks (tests/browser), where this machine
# allows it: as root with apt-get. Never fails: without a browser the checks skip and say why.
if command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1; then
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1 || [ "$(id -u)" != 0 ]; then
    echo "chromium is not installed and cannot be installed here (needs apt-get as root):" \
        "the docs' browser checks will be skipped" >&2
    exit 0
fi
echo "installing Debian's chromium for the docs' browser checks" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -q chromium >/tmp/harbour-chromium-install.log 2>&1 \
    || { apt-get update -q >>/tmp/harbour-chromium-install.log 2>&1 \
         && apt-get install -y -q chromium >>/tmp/harbour-chromium-install.log 2>&1; } \
    || echo "chromium could not be installed (see /tmp/harbour-chromium-install.log):" \
        "the docs' browser checks will be skipped" >&2
exit 0
