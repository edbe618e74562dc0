# For systems without dpkg: `make install PREFIX=/usr/local` (or PREFIX=$HOME/.local).
# On Debian, packaging/build-deb.sh makes a package from the same layout.
# A per-user install (PREFIX under $HOME, or /etc not writable; USER_INSTALL=1 or 0 decides
# otherwise) writes nothing outside PREFIX and the user's own directories and starts the timers
# with `dailyquote install` (packaging/install.sh). `make uninstall` removes what the install's
# manifest lists, the directories it made included.
PREFIX ?= /usr/local
SYSCONFDIR ?= /etc
DESTDIR ?=
USER_INSTALL ?= auto
# dailyquote's application id (Sources/DailyQuoteKit/Config/ApplicationID.swift).
APPID = io.github.dailyquote.DailyQuote

.PHONY: build install uninstall test

# bash for pipefail: the build's output goes through a filter (below) without hiding its status.
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c
# GLib's pkg-config files ask for -pthread, which SwiftPM refuses to pass on ("warning:
# prohibited flag(s): -pthread", a dozen times a build) and which nothing needs: glibc links
# pthreads itself. The warning says nothing a user can act on, so only it is dropped.
QUIET_PTHREAD = 2>&1 | { grep -v -F 'prohibited flag(s): -pthread' || true; }

# `make install` builds only when the binary is missing or older than a source, so that a built
# tree installs without Swift (an unprivileged user, a copy of a built tree).
BINARY = .build/release/dailyquote
$(BINARY): $(shell find Sources Resources -type f 2>/dev/null) Package.swift $(wildcard Package.resolved)
	$(MAKE) build

# The Swift runtime is linked in and the binary has no RUNPATH (neither into the toolchain nor
# $ORIGIN: no library ships beside it, and the loader would look there first). So is
# libstdc++ (only TOMLKit's toml++ and the Swift runtime use it): the linker finds its archive
# first in STATIC_CXX. Loaded as a shared library, its 1,700 symbol bindings cost 2.1 million
# instructions at every start, more than the rest of the loader (docs/performance.md).
# Two flags take work off every start (docs/performance.md):
# - `-disable-concrete-type-metadata-mangled-name-accessors`: code compiled here reaches the
#   metadata of a generic type (`[String: Int]`, `Result<X, DeliveryError>`) through an accessor
#   that names its arguments and their conformances, not through a mangled name that the runtime
#   demangles and whose requirements it checks by scanning every conformance record of the binary
#   (28% of `notify --now`'s instructions went there, 18% to the scans alone).
# - `--no-export-dynamic` undoes the `-export-dynamic` of the Swift runtime's static link: nothing
#   looks our symbols up, and the runtime's start-up `dladdr` walked all 8,500 of them.
# And for the package (docs/performance.md, packaging/README.md):
# - `-file-prefix-map`/`-ffile-prefix-map`: the build directory becomes `.` in the paths the
#   binary carries (#filePath in assertions, C's __FILE__), so a build elsewhere gives the same
#   bytes (packaging/check-reproducible.sh).
# - `-z now` (BIND_NOW, hardening-check's "Immediate binding"): 0.38 million instructions a start.
# - `-Map`: the linker's map, from which packaging/check-copyright.py checks that the copyright
#   file names every archive and object linked in.
STATIC_CXX = $(CURDIR)/.build/static-libstdc++
LINK_MAP = $(CURDIR)/.build/dailyquote.map
build:
	@# Without gcc's archive (no libstdc++-dev), the shared library is linked as before.
	@archive=$$(gcc -print-file-name=libstdc++.a 2>/dev/null); mkdir -p "$(STATIC_CXX)"; \
	  if [ -f "$$archive" ]; then ln -sf "$$archive" "$(STATIC_CXX)/libstdc++.a"; else rm -f "$(STATIC_CXX)/libstdc++.a"; fi
	. scripts/swift-env && swift build -c release --static-swift-stdlib -Xswiftc -no-toolchain-stdlib-rpath --disable-local-rpath \
	  -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
	  -Xswiftc -file-prefix-map -Xswiftc "$(CURDIR)=." -Xcc -ffile-prefix-map="$(CURDIR)=." \
	  -Xlinker --no-export-dynamic -Xlinker -z -Xlinker now -Xlinker -Map="$(LINK_MAP)" \
	  -Xlinker -L"$(STATIC_CXX)" --product dailyquote $(QUIET_PTHREAD)

install: $(BINARY)
	packaging/install.sh "$(DESTDIR)" "$(PREFIX)" "$(SYSCONFDIR)" "$(USER_INSTALL)"

uninstall:
	packaging/uninstall.sh "$(DESTDIR)" "$(PREFIX)" "$(SYSCONFDIR)"

test:
	scripts/test
