/// What ``DirectPosting/ask(before:)`` found: the server's and the bus's answers, and the
/// connection they came on, which the post then uses (nil for a fake in the tests).
package struct AskedServer: Sendable {
    package var answers: FreedesktopServer.Answers
    package var connection: FreedesktopServer?

    package init(answers: FreedesktopServer.Answers, connection: FreedesktopServer? = nil) {
        self.answers = answers
        self.connection = connection
    }
}
