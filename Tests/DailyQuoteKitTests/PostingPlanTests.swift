import Testing

@testable import DailyQuoteKit

@Suite("PostingPlan")
struct PostingPlanTests {
    /// The capabilities that matter to the plan, as a server may advertise them.
    enum Capabilities: String, CaseIterable {
        case none, actions, persistence, both

        var names: [String] {
            switch self {
            case .none: ["body", "body-markup"]
            case .actions: ["actions", "body", "body-markup"]
            case .persistence: ["body", "persistence"]
            case .both: ["actions", "body", "body-markup", "persistence"]
            }
        }

        var server: NotificationServerInfo {
            NotificationServerInfo(name: rawValue, vendor: "v", version: "1", specVersion: "1.2", capabilities: names)
        }
    }

    static let defaultButtons = NotificationConfig().actions

    @Test(
        "Every combination of capabilities, GNOME's name, the desktop entry, the buttons and hold gets its path and holder",
        arguments: Capabilities.allCases
    )
    func grid(capabilities: Capabilities) {
        for gnomeOwned in [true, false] {
            for desktopEntry in [true, false] {
                for buttons in [[], Self.defaultButtons] {
                    for hold in [false, true] {
                        let plan = PostingPlan.decide(
                            hold: hold, offered: buttons, gnomeOwned: gnomeOwned, desktopEntry: desktopEntry, server: capabilities.server)
                        let what = "\(capabilities) gnome \(gnomeOwned) entry \(desktopEntry) buttons \(buttons) hold \(hold)"
                        // A holder where one may hold and the server keeps the notification or shows its buttons.
                        let keeps: Bool =
                            switch capabilities {
                            case .persistence, .both: true
                            case .actions: !buttons.isEmpty
                            case .none: false
                            }
                        let freedesktop: PostingPath = hold && keeps ? .holder : .freedesktop
                        #expect(plan.postsThroughHolder == (freedesktop == .holder), "\(what)")
                        #expect(plan.path == (gnomeOwned && desktopEntry ? .gnome : freedesktop), "\(what)")
                    }
                }
            }
        }
    }

    @Test("The servers measured: dunst with buttons and without; GNOME's freedesktop daemon; hold = 0")
    func servers() {
        let dunst = NotificationServerInfo(
            name: "dunst", vendor: "knopwob", version: "1.9.0", specVersion: "1.2", capabilities: ["actions", "body", "body-markup"])
        let gnome = GnomeNotificationsPoster.server
        let buttons = Self.defaultButtons
        #expect(PostingPlan.decide(hold: true, offered: buttons, gnomeOwned: false, desktopEntry: true, server: dunst).path == .holder)
        #expect(PostingPlan.decide(hold: true, offered: [], gnomeOwned: false, desktopEntry: true, server: dunst).path == .freedesktop)
        #expect(PostingPlan.decide(hold: true, offered: [], gnomeOwned: false, desktopEntry: false, server: gnome).path == .holder)
        #expect(
            PostingPlan.decide(hold: false, offered: buttons, gnomeOwned: false, desktopEntry: true, server: gnome).path == .freedesktop)
    }

    @Test("Not asked: GNOME is tried; without the server's answers a holder is planned for buttons only (it asks the server itself)")
    func unknown() {
        let buttons = Self.defaultButtons
        let tried = PostingPlan.decide(hold: true, offered: buttons, gnomeOwned: nil, desktopEntry: nil, server: nil)
        #expect(tried == PostingPlan(path: .gnome, postsThroughHolder: true))
        #expect(PostingPlan.decide(hold: true, offered: buttons, gnomeOwned: nil, desktopEntry: false, server: nil).path == .holder)
        #expect(PostingPlan.decide(hold: true, offered: buttons, gnomeOwned: false, desktopEntry: nil, server: nil).path == .holder)
        let plain = PostingPlan.decide(hold: true, offered: [], gnomeOwned: false, desktopEntry: nil, server: nil)
        #expect(plain == PostingPlan(path: .freedesktop, postsThroughHolder: false))
        #expect(
            PostingPlan.decide(hold: false, offered: buttons, gnomeOwned: false, desktopEntry: nil, server: nil).postsThroughHolder == false
        )
    }

    @Test("The holder's own question (HoldStage.needsHolder) is the plan's")
    func needsHolder() {
        for capabilities in Capabilities.allCases {
            for buttons in [[], Self.defaultButtons] {
                let plan = PostingPlan.decide(
                    hold: true, offered: buttons, gnomeOwned: false, desktopEntry: false, server: capabilities.server)
                #expect(HoldStage.needsHolder(capabilities.server, offering: buttons) == plan.postsThroughHolder)
            }
        }
    }
}
