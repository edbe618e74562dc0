# shellcheck shell=bash
# Sourced by scripts/fresh-machine, scripts/gnome48 and scripts/plasma6, which debootstrap a
# Debian chroot from the mirror this machine already uses:
#   . "$(dirname "$0")/apt-mirror.sh"; url=$(apt_mirror) || exit 1
# apt_mirror prints the URI of the first enabled `deb` source of this machine's apt
# configuration (/etc/apt/sources.list, then sources.list.d/*.list one-line entries and *.sources
# deb822 stanzas) that serves its Debian release (VERSION_CODENAME in /etc/os-release, or
# stable, testing, unstable, sid). Where there is none it prints one line on stderr and returns 1:
# no mirror is written in the repository (issue 43), so there is nothing to fall back to.
# APT_MIRROR_ROOT (default /) reads another root's files, for a check by hand.

apt_mirror() {
  local root=${APT_MIRROR_ROOT:-/} codename="" file url
  root=${root%/}
  codename=$(. "$root/etc/os-release" 2>/dev/null && echo "${VERSION_CODENAME:-}") || true
  local files=()
  [ -f "$root/etc/apt/sources.list" ] && files+=("$root/etc/apt/sources.list")
  for file in "$root"/etc/apt/sources.list.d/*.list "$root"/etc/apt/sources.list.d/*.sources; do
    [ -f "$file" ] && files+=("$file")
  done
  url=""
  for file in "${files[@]}"; do
    url=$(awk -v codename="$codename" '
      function serves(suites,   n, i, s, all) {
        n = split(suites, all, /[ \t]+/)
        for (i = 1; i <= n; i++) {
          s = all[i]
          if (s != "" && (s == codename || s == "stable" || s == "testing" || s == "unstable" || s == "sid")) return 1
        }
        return 0
      }
      function stanza_end() {
        if (types ~ /(^|[ \t])deb([ \t]|$)/ && enabled !~ /^[ \t]*(no|false)[ \t]*$/ && uris != "" && serves(suites)) {
          split(uris, first, /[ \t]+/); print first[1]; found = 1; exit
        }
        types = ""; uris = ""; suites = ""; enabled = ""
      }
      FILENAME ~ /\.sources$/ {
        if ($0 ~ /^[ \t]*$/) { stanza_end(); next }
        if ($0 ~ /^#/) next
        key = tolower($0); sub(/:.*/, "", key)
        value = $0; sub(/^[^:]*:[ \t]*/, "", value)
        if (key == "types") types = value
        else if (key == "uris") uris = value
        else if (key == "suites") suites = value
        else if (key == "enabled") enabled = tolower(value)
        next
      }
      /^[ \t]*deb[ \t]/ {
        line = $0; sub(/#.*/, "", line); sub(/^[ \t]*deb[ \t]+/, "", line)
        if (line ~ /^\[/) { sub(/^\[[^]]*\][ \t]*/, "", line) }
        split(line, word, /[ \t]+/)
        if (word[1] != "" && serves(word[2])) { print word[1]; found = 1; exit }
      }
      END { if (!found && FILENAME ~ /\.sources$/) stanza_end() }
    ' "$file")
    [ -n "$url" ] && break
  done
  if [ -z "$url" ]; then
    echo "${0##*/}: no Debian mirror in this machine's apt sources (a deb entry for ${codename:-its release} in $root/etc/apt/sources.list or sources.list.d/*.list, *.sources); add one, then run this again" >&2
    return 1
  fi
  echo "${url%/}"
}
