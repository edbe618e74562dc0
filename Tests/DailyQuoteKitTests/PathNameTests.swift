import Testing

@testable import DailyQuoteKit
@testable import DailyQuoteSystem

@Suite("PathName")
struct PathNameTests {
    @Test(
        "The directory part, as NSString's deletingLastPathComponent gave it",
        arguments: [("/a/b", "/a"), ("/a/b/", "/a"), ("/a", "/"), ("/", "/"), ("b", ""), ("a/b", "a"), ("//a//b", "//a"), ("", "")])
    func directory(path: String, expected: String) {
        #expect(PathName.directory(of: path) == expected)
    }

    @Test(
        "The last component, as NSString's lastPathComponent gave it",
        arguments: [("/a/b", "b"), ("/a/b/", "b"), ("/", "/"), ("b", "b"), ("/a/.b.json", ".b.json"), ("", "")])
    func lastComponent(path: String, expected: String) {
        #expect(PathName.lastComponent(of: path) == expected)
    }
}
