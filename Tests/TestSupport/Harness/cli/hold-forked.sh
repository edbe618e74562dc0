#!/usr/bin/env bash
# notify started through a link of another name, with an extra descriptor (9): records the
# holder's command line and descriptors, then a second notify, which must end the first holder.
# A forked holder keeps the link's name as argv[0]; a started one is the resolved binary.
# Environment: DQ, W (scenario.sh). Writes err1, err2, extra, cmdline, fds, first-alive, pids in $W.
# Exit status: 0 unless a step the test cannot go on without fails.
set -euo pipefail
. "$(dirname "$0")/scenario.sh"

ln -s "$DQ" "$W/dailyquote-link"
"$W/dailyquote-link" notify --now >/dev/null 2>"$W/err1" 9>"$W/extra"
first=$(holder_pid)
tr '\0' '\n' <"/proc/$first/cmdline" >"$W/cmdline" || true
for fd in /proc/"$first"/fd/*; do readlink "$fd" || true; done >"$W/fds"
"$W/dailyquote-link" notify --now >/dev/null 2>"$W/err2"
second=$(holder_pid)
alive_to "$W/first-alive" "$first"
echo "$first $second" >"$W/pids"
kill -TERM "$second"
