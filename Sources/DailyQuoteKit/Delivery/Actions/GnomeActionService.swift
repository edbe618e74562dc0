import DailyQuoteSystem
import Logging

/// dailyquote's action service (`dailyquote action-service`): the process the session bus
/// starts when a button of a GNOME notification is pressed.
///
/// It owns the application id on the session bus, exports `org.freedesktop.Application` at the
/// id's object path, answers Copy, Save and Another as the holder does (``ActionAnswerer``: the
/// same records in `actions.jsonl` and `favorites.jsonl`; Another replaces the notification in
/// place under GNOME's one notification id), ignores a body click (`Activate`, `Open`: no window,
/// no terminal), and exits once it has been idle for ``idleSeconds``.
package struct GnomeActionService: Sendable {
    package var app: ApplicationID
    /// Answers the buttons; its clipboard gets the activation token of each press.
    package var answerer: ActionAnswerer
    /// How a replacement notification looks (title, icon, urgency, buttons): the config's, its
    /// buttons those this session can offer (Copy only where a clipboard tool is installed).
    package var notification: NotificationConfig
    package var logger: Logger
    package var idleSeconds: UInt32
    /// The language of a replacement's default title, author line and buttons: the session's,
    /// which the bus passes to the services it starts.
    package var tr = Translator.english

    package init(
        app: ApplicationID = .dailyquote, answerer: ActionAnswerer, notification: NotificationConfig, logger: Logger,
        idleSeconds: UInt32 = 5
    ) {
        self.app = app
        self.answerer = answerer
        // GNOME's notification keeps its id when replaced: a failed button can say so in it.
        self.answerer.showsFailures = true
        self.notification = notification
        self.logger = logger
        self.idleSeconds = idleSeconds
    }

    /// The interface GApplication's callers use (GNOME Shell calls `ActivateAction` for a button).
    static let introspection = """
        <node>
          <interface name="org.freedesktop.Application">
            <method name="Activate"><arg type="a{sv}" name="platform_data" direction="in"/></method>
            <method name="Open">
              <arg type="as" name="uris" direction="in"/><arg type="s" name="hint" direction="in"/>
              <arg type="a{sv}" name="platform_data" direction="in"/>
            </method>
            <method name="ActivateAction">
              <arg type="s" name="action_name" direction="in"/><arg type="av" name="parameter" direction="in"/>
              <arg type="a{sv}" name="platform_data" direction="in"/>
            </method>
          </interface>
        </node>
        """

    /// Serves calls until idle.
    ///
    /// Fails when the bus cannot be reached or the id is owned by another process (which then
    /// answers the calls).
    package func run() throws(GioError) {
        let bus = try GioBus(system: false)
        let loop = GioIdleLoop(idleSeconds: idleSeconds)
        let object = try GioExportedObject(xml: Self.introspection, interface: "org.freedesktop.Application") { method, parameters in
            handle(method, parameters.value)
            loop.touch()
        }
        let export = try bus.export(object, at: app.objectPath)
        defer { bus.unexport(export) }
        // Exported first: the bus delivers the call that started us as soon as we own the name.
        guard try bus.requestName(app.rawValue) else {
            throw GioError(.export, call: "RequestName \(app.rawValue)", reason: "another process owns it")
        }
        logger.info("serving \(app.rawValue) at \(app.objectPath)")
        withExtendedLifetime(object) { loop.run() }
        bus.flush()
        logger.info("idle for \(idleSeconds) s: exiting")
    }

    /// Answers one method call of `org.freedesktop.Application`.
    func handle(_ method: String, _ parameters: DBusValue?) {
        guard method == "ActivateAction" else {
            // A click on the notification's body: nothing to open.
            logger.info("\(method): dailyquote has no window to show")
            return
        }
        guard case .tuple(let arguments)? = parameters, arguments.count == 3, case .string(let name) = arguments[0] else {
            logger.warning("ActivateAction with unexpected arguments: \(Self.excerpt(String(describing: parameters)))")
            return
        }
        var target: GnomeButtonTarget?
        if case .array(_, let values) = arguments[1], let text = values.first?.stringValue { target = GnomeButtonTarget(text: text) }
        guard let action = NotificationAction(rawValue: name) else {
            logger.warning("no action \(Self.excerpt(name))")
            return
        }
        guard let target else {
            logger.warning("the \(name) action names no delivery")
            return
        }
        _ = activate(action, target: target, token: arguments[2]["activation-token"]?.stringValue)
    }

    /// At most ``excerptLength`` characters of what a caller sent, for the log: any process on the
    /// session bus may call, and a 10 MB action name must not become a 10 MB log line.
    static func excerpt(_ text: String) -> String {
        guard text.count > excerptLength else { return text }
        return "\(text.prefix(excerptLength))… (\(text.count) characters)"
    }

    static let excerptLength = 80

    /// Performs `action` on the quote posted at `target`.
    ///
    /// The clipboard tool runs under the press's activation token (GNOME under Wayland gives the
    /// clipboard to a focused client). Returns what is shown afterwards; nil when no quote was
    /// posted then.
    @discardableResult
    package func activate(_ action: NotificationAction, target: GnomeButtonTarget, token: String?) -> ActionAnswerer.Shown? {
        let ledger = answerer.paths.deliveryLedger(logger: logger)
        guard let entry = ledger.history().last(where: { $0.postedAt == target.postedAt }) else {
            logger.warning("the \(action.rawValue) button names a quote posted at \(target.postedAt), which the history does not have")
            tellForgotten(action, target: target)
            return nil
        }
        var answerer = answerer
        if let token, !token.isEmpty {
            answerer.clipboard.environment["XDG_ACTIVATION_TOKEN"] = token
            answerer.clipboard.environment["DESKTOP_STARTUP_ID"] = token
        }
        let shown = DesktopNotification(quote: entry.quote, config: notification, tr: tr)
        let current = ActionAnswerer.Shown(
            notification: shown, id: GnomeNotification.eventId, postedAt: entry.postedAt, source: entry.source, server: entry.server,
            path: .gnome)
        return answerer.answer(action, on: current) { replacement, postedAt in
            replace(with: replacement, postedAt: postedAt) ? current.id : nil
        }
    }

    /// Replaces the notification GNOME shows (it has one id) with `replacement`, whose buttons
    /// name the delivery posted at `postedAt`; false, and a warning, where GNOME refused it.
    func replace(with replacement: DesktopNotification, postedAt: Int64) -> Bool {
        let poster = GnomeNotificationsPoster(app: app, clock: answerer.clock)
        do throws(GioError) {
            try poster.add(GnomeNotification(replacement, postedAt: postedAt), deadline: .after(seconds: 5))
            return true
        } catch {
            logger.warning("cannot replace the notification: \(GnomeNotificationsPoster.explain(error))")
            return false
        }
    }

    /// Replaces a notification whose quote the history no longer has (`clear --state`,
    /// `uninstall --purge` since it was posted) with one that says so and offers no buttons:
    /// the press cannot be answered, and a warning on the service's stderr reaches nobody.
    func tellForgotten(_ action: NotificationAction, target: GnomeButtonTarget) {
        var told = DesktopNotification(
            summary: notification.title ?? tr("Quote of the Day"),
            // TRANSLATORS: replaces a GNOME notification whose button (%s) was pressed after its quote's record was cleared.
            body: tr("%s: this quote's record was cleared (dailyquote clear), so nothing was done.", action.label(tr)),
            icon: notification.icon, urgency: notification.urgency, expireMilliseconds: notification.expire.milliseconds)
        told.tr = tr
        _ = replace(with: told, postedAt: target.postedAt)
    }
}
