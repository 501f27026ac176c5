# Weibo Notifier: build, test, demo and benchmark on Debian 12 with the Swift toolchain.
# `make demo` and `make test` install what they need first (`make deps`).

SWIFT ?= swift
PREFIX ?= /usr/local
# Debian packages the build and the tests need. The toolchain itself comes with the machine.
DEB_PACKAGES := pkg-config libglib2.0-dev libsoup-3.0-dev libnotify-dev glib-networking
BIN := .build/debug/weibo-notifier

.PHONY: all deps build test demo bench sample clean

all: build

# Installs the missing Debian packages only; as root, or through sudo.
deps:
	@missing=$$(for p in $(DEB_PACKAGES); do \
		dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		sudo=""; [ "$$(id -u)" -eq 0 ] || sudo=sudo; \
		echo "Installing:" $$missing; \
		$$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# Until the daemon exists: the bundled sample timeline, laid out for this terminal.
demo: build
	$(BIN) timeline --file Resources/sample-timeline.json --count 8
	@echo
	@echo "The same timeline as the notifier's popup would summarise it:"
	$(BIN) timeline --file Resources/sample-timeline.json --count 4 --width 40 --compact 3

# Figures for a 100-status page and for 10,000 statuses.
bench: deps
	$(SWIFT) build -c release --product weibo-bench
	.build/release/weibo-bench

# Regenerates the bundled sample timeline (deterministic: fixed seed and time).
sample: build
	$(BIN) sample --seed 2026 --count 24 --now 1795838400 > Resources/sample-timeline.json

clean:
	$(SWIFT) package clean
