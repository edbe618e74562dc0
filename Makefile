# For systems without dpkg: `make install PREFIX=/usr/local` (or PREFIX=$HOME/.local).
# On Debian, packaging/build-deb.sh makes a package from the same layout.
PREFIX ?= /usr/local
SYSCONFDIR ?= /etc
DESTDIR ?=
# dailyquote's application id (Sources/DailyQuoteKit/Delivery/Gnome/ApplicationID.swift).
APPID = io.github.dailyquote.DailyQuote

.PHONY: build install uninstall test

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
STATIC_CXX = $(CURDIR)/.build/static-libstdc++
build:
	@# Without gcc's archive (no libstdc++-dev), the shared library is linked as before.
	@archive=$$(gcc -print-file-name=libstdc++.a 2>/dev/null); mkdir -p "$(STATIC_CXX)"; \
	  if [ -f "$$archive" ]; then ln -sf "$$archive" "$(STATIC_CXX)/libstdc++.a"; else rm -f "$(STATIC_CXX)/libstdc++.a"; fi
	. scripts/swift-env && swift build -c release --static-swift-stdlib -Xswiftc -no-toolchain-stdlib-rpath --disable-local-rpath \
	  -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
	  -Xlinker --no-export-dynamic -Xlinker -L"$(STATIC_CXX)" --product dailyquote

install: build
	packaging/stage.sh "$(DESTDIR)" "$(PREFIX)" "$(SYSCONFDIR)"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/dailyquote" "$(DESTDIR)$(PREFIX)/share/man/man1/dailyquote.1.gz" \
	  "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/dailyquote" "$(DESTDIR)$(PREFIX)/share/zsh/vendor-completions/_dailyquote" \
	  "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/dailyquote.fish" "$(DESTDIR)$(PREFIX)/share/applications/dailyquote.desktop" \
	  "$(DESTDIR)$(SYSCONFDIR)/xdg/autostart/dailyquote.desktop"
	# The application id's files (and the entry name before it: an install from before the id).
	rm -f "$(DESTDIR)$(PREFIX)/share/applications/$(APPID).desktop" "$(DESTDIR)$(PREFIX)/share/dbus-1/services/$(APPID).service" \
	  "$(DESTDIR)$(PREFIX)/lib/systemd/user/$(APPID).service" "$(DESTDIR)$(PREFIX)/share/systemd/user/$(APPID).service"
	rm -f "$(DESTDIR)$(PREFIX)/lib/systemd/user-generators/dailyquote-generator" \
	  "$(DESTDIR)$(PREFIX)/lib/systemd/user/paths.target.wants/dailyquote-config.path" \
	  "$(DESTDIR)$(PREFIX)/lib/systemd/user/dailyquote-config.path" "$(DESTDIR)$(PREFIX)/lib/systemd/user/dailyquote-config.service"
	rm -f "$(DESTDIR)$(PREFIX)"/share/icons/hicolor/*/apps/dailyquote.* "$(DESTDIR)$(PREFIX)"/share/icons/hicolor/*/apps/$(APPID).*
	rm -rf "$(DESTDIR)$(PREFIX)/share/doc/dailyquote"
	rm -f "$(DESTDIR)$(PREFIX)"/share/locale/*/LC_MESSAGES/dailyquote.mo
	# Release 1.0 (issue 31): the AppStream metadata (LICENSE and copyright went with share/doc/dailyquote).
	rm -f "$(DESTDIR)$(PREFIX)/share/metainfo/$(APPID).metainfo.xml"

test:
	scripts/test
