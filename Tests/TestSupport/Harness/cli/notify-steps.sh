#!/usr/bin/env bash
# notify with the config CONFIG at each instant in turn (faketime), or now (--now).
#   notify-steps.sh INSTANT NAME [INSTANT NAME...]
# INSTANT is "YYYY-MM-DD HH:MM:SS" (UTC, faketime's @ form) or "now"; each step writes
# NAME.out, NAME.err and NAME.rc (notify's exit status) in $W.
# Environment: DQ, W, CONFIG; NOTIFY_ENV (optional): "nobus" runs notify with no session bus
# (no DBUS_SESSION_BUS_ADDRESS, no DISPLAY, an empty XDG_RUNTIME_DIR) for steps named nobus*.
# Each step's duration in milliseconds goes to NAME.ms.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

while [ $# -ge 2 ]; do
  instant=$1 name=$2
  shift 2
  command=("$DQ" notify --config "$CONFIG")
  if [ "$instant" = now ]; then
    command+=(--now)
  else
    command=(faketime -f "@$instant" "${command[@]}")
  fi
  if [ "${NOTIFY_ENV:-}" = nobus ] && [[ $name == nobus* ]]; then
    mkdir -p "$W/run"
    command=(env -u DBUS_SESSION_BUS_ADDRESS -u DISPLAY XDG_RUNTIME_DIR="$W/run" "${command[@]}")
  fi
  start=$(date +%s%N)
  record "$W/$name.rc" "${command[@]}" >"$W/$name.out" 2>"$W/$name.err"
  echo $((($(date +%s%N) - start) / 1000000)) >"$W/$name.ms"
done
