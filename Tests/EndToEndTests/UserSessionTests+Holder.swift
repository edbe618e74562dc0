import Foundation
import TestSupport
import Testing

extension UserSessionTests {
    @Test("Race 4: units named after every PID notify could get take nothing from the holder: it still gets a scope of its own")
    func holderScopeIgnoresReusedNames() throws {
        let sandbox = Sandbox()
        let work = TemporaryDirectory()
        // The old name of a holder's scope was notify's PID alone: a holder of an earlier day still
        // running in `dailyquote-hold-PID` took the name from a notify that got the same PID. Here
        // live scopes hold the names of the next 40 PIDs from a base, and the kernel's next PID is
        // set to just before it (root's /proc/sys/kernel/ns_last_pid), so notify gets one of them.
        let script = #"""
            set -u
            holder_pid() { "$DQ" status --json 2>/dev/null | python3 -c 'import json,sys; h=json.load(sys.stdin).get("holder"); print(h["pid"] if h else "")'; }
            base=$(( $(cat /proc/sys/kernel/ns_last_pid) + 3000 ))
            [ $((base + 100)) -lt "$(cat /proc/sys/kernel/pid_max)" ] || base=2000
            for n in $(seq "$base" $((base + 39))); do
              systemd-run --user --scope --quiet --collect --unit="dailyquote-hold-$n" sleep 600 >/dev/null 2>&1 &
            done
            for _ in $(seq 200); do
              [ "$(systemctl --user list-units 'dailyquote-hold-*' --no-legend | wc -l)" -ge 40 ] && break; sleep 0.05
            done
            # systemd expands $ in a command line: the service's shell lines are files. The next PID
            # is set by the service's ExecStartPre, just before the manager forks its main process:
            # other processes on a busy machine take PIDs in between less often than when it is set
            # before systemd-run starts. When they still did, the holder goes and it runs again.
            printf '#!/bin/sh\necho %s >/proc/sys/kernel/ns_last_pid\n' $((base - 1)) >"$W/next-pid.sh"
            printf '#!/bin/sh\necho $$ >"%s/main-pid"\nexec "%s" notify --now\n' "$W" "$DQ" >"$W/notify.sh"
            for attempt in 1 2 3 4 5; do
              before=$(grep -c 'Notify "dailyquote"' "$MOCK_LOG")
              systemd-run --user --quiet --unit="dq-test-notify-$attempt" -p Type=oneshot -p ExecStartPre="/bin/sh $W/next-pid.sh" \
                -E HOME -E XDG_CONFIG_HOME -E XDG_CACHE_HOME -E XDG_STATE_HOME -E DBUS_SESSION_BUS_ADDRESS -E XDG_RUNTIME_DIR \
                /bin/sh "$W/notify.sh" >"$W/notify.out" 2>"$W/notify.err"
              echo $? >"$W/notify.rc"
              # A oneshot service's start job ends when its process does: systemd-run returns then.
              main=$(cat "$W/main-pid" 2>/dev/null || echo 0)
              echo "$base $main (attempt $attempt)" >>"$W/pids"
              if [ "$main" -ge "$base" ] && [ "$main" -lt $((base + 40)) ]; then echo taken >"$W/name-taken"; break; fi
              sleep 0.5
              pid=$(holder_pid)
              [ -n "$pid" ] && kill -TERM "$pid" && for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
            done
            sleep 0.5
            pid=$(holder_pid); echo "$pid" >"$W/pid"
            [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && echo alive >"$W/alive"
            cat "/proc/$pid/cgroup" >"$W/cgroup" 2>/dev/null
            echo $(( $(grep -c 'Notify "dailyquote"' "$MOCK_LOG") - before )) >"$W/notify-count"
            [ -n "$pid" ] && kill -TERM "$pid"
            true
            """#
        var environment = sandbox.environment
        environment["DQ"] = RepositoryPaths.binary
        environment["W"] = work.path
        environment["USER_SESSION_MOCK_CAPABILITIES"] = "body body-markup persistence"
        let result = try ProcessRunner.run(
            RepositoryPaths.support("with-user-session.sh"), ["bash", "-c", script], environment: environment)
        let file = { (name: String) in (try? String(contentsOfFile: work.url(name), encoding: .utf8)) ?? "" }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("name-taken") == "taken\n", "notify's PID missed the names taken (base, PID): \(file("pids"))")
        #expect(file("notify.rc") == "0\n", "\(file("notify.err"))")
        #expect(file("notify-count") == "1\n", "\(file("notify.err"))")
        #expect(file("alive") == "alive\n", "no holder outlived the notify service: \(file("notify.err"))")
        #expect(file("cgroup").contains("/dailyquote-hold-"), "the holder is not in a scope of its own: \(file("cgroup"))")
        #expect(!file("cgroup").contains(".service"), "\(file("cgroup"))")
    }
}
