# Weibo Notifier: build, test, demo and benchmark on Debian 12 with the Swift toolchain.
# `make demo` and `make test` install what they need first (`make deps`).

SWIFT ?= swift
PREFIX ?= /usr/local
# Debian packages the build and the tests need. The toolchain itself comes with the machine.
# Build: the -dev packages and pkg-config. Run: glib-networking (TLS). Tests: a private
# dbus-daemon and dbusmock's notification server.
DEB_PACKAGES := pkg-config libglib2.0-dev libsoup-3.0-dev libnotify-dev glib-networking \
	dbus python3-dbusmock libglib2.0-bin haskell-status-notifier-item-utils
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

# The notifier against its built-in sandbox for a minute (Ctrl-C stops it sooner): bubbles
# on the desktop, or printed here when there is no notification server.
demo: build
	$(BIN) demo --duration 60

# Figures for a 100-status page and for 10,000 statuses, then for the daemon (release build,
# Swift runtime linked statically as installed).
bench: deps
	$(SWIFT) build -c release --product weibo-bench
	.build/release/weibo-bench
	@echo
	$(SWIFT) build -c release --static-swift-stdlib --product weibo-notifier
	/usr/bin/python3 Scripts/bench-daemon.py .build/release/weibo-notifier

# Regenerates the bundled sample timeline (deterministic: fixed seed and time).
sample: build
	$(BIN) sample --seed 2026 --count 24 --now 1795838400 > Resources/sample-timeline.json

clean:
	$(SWIFT) package clean
