#!/usr/bin/env bash
# bench/presence-wait.sh's part (run inside with-notification-server.sh --server mock and
# with-presence-mocks.sh --logind): locks the session, starts `notify` with a delivery due, finds
# the process waiting for presence (status --json), and counts its context switches (all threads)
# over BENCH_IDLE seconds; then unlocks and waits for it to end.
# Environment: PRESENCE (the mocks' control command), DQ_BIN (the binary), BENCH_CONFIG (a config
# with a delivery due now), BENCH_IDLE (seconds).
# Output: "SWITCHES THREADS RSS_KIB" on stdout, or "no wait" when no process waited.
"$PRESENCE" lock
"$DQ_BIN" notify --config "$BENCH_CONFIG" >/dev/null 2>&1 &
pid=""
for _ in $(seq 100); do
  pid=$("$DQ_BIN" status --json 2>/dev/null | python3 -c "import json,sys; w=json.load(sys.stdin).get(\"waitingForPresence\"); print(w[\"pid\"] if w else \"\")")
  [ -n "$pid" ] && break
  sleep 0.1
done
[ -n "$pid" ] || { echo "no wait"; exit 0; }
sleep 1
count() { cat /proc/"$pid"/task/*/status | awk "/ctxt_switches/ { total += \$2 } END { print total }"; }
before=$(count); sleep "$BENCH_IDLE"; after=$(count)
echo "$((after - before)) $(ls /proc/"$pid"/task | wc -l) $(awk "/^VmRSS/ { print \$2 }" /proc/"$pid"/status)"
"$PRESENCE" unlock
wait
