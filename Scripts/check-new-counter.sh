#!/usr/bin/env bash
# "Adding a counter" in ARCHITECTURE.md, checked: on a scratch copy of WeiboKit, UnreadCounter
# gets a new case, and the compiler must name, as a switch that is not exhaustive, every file
# the document lists and no other (the rest follows `UnreadCounter.allCases`). `make
# check-counter`; CI runs it. SWIFT names the toolchain's swift (default: the first on PATH).
set -euo pipefail
cd "$(dirname "$0")/.."
swiftc="$(dirname "$(command -v "${SWIFT:-swift}")")/swiftc"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp -r Sources/WeiboKit "$scratch/"
counters="$scratch/WeiboKit/Models/UnreadCounts.swift"
sed -i 's/^    case follower$/&\n    case repost/' "$counters"
grep -q '^    case repost$' "$counters" || { echo "check-new-counter: no 'case follower' in UnreadCounter to add a case after" >&2; exit 1; }

mapfile -t sources < <(find "$scratch/WeiboKit" -name '*.swift' | sort)
errors=$("$swiftc" -typecheck -swift-version 6 -module-name WeiboKit -continue-building-after-errors "${sources[@]}" 2>&1 | grep -E "^$scratch/.*: error: " || true)
others=$(grep -v ": error: switch must be exhaustive$" <<<"$errors" || true)
if [ -n "$others" ]; then
	echo "check-new-counter: the new counter broke more than switches:" >&2
	echo "${others//$scratch\//}" >&2
	exit 1
fi
named=$(sed -E "s|^$scratch/([^:]+):.*|\1|" <<<"$errors" | sort -u)
listed=$(sed -n '/^## Adding a counter/,/^## [^A]/p' ARCHITECTURE.md | grep -o '`WeiboKit/[^`]*\.swift`' | tr -d '`' | sort -u)
if [ -z "$named" ] || [ "$named" != "$listed" ]; then
	echo "check-new-counter: the compiler named (left) other files than ARCHITECTURE.md lists (right):" >&2
	diff <(echo "$named") <(echo "$listed") >&2 || true
	exit 1
fi
echo "check-new-counter: a new counter is named by the compiler in the $(wc -l <<<"$named") files ARCHITECTURE.md lists ($(wc -l <<<"$errors") switches)"
