#!/usr/bin/env bash
# ChildTests: writes "first", a newline and "second" (no newline) on standard output, then sleeps
# 30 s as the same process (exec), so that killing it leaves nothing behind. No arguments.
# Exit status: sleep's (0 after 30 s), or the signal that ends it.
set -euo pipefail
printf 'first\nsecond'
exec sleep 30
