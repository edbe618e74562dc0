import Foundation
import Testing

@testable import DailyQuoteKit
@testable import DailyQuoteSystem

@Suite("EnvironmentVariables")
struct EnvironmentVariablesTests {
    @Test("The process's variables, as ProcessInfo reads them")
    func matchesProcessInfo() {
        #expect(EnvironmentVariables.current() == ProcessInfo.processInfo.environment)
    }

    @Test("Split at the first =; entries without one left out; the later of two names wins")
    func parse() {
        let variables = EnvironmentVariables.parse([
            "HOME=/home/ann", "EMPTY=", "EQUALS=a=b=c", "NOVALUE", "=unnamed", "LANG=C", "LANG=de_DE.UTF-8", "GRÜSSE=grüß dich",
        ])
        #expect(
            variables == [
                "HOME": "/home/ann", "EMPTY": "", "EQUALS": "a=b=c", "": "unnamed", "LANG": "de_DE.UTF-8", "GRÜSSE": "grüß dich",
            ])
    }
}
