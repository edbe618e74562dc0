import Testing

@testable import DailyQuoteKit

@Suite("GnomeNotification")
struct GnomeNotificationTests {
    static let quote = Quote(text: #"3 < 5 && "quotes" & 'marks'"#, author: "O'Brien & <Søn>")

    func notification(urgency: NotificationUrgency = .normal, actions: [NotificationAction] = [.copy, .save]) -> DesktopNotification {
        var config = NotificationConfig()
        config.urgency = urgency
        config.actions = actions
        return DesktopNotification(quote: Self.quote, config: config)
    }

    @Test("The a{sv} for a quote: title, the body exactly as written (never escaped), icon, priority, and the buttons naming the delivery")
    func parameters() {
        let gnome = GnomeNotification(notification(), postedAt: 1_764_000_000)
        let button = { (label: String, action: String) in
            DBusValue.vardict([
                .init("label", .string(label)), .init("action", .string(action)), .init("target", .string("posted@1764000000")),
            ])
        }
        let expected = DBusValue.vardict([
            .init("title", .string("Quote of the Day")),
            .init("body", .string("3 < 5 && \"quotes\" & 'marks'\n— O'Brien & <Søn>")),
            .init("priority", .string("normal")),
            .init("icon", .string("io.github.dailyquote.DailyQuote")),
            .init("buttons", .array(elementType: "a{sv}", [button("Copy", "app.copy"), button("Save", "app.save")])),
        ])
        #expect(gnome.parameters == expected)
        #expect(gnome.parameters.signature == "a{sv}")
        #expect(gnome.addNotificationArguments(app: .dailyquote).signature == "(ssa{sv})")
        #expect(
            gnome.addNotificationArguments(app: .dailyquote)
                == .tuple([.string("io.github.dailyquote.DailyQuote"), .string("quote"), expected]))
    }

    @Test(
        "In the session's language: the title, the author line and the buttons' labels of the a{sv} come from the notification's translator"
    )
    func translatedLabels() {
        let tr = Translator(
            languages: ["de"],
            lookup: .table([
                "Quote of the Day": "Zitat des Tages", "Copy": "Kopieren", "Save": "Speichern", "Another quote": "Anderes Zitat",
            ]))
        var config = NotificationConfig()
        config.actions = [.copy, .save, .another]
        let gnome = GnomeNotification(DesktopNotification(quote: Self.quote, config: config, tr: tr), postedAt: 1_764_000_000)
        guard case .vardict(let entries) = gnome.parameters,
            case .array(_, let buttons) = entries.first(where: { $0.key == "buttons" })?.value
        else {
            Issue.record("no buttons in \(gnome.parameters)")
            return
        }
        let labels = buttons.compactMap { button -> String? in
            guard case .vardict(let fields) = button, case .string(let label) = fields.first(where: { $0.key == "label" })?.value else {
                return nil
            }
            return label
        }
        #expect(labels == ["Kopieren", "Speichern", "Anderes Zitat"])
        #expect(entries.first(where: { $0.key == "title" })?.value == .string("Zitat des Tages"))
    }

    @Test("As a GVariant, GLib reads the same values back, the body unchanged")
    func variant() {
        let gnome = GnomeNotification(notification(actions: [.another]), postedAt: 42)
        let variant = GioVariant(gnome.parameters)
        #expect(variant.typeString == "a{sv}")
        // Each vardict value is boxed in a variant on the wire.
        #expect(variant.value?["body"]?.stringValue == "3 < 5 && \"quotes\" & 'marks'\n— O'Brien & <Søn>")
        #expect(variant.value?["title"]?.stringValue == "Quote of the Day")
        #expect(variant.text.contains("'action': <'app.another'>"), "\(variant.text)")
        #expect(variant.text.contains("'target': <'posted@42'>"), "\(variant.text)")
        #expect(GioVariant(gnome.addNotificationArguments(app: .dailyquote)).typeString == "(ssa{sv})")
    }

    @Test(
        "No buttons: no buttons key; urgency maps to GNOME's priority",
        arguments: [
            (NotificationUrgency.low, "low"), (.normal, "normal"), (.critical, "urgent"),
        ])
    func priority(urgency: NotificationUrgency, priority: String) {
        let gnome = GnomeNotification(notification(urgency: urgency, actions: []), postedAt: 1)
        #expect(gnome.parameters["priority"] == .string(priority))
        #expect(gnome.parameters["buttons"] == nil)
        #expect(gnome.parameters["title"] == .string("Quote of the Day"))
    }

    @Test("One notification id for every quote, so the next replaces the last")
    func fixedId() {
        let first = GnomeNotification(notification(), postedAt: 1).addNotificationArguments(app: .dailyquote)
        let second = GnomeNotification(notification(), postedAt: 2).addNotificationArguments(app: .dailyquote)
        guard case .tuple(let a) = first, case .tuple(let b) = second else {
            Issue.record("not tuples")
            return
        }
        #expect(a[1] == .string(GnomeNotification.id))
        #expect(a[1] == b[1])
    }
}
