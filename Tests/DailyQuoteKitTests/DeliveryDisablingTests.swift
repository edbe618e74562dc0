import TestSupport
import Testing

@testable import DailyQuoteKit

@Suite("DeliveryDisabling")
struct DeliveryDisablingTests {
    let parser = ConfigParser(zones: Zones.database)

    func disabled(_ text: String) -> String? { DeliveryDisabling(text, parser: parser).text }

    @Test("An enabled line in [delivery] is set to false in place; comments, other keys and spacing stay")
    func replacesInPlace() {
        let text = "# mine\n[delivery]\nhour = 7  # early\nenabled   =  true # on\n\n[refresh]\nlead = \"30m\"\n"
        #expect(disabled(text) == "# mine\n[delivery]\nhour = 7  # early\nenabled   =  false # on\n\n[refresh]\nlead = \"30m\"\n")
    }

    @Test("A [delivery] table without the key gets it under its header; a file without the table gets the table")
    func addsTheKey() {
        #expect(disabled("[delivery] # when\nhour = 6\n") == "[delivery] # when\nenabled = false\nhour = 6\n")
        #expect(
            disabled("# only a comment\n[refresh]\nlead = \"1h\"\n")
                == "# only a comment\n[refresh]\nlead = \"1h\"\n\n[delivery]\nenabled = false\n")
        #expect(disabled("") == "[delivery]\nenabled = false\n")
        #expect(disabled("[refresh]\nlead = \"1h\"") == "[refresh]\nlead = \"1h\"\n\n[delivery]\nenabled = false\n")
    }

    @Test("The root's dotted delivery.enabled is edited; a table after an array of tables is found")
    func dottedAndOtherTables() {
        #expect(disabled("delivery.enabled = true\ndelivery.hour = 9\n") == "delivery.enabled = false\ndelivery.hour = 9\n")
        let text = "[[source]]\ntype = \"file\"\npath = \"/q\"\n[delivery]\nhour = 9\n"
        #expect(disabled(text) == "[[source]]\ntype = \"file\"\npath = \"/q\"\n[delivery]\nenabled = false\nhour = 9\n")
    }

    @Test("No edit where a line edit cannot be trusted: an inline table, a file that does not parse")
    func refuses() {
        #expect(disabled("delivery = { hour = 9 }\n") == nil)
        #expect(disabled("[delivery\nhour = 9\n") == nil)
        #expect(disabled("[delivery]\nhour = 99\n") == nil)
    }

    @Test("Where no edit is made, the advice fits the file: inside an inline table or beside dotted keys, never a second [delivery]")
    func byHand() {
        #expect(DeliveryDisabling.byHand("delivery = { hour = 7 }\n") == "add `enabled = false` inside the inline table `delivery = { … }`")
        #expect(
            DeliveryDisabling.byHand("# mine\ndelivery.hour = 7\n[notification]\ntitle = \"x\"\n")
                == "add `delivery.enabled = false` beside the `delivery.` keys")
        #expect(DeliveryDisabling.byHand("[delivery\nhour = 9\n") == "set `enabled = false` under [delivery]")
        #expect(DeliveryDisabling.byHand("[notification]\ndelivery = { hour = 7 }\n") == "set `enabled = false` under [delivery]")
    }
}
