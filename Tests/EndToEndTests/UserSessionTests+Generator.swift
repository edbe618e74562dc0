import Foundation
import TestSupport
import Testing

extension UserSessionTests {
    /// The lines of `name` in `file` (`KEY=VALUE` lines of `systemctl show`), as a dictionary.
    static func properties(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            result[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return result
    }

    @Test(
        "The user generator in a real user manager: timers with no install, config edits applied by the path unit, opt-out, and install's units first"
    )
    func generatorInUserManager() throws {
        let sandbox = Sandbox()
        // A generator directory of this test's own: the manager searches $SYSTEMD_GENERATOR_PATH
        // instead of /usr/lib/systemd/user-generators, so other sessions on the machine never see it.
        let generators = TemporaryDirectory()
        try FileManager.default.createSymbolicLink(
            atPath: generators.url("dailyquote-generator"), withDestinationPath: RepositoryPaths.binary)
        // The package's static config watch, where a user manager finds vendor units below the
        // generator's (XDG_DATA_HOME/systemd/user stands in for /usr/lib/systemd/user).
        let vendor = sandbox.home.url(".local/share/systemd/user")
        try FileManager.default.createDirectory(atPath: vendor + "/paths.target.wants", withIntermediateDirectories: true)
        for name in ["dailyquote-config.path", "dailyquote-config.service"] {
            try FileManager.default.copyItem(atPath: "\(RepositoryPaths.root)/packaging/systemd-user/\(name)", toPath: "\(vendor)/\(name)")
        }
        try FileManager.default.createSymbolicLink(
            atPath: vendor + "/paths.target.wants/dailyquote-config.path", withDestinationPath: "../dailyquote-config.path")
        let config = sandbox.home.url("config/dailyquote/config.toml")
        let work = TemporaryDirectory()
        let script = """
            set -u
            show() { systemctl --user show "$1" -p "$2" --value; }
            # Waits up to 10 s until `show UNIT PROPERTY` contains TEXT.
            await() { for _ in $(seq 200); do show "$1" "$2" | grep -q -- "$3" && return 0; sleep 0.05; done; return 1; }
            # Then until the watch's service has finished: a path unit does not trigger while the
            # unit it starts is still running, so an edit in that fraction of a second would wait
            # for the next one.
            settle() { await "$@"; r=$?; await dailyquote-config.service ActiveState "^inactive" || r=1; return $r; }
            show dailyquote-notify.timer TimersCalendar >"$W/calendar0"
            show dailyquote-notify.timer UnitFileState >"$W/state0"
            show dailyquote-notify.timer ActiveState >"$W/active0"
            show dailyquote-notify.timer FragmentPath >"$W/fragment0"
            show dailyquote-refresh.timer ActiveState >"$W/refresh0"
            show dailyquote-config.path ActiveState >"$W/path0"
            systemctl --user list-timers --all --no-pager >"$W/list0"
            "$DQ" status --json >"$W/status0.json" 2>/dev/null
            "$DQ" status >"$W/status0.txt" 2>/dev/null
            "$DQ" doctor --offline >"$W/doctor0.txt" 2>&1

            # The config appears (and its directory with it): the path unit reloads the manager.
            mkdir -p "$(dirname "\(config)")"
            printf '[delivery]\\nhour = 6\\nminute = 5\\n' >"\(config).new" && mv "\(config).new" "\(config)"
            settle dailyquote-notify.timer TimersCalendar "06:05:00" && echo yes >"$W/applied1"
            show dailyquote-notify.timer TimersCalendar >"$W/calendar1"
            # Edited in place, as an editor without renames does.
            printf '[delivery]\\nhour = 7\\nminute = 10\\n' >"\(config)"
            settle dailyquote-notify.timer TimersCalendar "07:10:00" && echo yes >"$W/applied2"
            show dailyquote-refresh.timer TimersCalendar >"$W/refresh2"

            # Opt out: the units are gone after the automatic reload.
            printf '[delivery]\\nhour = 7\\nminute = 10\\nenabled = false\\n' >"\(config)"
            settle dailyquote-notify.timer LoadState "not-found" && echo yes >"$W/disabled"
            show dailyquote-notify.timer ActiveState >"$W/active-disabled"
            show dailyquote-config.path FragmentPath >"$W/path-fragment"
            systemctl --user list-timers --all --no-pager >"$W/list-disabled"
            # On again: the package's static watch (the generator wrote none) applies it, and the
            # timers run again at once.
            printf '[delivery]\\nhour = 7\\nminute = 10\\n' >"\(config)"
            settle dailyquote-notify.timer ActiveState "^active" && echo yes >"$W/reenabled"
            show dailyquote-notify.timer TimersCalendar >"$W/calendar-reenabled"
            # The other opt-out: masking wins over the generator's unit.
            systemctl --user mask dailyquote-notify.timer >/dev/null 2>&1
            show dailyquote-notify.timer LoadState >"$W/masked"
            systemctl --user unmask dailyquote-notify.timer >/dev/null 2>&1

            # install's units in ~/.config/systemd/user take precedence over the generator's.
            printf '[delivery]\\nhour = 9\\nminute = 45\\n' >"$W/own.toml"
            "$DQ" install --no-enable --config "$W/own.toml" >"$W/install.out" 2>&1
            systemctl --user daemon-reload
            show dailyquote-notify.timer FragmentPath >"$W/fragment3"
            show dailyquote-notify.timer TimersCalendar >"$W/calendar3"
            """
        var environment = sandbox.environment
        environment["SYSTEMD_GENERATOR_PATH"] = generators.path
        environment["DQ"] = RepositoryPaths.binary
        environment["W"] = work.path
        let result = try ProcessRunner.run(
            RepositoryPaths.support("with-user-session.sh"), ["bash", "-c", script], environment: environment)
        let file = { (name: String) in (try? String(contentsOfFile: work.url(name), encoding: .utf8)) ?? "" }
        #expect(result.status == 0, "\(result.stderr)")

        // Installed by nothing but the generator: the 08:00 default, enabled and running.
        #expect(file("calendar0").contains("OnCalendar=*-*-* 08:00:00 UTC"), "\(file("calendar0")) \(result.stderr)")
        #expect(file("state0") == "generated\n")
        #expect(file("active0") == "active\n")
        #expect(file("refresh0") == "active\n")
        #expect(file("path0") == "active\n")
        #expect(file("fragment0").hasSuffix("/systemd/generator/dailyquote-notify.timer\n"), "\(file("fragment0"))")
        #expect(file("list0").contains("dailyquote-notify.timer"))
        // status and doctor see the generator's units (nothing in ~/.config/systemd/user).
        let status = try JSONSerialization.jsonObject(with: Data(file("status0.json").utf8)) as? [String: Any]
        let engine = status?["engine"] as? [String: Any]
        #expect(engine?["kind"] as? String == "generator", "\(file("status0.json"))")
        #expect((engine?["generatedUnits"] as? [String])?.contains("dailyquote-notify.timer") == true)
        #expect(file("status0.txt").contains("systemd timers generated by dailyquote-generator (6 units)"), "\(file("status0.txt"))")
        #expect(file("doctor0.txt").contains("ok   units: generated by dailyquote-generator"), "\(file("doctor0.txt"))")

        #expect(file("applied1") == "yes\n", "creating the config did not apply: \(file("calendar1"))")
        #expect(file("applied2") == "yes\n", "editing the config did not apply")
        #expect(file("refresh2").contains("06:25:00"), "the refresh timer follows, 45 minutes ahead: \(file("refresh2"))")
        #expect(file("disabled") == "yes\n", "enabled = false left the units")
        #expect(file("active-disabled") == "inactive\n", "the gone timers are forgotten, not failed")
        #expect(!file("list-disabled").contains("dailyquote"), "\(file("list-disabled"))")
        #expect(file("reenabled") == "yes\n", "enabled = true again did not start the timers: \(file("calendar-reenabled"))")
        #expect(file("calendar-reenabled").contains("07:10:00"))
        #expect(file("masked") == "masked\n")
        #expect(file("path-fragment").hasSuffix("/.local/share/systemd/user/dailyquote-config.path\n"), "\(file("path-fragment"))")

        #expect(
            file("fragment3") == sandbox.home.url("config/systemd/user/dailyquote-notify.timer") + "\n",
            "\(file("fragment3")) \(file("install.out"))")
        #expect(file("calendar3").contains("09:45:00"), "\(file("calendar3"))")
    }

