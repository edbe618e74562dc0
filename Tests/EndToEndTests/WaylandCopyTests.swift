import Foundation
import TestSupport
import Testing

/// Copy on a Wayland desktop, pressed as a person presses it, with the clipboard read back.
///
/// GNOME 48's (with the activation token) is in the GNOME 48 checks (`gnome48/native-scenario.sh`);
/// what each desktop does is in docs/desktops.md.
@Suite("Copy on Wayland desktops: pressed on the server's own popup, the clipboard read back")
struct WaylandCopyTests {
    @Test(
        "sway with swaync: Copy pressed on swaync's popup (through the accessibility tree) puts “text” — author on the clipboard, through wl-copy and sway's wlr-data-control; it stays after the holder"
    )
    func swayncCopy() throws {
        let sandbox = Sandbox()
        let (result, file) = try DesktopShell.session("swaync", sandbox, "swaync-copy.sh")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("now.rc") == "0\n", "\(file("now.err"))")
        #expect(file("press.err").isEmpty, "\(file("press.err"))")
        #expect(file("holder-alive").isEmpty, "the holder did not end")
        let entry = try #require(try DesktopShell.history(file("history.json")).first)
        #expect(entry["actions"] as? [String] == ["copy"], "\(file("history.json"))")
        #expect(entry["failedActions"] == nil, "\(file("history.json"))")
        let text = try #require(entry["text"] as? String)
        let author = try #require(entry["author"] as? String)
        #expect(file("clipboard") == "“\(text)” — \(author)", "\(file("clipboard.err"))")
    }
}
