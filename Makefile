# For systems without dpkg: `make install PREFIX=/usr/local` (or PREFIX=$HOME/.local).
# On Debian, packaging/build-deb.sh makes a package from the same layout.
PREFIX ?= /usr/local
SYSCONFDIR ?= /etc
DESTDIR ?=

.PHONY: build install uninstall test

# The Swift runtime is linked in and the binary has no RUNPATH into the toolchain.
build:
	. scripts/swift-env && swift build -c release --static-swift-stdlib -Xswiftc -no-toolchain-stdlib-rpath --product dailyquote

install: build
	packaging/stage.sh "$(DESTDIR)" "$(PREFIX)" "$(SYSCONFDIR)"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/dailyquote" "$(DESTDIR)$(PREFIX)/share/man/man1/dailyquote.1.gz" \
	  "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/dailyquote" "$(DESTDIR)$(PREFIX)/share/zsh/vendor-completions/_dailyquote" \
	  "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/dailyquote.fish" "$(DESTDIR)$(PREFIX)/share/applications/dailyquote.desktop" \
	  "$(DESTDIR)$(SYSCONFDIR)/xdg/autostart/dailyquote.desktop"
	rm -f "$(DESTDIR)$(PREFIX)/lib/systemd/user-generators/dailyquote-generator" \
	  "$(DESTDIR)$(PREFIX)/lib/systemd/user/paths.target.wants/dailyquote-config.path" \
	  "$(DESTDIR)$(PREFIX)/lib/systemd/user/dailyquote-config.path" "$(DESTDIR)$(PREFIX)/lib/systemd/user/dailyquote-config.service"
	rm -f "$(DESTDIR)$(PREFIX)"/share/icons/hicolor/*/apps/dailyquote.*
	rm -rf "$(DESTDIR)$(PREFIX)/share/doc/dailyquote"
	rm -f "$(DESTDIR)$(PREFIX)"/share/locale/*/LC_MESSAGES/dailyquote.mo

test:
	scripts/test
