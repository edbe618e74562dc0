#!/usr/bin/env bash
# HoldStageTests: stands in for a previous holder; the process renames itself "dailyquote" (exec -a)
# so that its command line passes HoldMarker's check.
#   previous-holder.sh hold DIRECTORY   runs `dailyquote hold -f` in DIRECTORY (GNU tail renamed,
#                                       following the file DIRECTORY/hold, which must exist)
#   previous-holder.sh scheduler        runs `dailyquote 60` (sleep renamed): run's scheduler
# Exit status: that of tail or sleep, or the signal that ends it.
set -euo pipefail
case $1 in
  hold)
    cd "$2"
    exec -a dailyquote tail hold -f
    ;;
  scheduler) exec -a dailyquote sleep 60 ;;
  *)
    echo "previous-holder.sh: unknown kind $1" >&2
    exit 2
    ;;
esac
