#!/usr/bin/env bash
# doctor --offline under the presence mocks.
# Environment: DQ, W. Writes doctor in $W. Exit status: 0.
set -euo pipefail
"$DQ" doctor --offline >"$W/doctor" 2>&1 || true
