# The front door. `make demo` and `make test` each do their own set-up on a
# fresh Debian machine: missing packages are installed, then Swift builds.

DEBIAN_PACKAGES := pkg-config libwayland-dev wayland-protocols libpixman-1-dev libpng-dev libcairo2-dev libxkbcommon-dev xkb-data weston \
	foot grim wayland-utils libpango1.0-dev fonts-dejavu-core fonts-lohit-deva fonts-wqy-microhei wlcs \
	libdrm-dev libseat-dev libinput-dev libudev-dev swaybg wtype swaylock swayidle plasma-wayland-protocols librust-wayland-protocols-dev wl-clipboard wlsunset \
	wlr-randr kanshi xwayland libxcb1-dev libxcb-composite0-dev libxcb-icccm4-dev libxcb-xfixes0-dev xterm x11-apps python3-xlib xclip \
	libxcursor-dev adwaita-icon-theme
SWIFT ?= swift
OUT := out

.PHONY: all deps build test conformance bench demo protocols fuzz fuzz-coverage sanitize install clean vm-test

all: build

# Installs what is missing (apt-get needs root; sudo is used when present).
deps:
	@missing=$$(for p in $(DEBIAN_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing Debian packages: $$missing"; \
		sudo=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq $$missing >/dev/null; \
	fi

build: deps
	$(SWIFT) build

protocols: deps
	scripts/generate-protocols

test: deps
	scripts/generate-protocols --check
	$(SWIFT) build --build-tests
	SWIFT=$(SWIFT) scripts/test

# wlcs, the Wayland conformance suite, against the compositor in-process
# (Sources/Conformance); fails on a failure not listed in
# conformance/expected-failures.txt, or on a listed one that passes.
conformance: deps
	$(SWIFT) build --product StrataWlcs
	scripts/conformance

# The protocol fuzzer against a real `strata` (scripts/fuzz/strata_fuzz.py).
# Reproducible: `make fuzz SEED=7 REQUESTS=100000`.
SEED ?= 1
REQUESTS ?= 20000
fuzz: deps
	$(SWIFT) build --product strata
	python3 scripts/fuzz/strata_fuzz.py --strata .build/debug/strata --seed $(SEED) --requests $(REQUESTS)

# Coverage-guided fuzzing: libFuzzer with AddressSanitizer drives the
# compositor in-process (Sources/Fuzz, scripts/fuzz/README.md), built
# optimized in its own folder so it does not disturb the debug build
# (Swift keeps its overflow and bounds checks at -O; three times the
# executions of a debug build). Replays
# fuzz/regressions, fuzzes from fuzz/corpus for SECONDS, prints the
# executions and coverage; a crash, sanitizer report or leak fails it and
# leaves its input in fuzz/findings/. UNCOVERED=FILE lists the functions
# the corpus never reaches. RUNS=N bounds it to N inputs from libFuzzer's
# seed SEED as well, so a run can be repeated (CI).
SECONDS ?= 60
RUNS ?=
FUZZ_BUILD_FLAGS := --build-path .build/fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -DSTRATA_LIBFUZZER
fuzz-coverage: deps
	$(SWIFT) build -c release --product strata-fuzz-coverage $(FUZZ_BUILD_FLAGS)
	scripts/fuzz/coverage-fuzz --seconds $(SECONDS) $(if $(RUNS),--runs $(RUNS) --seed $(SEED)) $(if $(UNCOVERED),--uncovered $(UNCOVERED))

# The test suite built with AddressSanitizer, in its own build folder so it
# does not disturb the debug build, then a fuzzing round against the
# sanitized strata. (Swift 6.3 on Linux refuses -sanitize=undefined; Swift's
# own arithmetic and bounds checks trap anyway.) Leak detection is off: what
# it reports is the scene still alive when strata exits on SIGTERM (weak
# reference side tables) and proxies a test leaves behind on purpose, and
# it would turn each such exit into status 1. Memory errors still abort.
sanitize: deps
	$(SWIFT) build --build-tests --sanitize=address --build-path .build/sanitize
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --skip-build --sanitize=address --build-path .build/sanitize --disable-swift-testing
	ASAN_OPTIONS=detect_leaks=0 python3 scripts/fuzz/strata_fuzz.py --strata .build/sanitize/debug/strata --seed $(SEED) --requests 5000

# Strata's DRM backend on a real kernel driver: Debian's kernel in QEMU with
# virtio-gpu (two heads) and virtio input, running this build over 9p;
# checked by the pixels of its scanout (scripts/vm/README.md). KVM when it
# works here, else TCG. Screendumps and logs in out/vm.
vm-test: deps
	scripts/vm/deps
	$(SWIFT) build
	python3 scripts/vm/test.py --out $(OUT)/vm

bench: deps
	$(SWIFT) build -c release --product strata-bench
	$(SWIFT) build -c release --product strata
	$(SWIFT) build -c release --product strata-clock-demo
	.build/release/strata-bench

demo: deps
	$(SWIFT) build
	scripts/demo $(OUT)

# `make install PREFIX=/usr/local [DESTDIR=…]`: the strata binary, and a
# session entry display managers list (share/wayland-sessions).
PREFIX ?= /usr/local
install: deps
	$(SWIFT) build -c release --product strata
	install -Dm755 "$$($(SWIFT) build -c release --show-bin-path)/strata" "$(DESTDIR)$(PREFIX)/bin/strata"
	install -Dm644 data/strata.desktop "$(DESTDIR)$(PREFIX)/share/wayland-sessions/strata.desktop"

clean:
	rm -rf .build $(OUT)
