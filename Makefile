# Weibo Notifier: build, test, demo and benchmark on Debian 12 with the Swift toolchain.
# `make demo` and `make test` install what they need first (`make deps`).

SWIFT ?= swift
# Builds run through Scripts/without-dropped-flags.sh: SwiftPM's warning of the pkg-config
# flags it drops (GLib's -pthread) is left out of their output, and only it.
QUIET = bash Scripts/without-dropped-flags.sh
PREFIX ?= /usr/local
# Debian packages the build and the tests need. The toolchain itself comes with the machine.
# Build (BUILD_PACKAGES, all a release needs): the -dev packages, pkgconf, gcc and g++ (the
# C runtime and libstdc++ the Swift link needs), gettext (msgfmt). Run: glib-networking (TLS).
# Benchmark: libnotify-dev for its C reference. Packaging: dpkg-dev, debhelper and xz-utils
# (dpkg-buildpackage), lintian, appstream (appstreamcli validate), debootstrap and iproute2
# (the Debian 13 chroot of make test-trixie). Tests: a private dbus-daemon,
# dbusmock's notification server, a tray watcher, a real desktop (Xvfb, dunst, xdotool,
# imagemagick for screenshots), gsettings-desktop-schemas for GNOME's do-not-disturb, valgrind
# for the leak test, curl as the login tests' browser, gnome-keyring, its prompter (gcr) and secret-tool for the
# keyring tests, the real libdbusmenu client (python3-gi, gir1.2-dbusmenu-glib-0.4) for the tray
# menu, a real XFCE panel, window manager and notification server (xfce4-panel, xfwm4, xfce4-notifyd, xfconf), a
# headless sway with mako and waybar (grim for screenshots, wtype for a keyboard), the fonts of the screenshots (DejaVu,
# Noto Color Emoji: without it an emoji is a box), and locales to generate
# zh_CN.UTF-8, in which the tests also run; GNOME Shell with the AppIndicator extension, headless,
# for the tray icon on GNOME; bash-completion, zsh and fish, which the completion scripts are tried in;
# python3-pyflakes, which `make lint` checks the Python scripts with.
BUILD_PACKAGES := pkgconf gcc g++ libglib2.0-dev libsoup-3.0-dev libsecret-1-dev libgnutls28-dev libnotify-dev libdbusmenu-glib-dev \
	libgtk-3-dev libgtk-layer-shell-dev libhandy-1-dev gettext
DEB_PACKAGES := $(BUILD_PACKAGES) libnotify-dev glib-networking locales dpkg-dev debhelper xz-utils lintian appstream debootstrap iproute2 \
	dbus python3-dbusmock libglib2.0-bin haskell-status-notifier-item-utils \
	xvfb dunst xdotool x11-utils imagemagick gsettings-desktop-schemas valgrind curl gnome-keyring gcr libsecret-tools \
	python3-gi gir1.2-dbusmenu-glib-0.4 xfce4-panel xfce4-notifyd xfconf xfwm4 sway mako-notifier waybar grim wtype \
	fonts-dejavu-core fonts-noto-color-emoji fonts-wqy-microhei python3-pyatspi at-spi2-core desktop-file-utils tzdata \
	gnome-shell gnome-shell-extension-appindicator gjs bash-completion zsh fish python3-pyflakes
# What building and running the notifier need (`make build`, `make demo`): the build's packages
# and GIO's TLS. `make deps` adds the tests' peers: the desktops, about 1,000 packages.
RUN_PACKAGES := $(BUILD_PACKAGES) glib-networking
BIN := .build/debug/weibo-notifier


.PHONY: all deps run-deps build-deps check-package check-counter fuzz build test lint demo bench sample clean release install uninstall deb locale messages test-asan test-trixie test-trixie-desktops soak screenshots

# The source rules a compiler does not check (file sizes, imports, swift format); `make test` runs it.
lint:
	bash Scripts/check-sources.sh

# ARCHITECTURE.md's "Adding a counter" against the compiler: a new case of UnreadCounter on a
# scratch copy of WeiboKit must be named in the files listed there and no other (CI; 20 s).
check-counter:
	SWIFT=$(SWIFT) bash Scripts/check-new-counter.sh

