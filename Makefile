# VCSandbox: set-up, build, test and benchmark.
#
# `make demo` and `make test` work on a fresh Debian machine with Swift: they install the
# system packages the build needs (see DEPS below) when pkg-config cannot find them.

SWIFT      ?= swift
BIN        := .build/debug/vcsandbox
# Each system library the build needs, as pkg-config-name:debian-package.
DEPS       := lua5.4:liblua5.4-dev libedit:libedit-dev

.PHONY: all deps build release demo test lint format bench bench-deps fuzz sanitize clean install dist install-check \
  screenshots

all: build

# Installs what is missing (tools/install-packages: as root directly, otherwise through
# passwordless sudo); failing both, it prints the exact command and stops.
deps:
	@missing=""; \
	command -v pkg-config >/dev/null 2>&1 || missing="pkg-config"; \
	for dep in $(DEPS); do \
	  command -v pkg-config >/dev/null 2>&1 && pkg-config --exists $${dep%%:*} || missing="$$missing $${dep#*:}"; \
	done; \
	sh tools/install-packages required VCSandbox $$missing

build: deps
	$(SWIFT) build

# Runs the shipped scenario suite, then shows one scenario's trace.
demo: build
	$(BIN) test scripts
	@echo
	@echo "--- the trace of scripts/containment/A-2-add-child-to-visible-parent.lua ---"
	$(BIN) run scripts/containment/A-2-add-child-to-visible-parent.lua --trace

# Every test: the Swift test targets, then the scenario suite through the real binary.
# The scenarios under scripts/profiles hold for every profile: they run under iOS 12 too (M-12).
test: build lint
	python3 tools/check-types
	$(SWIFT) test
	$(BIN) test --ios 12 scripts/profiles
	$(BIN) test scripts

# Pictures of what vcsandbox draws (issue 22), as PNGs in SHOTS, rendered by headless Chromium
# (tools/screenshot; Debian's `chromium` is installed when missing, as `deps` installs): the
# README's push example as `run --diagram svg` draws it, and the HTML report of a folder where
# one scenario passes and one fails on purpose (Tests/fixtures/screenshots), so `test` must
# exit 1 there. Not part of `make test`.
SHOTS      := .build/screenshots
SHOT_CASES := Tests/fixtures/screenshots

screenshots: build
	@command -v chromium >/dev/null 2>&1 || sh tools/install-packages required "make screenshots" chromium
	mkdir -p $(SHOTS)
	$(BIN) run $(SHOT_CASES)/push.lua --diagram svg > $(SHOTS)/push.svg
	$(BIN) test $(SHOT_CASES) --reporter html --output $(SHOTS)/report.html; test $$? -eq 1
	sh tools/screenshot $(SHOTS)/push.svg $(SHOTS)/push.png
	sh tools/screenshot $(SHOTS)/report.html $(SHOTS)/report.png 1280x780

# The code's layout, as .swift-format says (swift-format ships with the Swift toolchain).
FORMATTED  := Sources Tests Package.swift

# Fails when a line of Swift departs from .swift-format; `make format` rewrites them.
lint:
	@if $(SWIFT) format --version >/dev/null 2>&1; then \
	  $(SWIFT) format lint --strict --recursive $(FORMATTED) && echo "swift format: every file follows .swift-format"; \
	else echo "swift format is not in this toolchain: the layout check is skipped"; fi

format:
	$(SWIFT) format format --in-place --recursive $(FORMATTED)

# What `make bench` compares VCSandbox with (issue 18), as command:debian-package.
BENCH_DEPS := lua5.4:lua5.4 busted:lua-busted

# The side-by-side measurement of issue 18: busted, lua5.4, the scaling table, the goals.
# About two minutes on a busy 2-core machine; a case past 120 s is stopped, not waited for.
# The fast binary, .build/release/vcsandbox: optimised, the Swift libraries linked in and no
# relocations to apply as it loads, which cuts its start-up to a third (issue 18). Every release
# build here uses the same flags, so they share one build folder.
# Release builds also link Lua in, from the archive liblua5.4-dev ships beside its shared
# library: pkg-config is pointed at a description that names only the archive (STATIC_LUA).
RELEASE    := -c release --static-swift-stdlib -Xswiftc -Xclang-linker -Xswiftc -no-pie
STATIC_LUA := $(CURDIR)/.build/static-lua
RELEASE_ENV = PKG_CONFIG_PATH=$(STATIC_LUA)

release: deps $(STATIC_LUA)/lua5.4.pc
	$(RELEASE_ENV) $(SWIFT) build $(RELEASE) --product vcsandbox

# A pkg-config description of Lua whose library folder holds only liblua5.4.a; where the
# system has no archive, the system's own description (Lua's shared library), said so. The
# folder also holds the C++ library's archive, when the toolchain's clang finds one: the
# linker, which looks there first, then links in the Swift runtime's C++ library too, and the
# loader no longer relocates libstdc++ as the program starts (half of an empty script's
# instructions, issue 18).
$(STATIC_LUA)/lua5.4.pc: Makefile | deps
	mkdir -p $(STATIC_LUA)/lib
	@cxx="$$(clang -print-file-name=libstdc++.a 2>/dev/null)"; \
	case "$$cxx" in /*) ln -sf "$$cxx" $(STATIC_LUA)/lib/libstdc++.a;; \
	  *) echo "make: no libstdc++.a: release builds load the shared C++ library";; esac
	@archive="$$(pkg-config --variable=libdir lua5.4)/liblua5.4.a"; \
	if [ -e "$$archive" ]; then \
	  ln -sf "$$archive" $(STATIC_LUA)/lib/liblua5.4.a; \
	  printf 'Name: Lua\nDescription: Lua 5.4, its archive\nVersion: %s\nLibs: -L%s -llua5.4 -lm\nCflags: %s\n' \
	    "$$(pkg-config --modversion lua5.4)" "$(STATIC_LUA)/lib" "$$(pkg-config --cflags lua5.4)" > $@; \
	else \
	  echo "make: $$archive is missing: release builds link Lua's shared library"; \
	  cp "$$(pkg-config --variable=pcfiledir lua5.4)/lua5.4.pc" $@; \
	fi

# Installs the release binary (the Swift runtime linked in: it runs where no toolchain is,
# needing only libedit and the C runtime), its manual page, and shell completions, all made by
# the argument parser from the command itself. DESTDIR stages a package's tree.
PREFIX     ?= /usr/local
VERSION    := $(shell sed -n 's/.*static let number = "\(.*\)".*/\1/p' Sources/vcsandbox/VCSandbox.swift)
ROOT        = $(DESTDIR)$(PREFIX)

