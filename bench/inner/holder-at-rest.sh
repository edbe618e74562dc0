#!/usr/bin/env bash
# bench/run.sh's holder at rest (run inside with-notification-server.sh --server mock, with
# `persistence` among MOCK_CAPABILITIES): `notify --now`, then the holder's context switches (all
# threads) over BENCH_IDLE seconds; then the holder is stopped.
# Environment: DQ_BIN (the binary), BENCH_IDLE (seconds).
# Output: "SWITCHES THREADS RSS_KIB" on stdout, or "no holder" when none was left.
"$DQ_BIN" notify --now >/dev/null 2>&1
pid=$("$DQ_BIN" status --json 2>/dev/null | python3 -c "import json,sys; h=json.load(sys.stdin).get(\"holder\"); print(h[\"pid\"] if h else \"\")")
[ -n "$pid" ] || { echo "no holder"; exit 0; }
sleep 1
count() { cat /proc/"$pid"/task/*/status | awk "/ctxt_switches/ { total += \$2 } END { print total }"; }
before=$(count); sleep "$BENCH_IDLE"; after=$(count)
echo "$((after - before)) $(ls /proc/"$pid"/task | wc -l) $(awk "/^VmRSS/ { print \$2 }" /proc/"$pid"/status)"
kill -TERM "$pid"
