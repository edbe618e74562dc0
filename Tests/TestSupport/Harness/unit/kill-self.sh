#!/usr/bin/env bash
# ChildTests, SubprocessTests: a child that ends by a signal it sends itself.
#   kill-self.sh SIGNAL        (a name kill(1) takes, e.g. TERM)
# Exit status: none; it ends by SIGNAL (128 + its number if SIGNAL is caught or ignored).
set -euo pipefail
kill -s "$1" $$