install: release
	$(SWIFT) build --product generate-manual
	install -d $(ROOT)/bin $(ROOT)/share/man/man1 $(ROOT)/share/bash-completion/completions \
	  $(ROOT)/share/zsh/site-functions $(ROOT)/share/fish/vendor_completions.d
	install -m 755 .build/release/vcsandbox $(ROOT)/bin/vcsandbox
	install -d $(ROOT)/share/vcsandbox/types
	.build/release/vcsandbox types --output $(ROOT)/share/vcsandbox/types/vcsandbox.lua
	.build/debug/generate-manual .build/release/vcsandbox --date "$$(git log -1 --format=%cs 2>/dev/null || date +%F)" \
	  --output-directory $(ROOT)/share/man/man1
	.build/release/vcsandbox --generate-completion-script bash > $(ROOT)/share/bash-completion/completions/vcsandbox
	.build/release/vcsandbox --generate-completion-script zsh > $(ROOT)/share/zsh/site-functions/_vcsandbox
	.build/release/vcsandbox --generate-completion-script fish > $(ROOT)/share/fish/vendor_completions.d/vcsandbox.fish
	@echo "installed vcsandbox $(VERSION) under $(ROOT)"

# Installs into a temporary prefix and checks the installed binary stands alone: no Swift
# library loaded, the shipped scenarios run with an empty environment.
install-check:
	sh tools/check-install

# A versioned tarball of what `make install` puts under its prefix: bin/, share/.
DIST_NAME  := vcsandbox-$(VERSION)-linux-$(shell uname -m)
dist:
	rm -rf .build/dist && $(MAKE) install DESTDIR= PREFIX=$(CURDIR)/.build/dist/$(DIST_NAME)
	tar -C .build/dist -czf $(DIST_NAME).tar.gz $(DIST_NAME)
	@echo "wrote $(DIST_NAME).tar.gz"

bench: release bench-deps
	$(RELEASE_ENV) $(SWIFT) build $(RELEASE) --product vcsandbox-bench
	.build/release/vcsandbox-bench

# Installs what the bench compares with, as `deps` does; failing that, it prints the command
# and the bench skips the rows that need them.
bench-deps:
	@missing=""; \
	for dep in $(BENCH_DEPS); do \
	  command -v $${dep%%:*} >/dev/null 2>&1 || missing="$$missing $${dep#*:}"; \
	done; \
	sh tools/install-packages optional "make bench (its comparisons)" $$missing

# The property-based test (issue 17): SEEDS random scenarios (seeds FROM to FROM+SEEDS-1), every
# family of checks after every step, on one child process per core; failures are shrunk and
# written to FUZZ_OUT. `make test` runs 300 fixed seeds of it (Tests/FuzzingTests).
SEEDS      ?= 2000
FROM       ?= 1
FUZZ_OUT   ?= .build/fuzz-findings

fuzz: deps $(STATIC_LUA)/lua5.4.pc
	$(RELEASE_ENV) $(SWIFT) build $(RELEASE) --product vcsandbox-fuzz
	.build/release/vcsandbox-fuzz run --seeds $(SEEDS) --from $(FROM) --out $(FUZZ_OUT)

# The engine's and the binding's tests, and SANITIZE_SEEDS fuzz seeds, under AddressSanitizer
# then ThreadSanitizer, each in a build folder of its own (.build-asan, .build-tsan). The seeds
# are judged here only by the sanitizer: their checks are `make fuzz`'s.
# LeakSanitizer (part of AddressSanitizer) reports leaks at exit; Tests/sanitizers/leaks.supp
# names the few cycles the tests make on purpose.
SANITIZE_SEEDS ?= 300
SANITIZED      := LuaBindingTests|HierarchyEngineTests|HierarchyEngineClientTests|ScenarioSuiteTests
export LSAN_OPTIONS = suppressions=$(CURDIR)/Tests/sanitizers/leaks.supp:print_suppressions=0

sanitize: deps
	@for kind in address thread; do \
	  dir=.build-$$( [ $$kind = address ] && echo asan || echo tsan ); \
	  echo "--- $$kind sanitizer ($$dir)"; \
	  $(SWIFT) build -c debug --sanitize=$$kind --scratch-path $$dir --product vcsandbox-fuzz || exit 1; \
	  $(SWIFT) test -c debug --sanitize=$$kind --scratch-path $$dir --filter '$(SANITIZED)' || exit 1; \
	  $$dir/debug/vcsandbox-fuzz batch --from 1 --count $(SANITIZE_SEEDS) > /dev/null || \
	    { echo "$$kind sanitizer: the fuzz seeds failed (see above)"; exit 1; }; \
	  echo "$$kind sanitizer: clean"; \
	done

clean:
	rm -rf .build .build-asan .build-tsan
