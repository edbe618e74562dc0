#!/usr/bin/env bash
# ChildTests: a child that ends at once with a chosen status.
#   exit-status.sh STATUS
# Exit status: STATUS.
set -euo pipefail
exit "$1"
