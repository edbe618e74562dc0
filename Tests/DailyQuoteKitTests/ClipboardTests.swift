import Foundation
import TestSupport
import Testing

@testable import DailyQuoteKit

@Suite("Clipboard")
struct ClipboardTests {
    /// A directory with fake clipboard tools named `names`: each writes its arguments and its
    /// standard input to files in `out`.
    func tools(_ names: [String], out: TemporaryDirectory) throws -> TemporaryDirectory {
        let bin = TemporaryDirectory()
        for name in names {
            try bin.writeExecutable(
                name, "#!/bin/sh\nprintf '%s\\n' \"$@\" >'\(out.path)/\(name).args'\n/bin/cat >'\(out.path)/\(name).in'\n")
        }
        return bin
    }

    @Test("wl-copy under Wayland, else xclip, then xsel; none installed: no tool, and Copy is not offered")
    func choice() throws {
        let out = TemporaryDirectory()
        let all = try tools(["wl-copy", "xclip", "xsel"], out: out)
        #expect(Clipboard(environment: ["PATH": all.path, "WAYLAND_DISPLAY": "wayland-0"]).tool?.path == all.url("wl-copy"))
        #expect(Clipboard(environment: ["PATH": all.path, "DISPLAY": ":0"]).tool?.arguments == ["-selection", "clipboard"])
        let xsel = try tools(["xsel"], out: out)
        #expect(Clipboard(environment: ["PATH": xsel.path]).tool?.arguments == ["--clipboard", "--input"])
        let none = Clipboard(environment: ["PATH": TemporaryDirectory().path])
        #expect(none.tool == nil)
        #expect(none.available([.copy, .save]) == [.save])
        #expect(none.available([.copy]) == nil)
        #expect(Clipboard(environment: ["PATH": xsel.path]).available([.copy, .save]) == [.copy, .save])
    }

    @Test("Copy hands “text” — author to the tool on standard input, exactly, whatever the text holds")
    func copiesExactly() throws {
        let out = TemporaryDirectory()
        let bin = try tools(["xclip"], out: out)
        let quote = Quote(text: "It's $(rm -rf ~) & `x` \"quoted\"\nsecond line; ‘ünïcode’ 🙂", author: "O'Brien")
        try Clipboard(environment: ["PATH": bin.path]).copy(Clipboard.text(of: quote))
        let expected = "“\(quote.text)” — O'Brien"
        #expect(try String(contentsOfFile: out.url("xclip.in"), encoding: .utf8) == expected)
        #expect(try String(contentsOfFile: out.url("xclip.args"), encoding: .utf8) == "-selection\nclipboard\n")
        #expect(Clipboard.text(of: Quote(text: "Alone.", author: "")) == "“Alone.”")
    }

    @Test("A tool that fails, even before reading the text, is an error, not a crash (no SIGPIPE)")
    func failingTool() throws {
        let bin = TemporaryDirectory()
        try bin.writeExecutable("xclip", "#!/bin/sh\n/bin/cat >/dev/null\nexit 1\n")
        #expect(throws: Clipboard.CopyError.self) { try Clipboard(environment: ["PATH": bin.path]).copy("x") }
        let early = TemporaryDirectory()
        try early.writeExecutable("xclip", "#!/bin/sh\nexit 1\n")
        let large = String(repeating: "a quote longer than a pipe holds. ", count: 10_000)
        #expect(throws: Clipboard.CopyError.self) { try Clipboard(environment: ["PATH": early.path]).copy(large) }
        #expect(throws: Clipboard.CopyError.self) { try Clipboard(environment: ["PATH": TemporaryDirectory().path]).copy("x") }
    }

    @Test("A tool's wait status says how it failed, in words")
    func failureWords() {
        #expect(Clipboard.failure(waitStatus: 0) == nil)
        #expect(Clipboard.failure(waitStatus: 256) == "exited with status 1 (no display to reach, or no seat?)")
        #expect(Clipboard.failure(waitStatus: 9) == "was killed by signal 9")
    }
}
