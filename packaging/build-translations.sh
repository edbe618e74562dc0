#!/usr/bin/env bash
# Compiles the translations in po/ with gettext's msgfmt (part of packaging/stage.sh; the tests
# run it into a build directory):
#   packaging/build-translations.sh LOCALEDIR
#       LOCALEDIR/LL/LC_MESSAGES/dailyquote.mo for every po/LL.po (msgfmt --check first)
#   packaging/build-translations.sh --desktop TEMPLATE.desktop.in OUT.desktop
#       the entry with Name[LL]=, GenericName[LL]= and Comment[LL]= from every po/LL.po
#   packaging/build-translations.sh --metainfo TEMPLATE OUT.metainfo.xml
#       the AppStream metadata with xml:lang= translations of its summary, description,
#       keywords and caption (msgfmt --xml, AppStream's ITS rules)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--desktop" ]; then
  template=$2 out=$3
  # msgfmt --desktop reads the languages from po/LINGUAS.
  msgfmt --desktop --template="$template" -d po -o "$out.tmp"
  chmod 0644 "$out.tmp"
  mv "$out.tmp" "$out"
  exit 0
fi
if [ "${1:-}" = "--metainfo" ]; then
  template=$2 out=$3
  # msgfmt finds the ITS rules by the file's name (*.metainfo.xml), and reads po/LINGUAS.
  scratch=$(mktemp -d)
  cp "$template" "$scratch/template.metainfo.xml"
  msgfmt --xml --template="$scratch/template.metainfo.xml" -d po -o "$out.tmp"
  rm -r "$scratch"
  chmod 0644 "$out.tmp"
  mv "$out.tmp" "$out"
  exit 0
fi
localedir=$1
for po in po/*.po; do
  lang=$(basename "$po" .po)
  grep -qx "$lang" po/LINGUAS || { echo "build-translations: $lang is missing from po/LINGUAS" >&2; exit 1; }
  install -d "$localedir/$lang/LC_MESSAGES"
  msgfmt --check -o "$localedir/$lang/LC_MESSAGES/dailyquote.mo" "$po"
  chmod 0644 "$localedir/$lang/LC_MESSAGES/dailyquote.mo"
done
