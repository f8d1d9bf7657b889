#!/usr/bin/env bash
# ensure_package.sh PACKAGE PURPOSE [COMMAND...]
# Install Debian's PACKAGE for PURPOSE (the tests that need it), where this machine allows
# it: as root with apt-get. Nothing is done when one of the COMMANDs (default: PACKAGE) is
# on the PATH already. Never fails: without the package those tests skip and say why.
package=$1
purpose=$2
shift 2
[ $# -gt 0 ] || set -- "$package"
for command in "$@"; do
    if command -v "$command" >/dev/null 2>&1; then
        exit 0
    fi
done
if ! command -v apt-get >/dev/null 2>&1 || [ "$(id -u)" != 0 ]; then
    echo "$package is not installed and cannot be installed here (needs apt-get as root):" \
        "$purpose will be skipped" >&2
    exit 0
fi
echo "installing Debian's $package for $purpose" >&2
log=/tmp/harbour-$package-install.log
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -q "$package" >"$log" 2>&1 \
    || { apt-get update -q >>"$log" 2>&1 && apt-get install -y -q "$package" >>"$log" 2>&1; } \
    || echo "$package could not be installed (see $log): $purpose will be skipped" >&2
exit 0
