#!/usr/bin/env bash
# TranslationsTests: builds a catalog for the pseudo-language `xx` whose every message is its
# English text in ⟦ ⟧, with gettext's tools.
#   pseudo-catalog.sh POT_DIRECTORY OUT_DIRECTORY
# POT_DIRECTORY holds dailyquote.pot; the compiled catalog goes to
# OUT_DIRECTORY/locale/xx/LC_MESSAGES/dailyquote.mo (en.po and xx.po beside it).
# Exit status: 0, or a gettext tool's failure.
set -euo pipefail
po=$1
out=$2
msgen "$po/dailyquote.pot" -o "$out/en.po"
msgfilter --keep-header -i "$out/en.po" -o "$out/xx.po" sed -e 's/^/⟦/' -e 's/$/⟧/'
mkdir -p "$out/locale/xx/LC_MESSAGES"
msgfmt --check -o "$out/locale/xx/LC_MESSAGES/dailyquote.mo" "$out/xx.po"
