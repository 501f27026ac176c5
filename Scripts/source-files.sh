#!/usr/bin/env bash
# Prints the project's own files, one a line, relative to the checkout: git's list of tracked and
# not ignored files, or, in a copy of the tree without git (a source package, the Debian 13
# test's chroot), every file but what builds leave (.build, build, Fuzz/.build).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -d .git ]; then
	git ls-files --cached --others --exclude-standard
else
	find . \( -path ./.build -o -path ./build -o -path ./Fuzz/.build \) -prune -o -type f -printf '%P\n' | LC_ALL=C sort
fi
