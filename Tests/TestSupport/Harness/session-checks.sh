# shellcheck shell=bash
# The loop every desktop check shares (scripts/gnome48 check-hold, check-native and check-series;
# scripts/plasma6 check): each check in a session of its own, its output kept in
# $results/NAME/output.txt and its last `RESULT` line summed up with its time; then a summary.
# Sourced with `results` set (a directory), then:
#   session_check NAME [--informative] CMD...   runs CMD (one session) and keeps its output;
#                                               an --informative check's failure fails nothing
#   session_summary TITLE CHECK                 prints the summary and exits: 0 when every
#                                               check that must pass passed
session_failed=0
session_lines=()
session_start=$(date +%s.%N)

# Seconds since $1 (a `date +%s.%N`), in printf format $2.
session_seconds() { awk -v a="$1" -v b="$(date +%s.%N)" -v f="$2" 'BEGIN { printf f, b - a }'; }

session_check() {
  local name=$1 must=1 t0 status line
  shift
  if [ "${1:-}" = --informative ]; then
    must=0
    shift
  fi
  echo "=== $name"
  rm -rf "${results:?}/$name"
  mkdir -p "$results"
  t0=$(date +%s.%N)
  "$@" | tee "$results.$name.out"
  status=${PIPESTATUS[0]}
  mkdir -p "$results/$name" && mv "$results.$name.out" "$results/$name/output.txt"
  line=$(grep '^RESULT ' "$results/$name/output.txt" | tail -n1)
  [ -n "$line" ] || line="RESULT $name FAIL the session did not run (status $status)"
  session_lines+=("$line [$(session_seconds "$t0" %.1f) s]")
  if [ "$must" = 1 ] && [ "$status" -ne 0 ]; then session_failed=1; fi
  return 0
}

session_summary() {
  echo
  echo "=== summary ($1, $(date -u +%FT%TZ), $(session_seconds "$session_start" %.0f) s in all)"
  printf '%s\n' "${session_lines[@]}"
  if [ "$session_failed" = 0 ]; then echo "$2: PASS"; else echo "$2: FAIL"; fi
  exit "$session_failed"
}