# The release build: SwiftPM's own (-c release) with the toolchain's flags, the Swift runtime
# linked into each program and no RUNPATH (docs/packaging.md says why, with figures). Beyond
# that:
#   - the toolchain's own linker, lld (-use-ld=lld): Debian 13 has no gold, and GNU ld gives
#     the Swift runtime's writable .rodata no read-only-after-relocation segment (RELRO), which
#     the hardening flags ask for;
#   - --no-export-dynamic, so that --gc-sections (on in SwiftPM's release build) may drop the
#     public functions no code calls;
#   - for two builds in two folders to be the same byte for byte: no debug information (the
#     package strips it anyway; it names the Clang module cache, whose folder name hashes the
#     build folder) and no hash for incremental code generation (.swift_modhash hashes each
#     object's IR, whose module name is the object's path: zeros instead).
# A distribution's LDFLAGS (its -Wl, options, such as Debian's relro and now) reach the link;
# SWIFT_BUILD_FLAGS adds any of swift build's own. WERROR turns warnings into errors (CI sets
# it: a newer compiler's new warning must not break a distribution's build).
WERROR ?=
comma := ,
LINKER_OPTION = $(if $(filter -Wl$(comma)%,$(1)),$(addprefix -Xlinker ,$(subst $(comma), ,$(patsubst -Wl$(comma)%,%,$(1)))),$\
	$(error LDFLAGS: $(1) is not a -Wl, option, the only kind the Swift link takes))
LINK_FLAGS = $(foreach flag,$(LDFLAGS),$(call LINKER_OPTION,$(flag)))
RELEASE_FLAGS = -c release --static-swift-stdlib --disable-local-rpath -Xswiftc -use-ld=lld \
	-debug-info-format none -Xlinker --no-export-dynamic \
	-Xswiftc -Xfrontend -Xswiftc -disable-incremental-llvm-codegen \
	$(LINK_FLAGS) $(WERROR) $(SWIFT_BUILD_FLAGS)
PROGRAMS = weibo-notifier weibo-notifier-popup weibo-notifier-settings

