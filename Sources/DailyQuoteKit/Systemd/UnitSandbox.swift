import FoundationEssentials

/// The sandboxing of dailyquote's generated services, as far as a systemd user manager can
/// apply it.
///
/// Pure: same inputs, same lines. A user manager has no privileges: everything that needs a
/// mount or another namespace (`ProtectSystem=`, `PrivateTmp=`, `CapabilityBoundingSet=`, ...)
/// it can set up only inside a user namespace of the service's own, `PrivateUsers=yes`, and
/// systemd 252 ignores those settings without it. Where unprivileged user namespaces are off,
/// `PrivateUsers=yes` fails the service (217/USER) and `CapabilityBoundingSet=` too (218), so
/// those lines are written only where ``userNamespaces`` says the host has them; the seccomp and
/// `prctl` settings (``unprivileged``) need no privilege and are always written. A private `/tmp`
/// is left out where the session keeps something the services need under `/tmp` or `/var/tmp`
/// (``sessionTmpPaths``): a sandbox never costs a delivery.
package struct UnitSandbox: Sendable, Equatable {
    /// Whether this host lets an unprivileged user manager make a user namespace.
    package var userNamespaces: Bool
    /// Whether the services get a private `/tmp` and `/var/tmp` (with ``userNamespaces``): not
    /// where ``sessionTmpPaths`` finds the session's bus, display authority, home or dailyquote's
    /// own files there, which a private one would hide (the bus: `notify` exits 69 until its
    /// window ends; the display authority: Copy's `xclip` cannot reach the display).
    package var privateTmp = true
    /// The directories the services write: dailyquote's cache, state and data, made by the
    /// service's first step when missing (the sandbox cannot make them itself).
    package var ownDirectories: [String]
    /// Directories written when they exist: the user unit directory, where a service of
    /// `install`'s brings its units up to date (``InstalledUnitsUpdate``).
    package var optionalDirectories: [String]

    package init(userNamespaces: Bool, ownDirectories: [String], optionalDirectories: [String] = []) {
        self.userNamespaces = userNamespaces
        self.ownDirectories = ownDirectories
        self.optionalDirectories = optionalDirectories
    }

    /// The sandbox for `paths`' directories on this host, for a session with `environments`
    /// (the services' and the caller's) and the services reading `files`.
    package init(paths: AppPaths, environments: [[String: String]] = [], files: [String] = [], procSys: String = "/proc/sys") {
        self.init(
            userNamespaces: Self.hostAllowsUserNamespaces(procSys: procSys),
            ownDirectories: [paths.cacheDirectory, paths.stateDirectory, paths.dataDirectory],
            optionalDirectories: [paths.systemdUserDirectory])
        privateTmp = Self.sessionTmpPaths(environments: environments, files: files).isEmpty
    }

    /// The variables whose paths the services use: the home, the runtime directory (the bus when
    /// no address is set, a Wayland socket), the session bus (`DBUS_SESSION_BUS_ADDRESS`'s
    /// `unix:path=` entries; an abstract socket is no file), the display authority Copy's `xclip`
    /// reads, and the base directories dailyquote's files are in.
    static let sessionVariables = [
        "HOME", "XDG_RUNTIME_DIR", "DBUS_SESSION_BUS_ADDRESS", "XAUTHORITY", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME",
        "XDG_DATA_HOME",
    ]

    /// What of a session with `environments` lies under `/tmp` or `/var/tmp`, which `PrivateTmp=yes`
    /// would hide from the services: `NAME=VALUE` for a variable, or one of `files`, leaving out
    /// what lies inside one already named; empty where nothing does.
    package static func sessionTmpPaths(environments: [[String: String]], files: [String] = []) -> [String] {
        var found: [String] = []
        var named: [String] = []
        func add(_ entry: String, paths: [String]) {
            let hidden = paths.filter(isTemporary)
            guard !hidden.isEmpty, !found.contains(entry) else { return }
            guard !hidden.allSatisfy({ path in named.contains { path == $0 || path.hasPrefix($0 + "/") } }) else { return }
            found.append(entry)
            named += hidden
        }
        for environment in environments {
            for name in sessionVariables {
                guard let value = environment[name], !value.isEmpty else { continue }
                add("\(name)=\(value)", paths: name == "DBUS_SESSION_BUS_ADDRESS" ? busSocketPaths(value) : [value])
            }
        }
        for file in files { add(file, paths: [file]) }
        return found
    }

    /// The socket files of a D-Bus address list: its `unix:path=` values.
    static func busSocketPaths(_ address: String) -> [String] {
        address.split(separator: ";").filter { $0.hasPrefix("unix:") }.flatMap { entry in
            entry.dropFirst("unix:".count).split(separator: ",").compactMap { pair in
                pair.hasPrefix("path=") ? String(pair.dropFirst("path=".count)) : nil
            }
        }
    }

    /// Whether `path` is in one of the directories `PrivateTmp=yes` replaces.
    static func isTemporary(_ path: String) -> Bool {
        ["/tmp", "/var/tmp"].contains { path == $0 || path.hasPrefix($0 + "/") }
    }

    /// Whether unprivileged user namespaces are on: the kernel has them (`user.max_user_namespaces`
    /// above 0), and neither Debian's `kernel.unprivileged_userns_clone` nor Ubuntu's
    /// `kernel.apparmor_restrict_unprivileged_userns` turns them off for users.
    package static func hostAllowsUserNamespaces(procSys: String = "/proc/sys") -> Bool {
        func value(_ name: String) -> Int? {
            guard let data = FileManager.default.contents(atPath: "\(procSys)/\(name)") else { return nil }
            return Int(String(decoding: data, as: UTF8.self).trimmingWhitespace())
        }
        guard let maximum = value("user/max_user_namespaces"), maximum > 0 else { return false }
        if let clone = value("kernel/unprivileged_userns_clone"), clone == 0 { return false }
        if let restricted = value("kernel/apparmor_restrict_unprivileged_userns"), restricted != 0 { return false }
        return true
    }

    /// No privilege gain, private files, seccomp filters: what every user manager applies.
    package static let unprivileged = """
        NoNewPrivileges=yes
        UMask=0077
        KeyringMode=private
        LockPersonality=yes
        MemoryDenyWriteExecute=yes
        RestrictRealtime=yes
        RestrictSUIDSGID=yes
        RestrictNamespaces=yes
        SystemCallArchitectures=native
        SystemCallFilter=@system-service
        SystemCallFilter=~@privileged @resources
        SystemCallErrorNumber=EPERM
        """

    /// The namespaced settings: the whole system read-only, home directories included, except
    /// dailyquote's own directories; a private `/tmp` (unless ``privateTmp`` is false) and
    /// `/dev`; no capabilities; the kernel's modules, the clock and the host name out of reach.
    ///
    /// Not `ProtectKernelTunables=` or `ProtectControlGroups=`: with either, systemd 252's user
    /// manager put an empty tmpfs on a `/run` that is no mount of its own (measured), which hid
    /// the session bus; a user cannot write `/proc/sys` anyway, and only its own cgroups. Not
    /// `ProtectKernelLogs=`: a root user manager failed the service with it (226/NAMESPACE) where
    /// `/dev/kmsg` is not the kernel's; Debian's `kernel.dmesg_restrict=1` keeps the log from users.
    static let namespaced = """
        PrivateUsers=yes
        CapabilityBoundingSet=
        PrivateTmp=yes
        PrivateDevices=yes
        ProtectSystem=strict
        ProtectHome=read-only
        ProtectKernelModules=yes
        ProtectClock=yes
        ProtectHostname=yes
        """

    /// Whether `line` is one that ``lines(display:)`` writes only where the host has user
    /// namespaces (for the golden unit files, written on a host that has them, read on one that
    /// may not).
    package static func needsUserNamespace(_ line: some StringProtocol) -> Bool {
        namespacedKeys.contains(String(line.prefix { $0 != "=" }))
    }

    private static let namespacedKeys: Set<String> = Set(
        namespaced.split(separator: "\n").map { String($0.prefix { $0 != "=" }) }
            + ["ExecStartPre", "ReadWritePaths", "BindReadOnlyPaths"])

    /// The `[Service]` lines; `display` adds X11's socket directory to a private `/tmp`, for
    /// a clipboard tool (`xclip`) that a holder started from the service runs.
    package func lines(display: Bool = false) -> String {
        guard userNamespaces else { return Self.unprivileged }
        var lines = [Self.unprivileged, privateTmp ? Self.namespaced : Self.namespaced.replacing("PrivateTmp=yes\n", with: "")]
        if !ownDirectories.isEmpty {
            // `+`: without the sandbox, whose read-only home could not hold a new directory.
            lines.append("ExecStartPre=+mkdir -p " + ownDirectories.map(SystemdQuoting.quote).joined(separator: " "))
        }
        // `-`: a root user manager sets up the namespace for the `+` step too, before it made them.
        lines += (ownDirectories + optionalDirectories).map { "ReadWritePaths=" + Self.pathWord("-" + $0) }
        if display && privateTmp { lines.append("BindReadOnlyPaths=-/tmp/.X11-unix") }
        return lines.joined(separator: "\n")
    }

    /// `path` as a word of a path list: specifiers doubled, quoted where it has spaces or quotes.
    static func pathWord(_ path: String) -> String {
        let literal = path.replacing("%", with: "%%")
        guard literal.contains(where: { $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "'" || $0 == "\\" }) else { return literal }
        return "\"" + literal.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }
}