    @Test(
        "A key in the shell but not in the user manager: the generator writes the timers, config check warns, doctor fails the secrets check, and the timers' refresh falls back to the next source until the manager has it"
    )
    func secretOutsideTheManager() throws {
        let sandbox = Sandbox()
        let server = try QuoteServer()
        let generators = TemporaryDirectory()
        try FileManager.default.createSymbolicLink(
            atPath: generators.url("dailyquote-generator"), withDestinationPath: RepositoryPaths.binary)
        let quotes = try sandbox.home.write("quotes.txt", "A local quote stands in. -- Local\n")
        try sandbox.home.write(
            "config/dailyquote/config.toml",
            "[[source]]\ntype = \"api-ninjas\"\nurl = \"\(server.url("ninjas"))\"\nheaders = { \"X-Api-Key\" = \"${TEST_NINJAS_KEY}\" }\n"
                + "[[source]]\ntype = \"file\"\npath = \"\(quotes)\"\n")
        let work = TemporaryDirectory()
        let script = """
            set -u
            # The user's shell has the key (as ~/.bashrc would set it); the user manager does not.
            export TEST_NINJAS_KEY=secret-key
            systemctl --user show dailyquote-notify.timer -p ActiveState --value >"$W/notify-timer"
            systemctl --user show dailyquote-refresh.timer -p ActiveState --value >"$W/refresh-timer"
            "$DQ" config check >"$W/check.out" 2>"$W/check.err"; echo $? >"$W/check.rc"
            "$DQ" doctor --offline >"$W/doctor.txt" 2>&1
            systemctl --user start dailyquote-refresh.service
            "$DQ" status >"$W/status.txt" 2>/dev/null
            # Once the manager has it (environment.d at the next login; here, set-environment), the key is sent.
            systemctl --user set-environment TEST_NINJAS_KEY=secret-key
            "$DQ" config check >/dev/null 2>"$W/check2.err"
            "$DQ" doctor --offline >"$W/doctor2.txt" 2>&1
            systemctl --user start dailyquote-refresh.service
            "$DQ" status >"$W/status2.txt" 2>/dev/null
            """
        var environment = sandbox.environment
        environment["SYSTEMD_GENERATOR_PATH"] = generators.path
        environment["DQ"] = RepositoryPaths.binary
        environment["W"] = work.path
        let result = try ProcessRunner.run(
            RepositoryPaths.support("with-user-session.sh"), ["bash", "-c", script], environment: environment)
        let file = { (name: String) in (try? String(contentsOfFile: work.url(name), encoding: .utf8)) ?? "" }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("notify-timer") == "active\n", "the generator wrote no timers: \(result.stderr)")
        #expect(file("refresh-timer") == "active\n")
        #expect(file("check.rc") == "0\n", "\(file("check.err"))")
        #expect(
            file("check.err").contains("source[1].headers: TEST_NINJAS_KEY is set here but not in the systemd user manager's environment"),
            "\(file("check.err"))")
        #expect(file("check.err").contains("~/.config/environment.d/"), "\(file("check.err"))")
        #expect(
            file("doctor.txt").contains("FAIL secrets: TEST_NINJAS_KEY not in the systemd user manager's environment"),
            "\(file("doctor.txt"))")
        let refresh = file("status.txt").split(separator: "\n").first { $0.hasPrefix("last refresh:") } ?? ""
        #expect(refresh.contains("fetched \"A local quote stands in.\""), "\(file("status.txt"))")
        #expect(refresh.contains("not asked: the environment variable TEST_NINJAS_KEY"), "\(refresh)")
        #expect(!file("check2.err").contains("TEST_NINJAS_KEY"), "\(file("check2.err"))")
        #expect(
            file("doctor2.txt").contains("ok   secrets: TEST_NINJAS_KEY set here and in the systemd user manager's environment"),
            "\(file("doctor2.txt"))")
        #expect(file("status2.txt").contains("fetched \"Little strokes fell great oaks.\""), "\(file("status2.txt"))")
    }
}
