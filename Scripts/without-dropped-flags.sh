#!/usr/bin/env bash
# Runs COMMAND… (a swift build) without the one warning SwiftPM prints for each library whose
# pkg-config file asks for more than -I, -L and -l: GLib's -pthread (the Swift link has the
# thread library anyway) and libsoup's -Wl,--export-dynamic (the release link asks for the
# opposite), which SwiftPM drops. Every other line is printed; the status is COMMAND's.
#   Scripts/without-dropped-flags.sh swift build …      (the Makefile's builds)
set -o pipefail
dropped='(-pthread|-Wl,--export-dynamic)'
"$@" 2>&1 | { grep -Ev "^warning: prohibited flag\(s\): $dropped(, $dropped)*\$" || true; }
