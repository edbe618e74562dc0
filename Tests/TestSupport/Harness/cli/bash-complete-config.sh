#!/usr/bin/env bash
# Asks dailyquote's bash completion for `dailyquote status --config ` in DIRECTORY and prints
# the offers, sorted, a line each.
#   bash-complete-config.sh COMPLETION-SCRIPT DIRECTORY
# Exit status: 0 unless sourcing the completion or entering DIRECTORY fails.
set -euo pipefail

# shellcheck source=/dev/null
source "$1"
cd "$2"
# The variables bash's completion sets for the completion function.
# shellcheck disable=SC2034
COMP_LINE="dailyquote status --config "
# shellcheck disable=SC2034
COMP_WORDS=(dailyquote status --config "")
# shellcheck disable=SC2034
COMP_CWORD=3
# shellcheck disable=SC2034
COMP_POINT=${#COMP_LINE}
_dailyquote dailyquote "" --config
printf '%s\n' "${COMPREPLY[@]}" | sort
