import Foundation
import TestSupport
import Testing

/// The holder's side of the cross-version wire (docs/development.md, "Compatibility paths").
extension CommandLineTests {
    @Test("A holder given a request of a newer format version posts nothing and answers a failed reply that says so")
    func holderRefusesNewerRequest() throws {
        let sandbox = Sandbox()
        let request = Self.holdRequest().replacingOccurrences(of: #""until""#, with: #""version":2,"until""#)
        let result = try sandbox.run(["hold"], stdin: request)
        #expect(result.status == 65, "\(result.stderr)")
        let line = try #require(result.stdout.split(separator: "\n").first, "no reply: \(result.stderr)")
        let reply = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(reply["holding"] as? Bool == false && reply["version"] as? Int == 1, "\(line)")
        #expect(line.contains("the hold request is of format version 2, newer than this holder's 1"), "\(line)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.home.url("state") + "/dailyquote/hold.json"))
    }
}
