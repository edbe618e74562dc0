import Foundation
import TestSupport
import Testing

@testable import DailyQuoteKit

#if canImport(Glibc)
    import Glibc
#else
    #error("dailyquote runs on Linux only")
#endif

@Suite("SessionBus")
struct SessionBusTests {
    @Test("The address: the variable first, then $XDG_RUNTIME_DIR/bus if it exists")
    func address() throws {
        let runtime = TemporaryDirectory()
        #expect(
            SessionBus.address(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/x", "XDG_RUNTIME_DIR": runtime.path]) == "unix:path=/x"
        )
        #expect(SessionBus.address(environment: ["XDG_RUNTIME_DIR": runtime.path]) == nil)
        _ = try runtime.write("bus", "")
        #expect(SessionBus.address(environment: ["XDG_RUNTIME_DIR": runtime.path]) == "unix:path=\(runtime.path)/bus")
    }

    @Test("A socket nobody listens on is a problem, a listening one is not")
    func connect() throws {
        let directory = TemporaryDirectory()
        let path = directory.url("bus")
        #expect(SessionBus.problem(connectingTo: "unix:path=\(path),guid=abc")?.contains("No such file") == true)
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
        #expect(listen(listener, 16) == 0)  // room for every connect below; none is accepted
        #expect(SessionBus.problem(connectingTo: "unix:path=\(path)") == nil)
        // Entries are tried in order, as libdbus does: a dead first socket is not the verdict.
        let dead = directory.url("dead")
        #expect(SessionBus.problem(connectingTo: "unix:path=\(dead);unix:path=\(path)") == nil)
        #expect(SessionBus.problem(connectingTo: "unix:path=\(path);unix:path=\(dead)") == nil)
        #expect(SessionBus.problem(connectingTo: "unix:path=\(dead);unix:path=\(dead)2")?.hasPrefix("\(dead)2: ") == true)
        #expect(SessionBus.problem(connectingTo: "unix:guid=abc") == "no usable address in unix:guid=abc")
        #expect(SessionBus.problem(connectingTo: "tcp:host=localhost,port=1") == nil)
    }
}