SYSCONFDIR ?= /etc
BINDIR = $(PREFIX)/bin
DATADIR = $(PREFIX)/share
ICONS = $(notdir $(wildcard Resources/icons/hicolor/scalable/apps/*.svg))
# The menu entry, the settings window's, and the popup's (hidden from menus: it names the
# popup's window in GNOME's top bar and Alt+Tab).
DESKTOP_ENTRIES = io.github.WeiboNotifier.desktop io.github.WeiboNotifier.Settings.desktop io.github.WeiboNotifier.Popup.desktop
SYMBOLIC_ICONS = $(notdir $(wildcard Resources/icons/hicolor/symbolic/apps/*.svg))
# Shell completion (packaging/completions/, made by `weibo-notifier completion SHELL` from the
# commands' option tables; a test keeps them equal): where each shell looks for a package's.
BASH_COMPLETIONS = $(DATADIR)/bash-completion/completions
ZSH_COMPLETIONS = $(if $(filter /usr,$(PREFIX)),$(DATADIR)/zsh/vendor-completions,$(DATADIR)/zsh/site-functions)
FISH_COMPLETIONS = $(DATADIR)/fish/vendor_completions.d
# Message catalogs: po/LANG.po compiled to .build/locale/LANG/LC_MESSAGES/weibo-notifier.mo,
# where a build that is not installed finds them.
LANGUAGES = $(basename $(notdir $(wildcard po/*.po)))
CATALOGS = $(foreach lang,$(LANGUAGES),.build/locale/$(lang)/LC_MESSAGES/weibo-notifier.mo)

all: build

# Installs the missing Debian packages only; as root, or through sudo.
run-deps:
	@bash Scripts/install-packages.sh $(RUN_PACKAGES)

deps:
	@bash Scripts/install-packages.sh $(DEB_PACKAGES)
	@locale -a 2>/dev/null | grep -qix 'zh_CN.utf8' || { \
		sudo=""; [ "$$(id -u)" -eq 0 ] || sudo=sudo; \
		echo "Generating the zh_CN.UTF-8 locale"; $$sudo localedef -i zh_CN -f UTF-8 zh_CN.UTF-8; }

# What a release build needs, checked without installing anything (`make release`, `install`
# and `deb` never run apt-get or sudo; `make deps` does).
build-deps:
	@missing=$$(for p in $(BUILD_PACKAGES); do \
		dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "missing Debian packages: $$missing (make deps, or apt-get install $$missing)" >&2; exit 1; fi

# The compiled message catalogs (msgfmt --check also verifies every translation's placeholders).
locale: $(CATALOGS)

.build/locale/%/LC_MESSAGES/weibo-notifier.mo: po/%.po
	@mkdir -p $(dir $@)
	msgfmt --check -o $@ $<

# After changing messages in the sources: po/weibo-notifier.pot again, merged into every po/*.po.
messages:
	/usr/bin/python3 Scripts/update-messages.py

build: run-deps
	$(QUIET) $(SWIFT) build $(WERROR)
	$(MAKE) --no-print-directory locale

# The longest end-to-end suites, run in a process of their own (`make test`). A process runs
# as many tests at once as there are cores, and these spend their time waiting on the programs
# they drive: in one process the cores stayed half idle (163 s here, 110 s in three).
SIDE_SUITES = WeiboNotifierCLITests\.(PopupWindowTests|SettingsWindowTests|PopupPlacementTests|DaemonTests|FrozenPeerTests|LeakTests)/

test: deps
	bash Scripts/check-sources.sh
	$(MAKE) --no-print-directory locale
	$(QUIET) $(SWIFT) build --build-tests $(WERROR)
	@# Three processes: the GNOME Shell tests (20 starts of the notifier), SIDE_SUITES, and the
	@# rest, a new suite included (SwiftPM lets one `swift test` use .build at a time, so the
	@# other two run the test executable). The other two print their reports after the rest's.
	@# A failed run ends with each issue again and its messages, which a long log's middle
	@# would hide.
	@tests=.build/debug/weibo-notifierPackageTests.xctest; \
	$$tests --testing-library swift-testing --filter GnomeShellTests > .build/gnome-tests.log 2>&1 & gnome=$$!; \
	$$tests --testing-library swift-testing --filter '$(SIDE_SUITES)' > .build/side-tests.log 2>&1 & side=$$!; \
	{ $(SWIFT) test --skip-build --skip GnomeShellTests --skip '$(SIDE_SUITES)'; echo $$? > .build/tests.status; } 2>&1 \
		| tee .build/tests.log; \
	status=$$(cat .build/tests.status); \
	wait $$side || status=1; cat .build/side-tests.log; \
	wait $$gnome || status=1; cat .build/gnome-tests.log; \
	if [ "$$status" != 0 ]; then \
		echo; echo "The issues again, with their messages:"; \
		awk '/recorded an issue/ { shown = 1; print; next } shown && /^↳/ { print; next } { shown = 0 }' \
			.build/tests.log .build/side-tests.log .build/gnome-tests.log | head -200; \
	fi; exit $$status

# Every picture in docs/screenshots drawn anew by the real programs against the sandbox: the
# popup's sections (en, zh_CN) and themes, the settings window's pages (en, zh_CN, dark), and
# Debian 12's desktops with the count and a bubble (GNOME, sway, XFCE). The same tests compare
# them in `make test`, allowing for antialiasing. Look at them before committing.
GOLDEN_TESTS = WeiboNotifierCLITests\.(PopupWindowTests/eachSectionLooksAsItsGoldenImage|PopupThemeTests|SettingsWindowTests/theDocsPictures|GnomeShellTests/theCountStandsBesideTheIcon|SwayDesktopTests/aBubbleReachesMako|XfcePanelTests)
screenshots: deps
	$(MAKE) --no-print-directory locale
	$(QUIET) $(SWIFT) build --build-tests $(WERROR)
	WEIBO_NOTIFIER_UPDATE_GOLDENS=1 $(SWIFT) test --skip-build --filter '$(GOLDEN_TESTS)'

# The whole test suite once more, the programs and the tests built with the address sanitizer
# (CI runs it): a pointer used past its buffer's life, an overflow or a use after free fails the
# test with ASan's report. LeakTests is left out: valgrind, its tool, cannot run a sanitized
# program (plain `make test` runs it); LeakSanitizer is off, as GLib and GTK keep their type
# system and caches for the process's life.
ASAN_BUILD = --sanitize=address --scratch-path .build/asan
test-asan: deps
	$(MAKE) --no-print-directory locale
	$(QUIET) $(SWIFT) build --build-tests $(ASAN_BUILD) $(WERROR)
	ASAN_OPTIONS=detect_leaks=0 WEIBO_NOTIFIER_BIN=$(CURDIR)/.build/asan/debug/weibo-notifier \
		$(SWIFT) test --skip-build $(ASAN_BUILD) --skip LeakTests

# The seeded fault soak (Tests/WeiboDesktopTests/Soak): the account shell against the sandbox
# on one simulated clock, through SOAK_DAYS days for each of SOAK_SEEDS (`1-20`, or `3,7`),
# drawing faults and a user's acts, the invariants checked after every step. `make test` runs
# 2 seeds of 2 days; a broken invariant names its seed, which replays it alone.
SOAK_SEEDS ?= 1-20
SOAK_DAYS ?= 30
soak: deps
	$(SWIFT) build --build-tests $(WERROR)
	SOAK_SEEDS=$(SOAK_SEEDS) SOAK_DAYS=$(SOAK_DAYS) $(SWIFT) test --skip-build --filter FaultSoakTests

# Debian 13 as a distribution builds the package (Scripts/test-trixie.sh): a chroot made once
# and kept in .build/chroot/$(SUITE), the source package built there twice without network with
# its own swiftlang (the two .debs byte for byte the same), lintian, the .deb installed and its
# demo run, and `make test` with that toolchain. SUITE=sid tries Debian's next release.
SUITE ?= trixie
test-trixie: deps
	bash Scripts/test-trixie.sh $(SUITE)

# The desktop tests on Debian 13's own desktops (Scripts/test-trixie-desktops.sh), in the chroot
# of test-trixie with the project's .deb installed: GNOME Shell 48, Plasma 6.3 (X11), XFCE 4.20,
# sway 1.10 with mako and waybar, and dunst; SUITE=sid for the next release.
test-trixie-desktops: deps
	bash Scripts/test-trixie-desktops.sh $(SUITE)

# The notifier against its built-in sandbox for a minute (Ctrl-C stops it sooner): bubbles
# on the desktop, or printed here when there is no notification server.
demo: build
	$(BIN) demo --duration 60

# Figures for a 100-status page and for 10,000 statuses (in the library, then `timeline` as a
# whole process), then for the three programs as `make release` builds them (and installs them).
bench: deps release
	$(SWIFT) build $(RELEASE_FLAGS) --product weibo-bench
	.build/release/weibo-bench
	@echo
	/usr/bin/python3 Scripts/bench-timeline.py .build/release/weibo-notifier
	@echo
	/usr/bin/python3 Scripts/bench-daemon.py .build/release/weibo-notifier
	@echo
	/usr/bin/python3 Scripts/bench-instructions.py .build/release/weibo-notifier
	@echo
	bash Scripts/bench-accounts.sh .build/release/weibo-notifier
	@echo
	/usr/bin/python3 Scripts/bench-soak.py .build/release/weibo-notifier
	@echo
	/usr/bin/python3 Scripts/bench-popup.py .build/release/weibo-notifier
	@echo
	/usr/bin/python3 Scripts/bench-settings.py .build/release/weibo-notifier-settings

# Regenerates the bundled sample timeline (deterministic: fixed seed and time).
sample: build
	$(BIN) sample --seed 2026 --count 24 --now 1795838400 > Resources/sample-timeline.json

# The three programs, with the Swift runtime linked in: no toolchain needed where they run.
release: build-deps
	for program in $(PROGRAMS); do $(QUIET) $(SWIFT) build $(RELEASE_FLAGS) --product $$program || exit; done
	$(MAKE) --no-print-directory locale

# make install PREFIX=/usr/local DESTDIR=…: the programs (the notifier, its popup and its settings
# window), their desktop entries, icons (hicolor), the popup's window templates (.ui),
# systemd user unit and man page; no autostart entry: the notifier starts only for those who
# logged in (`weibo-notifier login` enables the user's own). make uninstall removes the same files.
install: release
	install -Dm755 .build/release/weibo-notifier $(DESTDIR)$(BINDIR)/weibo-notifier
	install -Dm755 .build/release/weibo-notifier-popup $(DESTDIR)$(BINDIR)/weibo-notifier-popup
	install -Dm755 .build/release/weibo-notifier-settings $(DESTDIR)$(BINDIR)/weibo-notifier-settings
	for entry in $(DESKTOP_ENTRIES); do install -Dm644 packaging/$$entry $(DESTDIR)$(DATADIR)/applications/$$entry; done
	for icon in $(ICONS); do install -Dm644 Resources/icons/hicolor/scalable/apps/$$icon $(DESTDIR)$(DATADIR)/icons/hicolor/scalable/apps/$$icon; done
	for icon in $(SYMBOLIC_ICONS); do install -Dm644 Resources/icons/hicolor/symbolic/apps/$$icon $(DESTDIR)$(DATADIR)/icons/hicolor/symbolic/apps/$$icon; done
	for size in 48x48 128x128; do install -Dm644 Resources/icons/hicolor/$$size/apps/io.github.WeiboNotifier.png $(DESTDIR)$(DATADIR)/icons/hicolor/$$size/apps/io.github.WeiboNotifier.png; done
	install -d $(DESTDIR)$(PREFIX)/lib/systemd/user
	sed 's|^ExecStart=.*|ExecStart=$(BINDIR)/weibo-notifier run|' packaging/weibo-notifier.service > $(DESTDIR)$(PREFIX)/lib/systemd/user/weibo-notifier.service
	install -d $(DESTDIR)$(DATADIR)/dbus-1/services
	sed 's|^Exec=.*|Exec=$(BINDIR)/weibo-notifier run|' packaging/io.github.WeiboNotifier.service > $(DESTDIR)$(DATADIR)/dbus-1/services/io.github.WeiboNotifier.service
	install -Dm644 packaging/weibo-notifier.1 $(DESTDIR)$(DATADIR)/man/man1/weibo-notifier.1
	install -Dm644 packaging/weibo-notifier-popup.1 $(DESTDIR)$(DATADIR)/man/man1/weibo-notifier-popup.1
	install -Dm644 packaging/weibo-notifier-settings.1 $(DESTDIR)$(DATADIR)/man/man1/weibo-notifier-settings.1
	install -Dm644 packaging/io.github.WeiboNotifier.metainfo.xml $(DESTDIR)$(DATADIR)/metainfo/io.github.WeiboNotifier.metainfo.xml
	install -Dm644 packaging/completions/weibo-notifier.bash $(DESTDIR)$(BASH_COMPLETIONS)/weibo-notifier
	install -Dm644 packaging/completions/_weibo-notifier $(DESTDIR)$(ZSH_COMPLETIONS)/_weibo-notifier
	install -Dm644 packaging/completions/weibo-notifier.fish $(DESTDIR)$(FISH_COMPLETIONS)/weibo-notifier.fish
	for bar in packaging/status-bars/*; do install -Dm644 $$bar $(DESTDIR)$(DATADIR)/doc/weibo-notifier/status-bars/$$(basename $$bar); done
	for lang in $(LANGUAGES); do install -Dm644 .build/locale/$$lang/LC_MESSAGES/weibo-notifier.mo $(DESTDIR)$(DATADIR)/locale/$$lang/LC_MESSAGES/weibo-notifier.mo; done
	for ui in Resources/ui/*.ui; do install -Dm644 $$ui $(DESTDIR)$(DATADIR)/weibo-notifier/ui/$$(basename $$ui); done

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/weibo-notifier $(DESTDIR)$(BINDIR)/weibo-notifier-popup $(DESTDIR)$(BINDIR)/weibo-notifier-settings
	for entry in $(DESKTOP_ENTRIES); do rm -f $(DESTDIR)$(DATADIR)/applications/$$entry; done
	rm -f $(DESTDIR)$(DATADIR)/dbus-1/services/io.github.WeiboNotifier.service
	rm -rf $(DESTDIR)$(DATADIR)/doc/weibo-notifier/status-bars
	for icon in $(ICONS); do rm -f $(DESTDIR)$(DATADIR)/icons/hicolor/scalable/apps/$$icon; done
	for icon in $(SYMBOLIC_ICONS); do rm -f $(DESTDIR)$(DATADIR)/icons/hicolor/symbolic/apps/$$icon; done
	for size in 48x48 128x128; do rm -f $(DESTDIR)$(DATADIR)/icons/hicolor/$$size/apps/io.github.WeiboNotifier.png; done
	rm -f $(DESTDIR)$(SYSCONFDIR)/xdg/autostart/io.github.WeiboNotifier.desktop
	rm -f $(DESTDIR)$(PREFIX)/lib/systemd/user/weibo-notifier.service
	rm -f $(DESTDIR)$(DATADIR)/man/man1/weibo-notifier.1 $(DESTDIR)$(DATADIR)/man/man1/weibo-notifier-popup.1
	rm -f $(DESTDIR)$(DATADIR)/man/man1/weibo-notifier-settings.1
	rm -f $(DESTDIR)$(DATADIR)/metainfo/io.github.WeiboNotifier.metainfo.xml
	rm -f $(DESTDIR)$(BASH_COMPLETIONS)/weibo-notifier $(DESTDIR)$(ZSH_COMPLETIONS)/_weibo-notifier $(DESTDIR)$(FISH_COMPLETIONS)/weibo-notifier.fish
	for lang in $(LANGUAGES); do rm -f $(DESTDIR)$(DATADIR)/locale/$$lang/LC_MESSAGES/weibo-notifier.mo; done
	rm -rf $(DESTDIR)$(DATADIR)/weibo-notifier

# The Debian package from debian/, built as a distribution builds it (Scripts/build-deb.sh):
# build/deb/weibo-notifier_VERSION_ARCH.deb, which installs with `apt install ./build/deb/….deb`.
deb: build-deps
	bash Scripts/build-deb.sh

# libFuzzer targets (Fuzz/, built with the fuzzer and address sanitizers): each runs
# FUZZ_SECONDS (default 120) from its seed corpus; prints executions, coverage and crashes per
# target. The sanitizers go to the compiler as one list: given as two flags (what
# `--sanitize=fuzzer --sanitize=address` passes), the Swift driver keeps only the last, and the
# code has no coverage for libFuzzer to follow.
FUZZ_SECONDS ?= 120
fuzz: deps
	cd Fuzz && SWIFT_BACKTRACE=enable=no $(SWIFT) build --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address
	FUZZ_SECONDS=$(FUZZ_SECONDS) bash Scripts/fuzz.sh

# The package as a distribution would check it (.ci/run runs this): the source and binary
# packages built, lintian with no error and no warning on both, the AppStream metadata valid,
# and the Depends holding libsoup's 2025 fixes.
check-package: deps
	bash Scripts/build-deb.sh --source
	appstreamcli validate --no-net packaging/io.github.WeiboNotifier.metainfo.xml
	lintian --fail-on error,warning build/deb/weibo-notifier_*.dsc build/deb/weibo-notifier_*.deb
	@dpkg-deb -f build/deb/weibo-notifier_*.deb Depends | grep -q 'libsoup-3.0-0 (>= 3.2.3-0+deb12u2)' \
		|| { echo "check-package: Depends lacks libsoup with the 2025 fixes" >&2; exit 1; }
	@echo "check-package: lintian and appstreamcli found nothing to fix; libsoup with the 2025 fixes required"

clean:
	$(SWIFT) package clean
	rm -rf build
