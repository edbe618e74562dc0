import Foundation
import Testing

@testable import DailyQuoteKit
@testable import DailyQuoteSystem

@Suite("Translator")
struct TranslatorTests {
    @Test(
        "Languages follow gettext: C and POSIX (not C.UTF-8) are English whatever LANGUAGE says; LANGUAGE over the locale; codesets dropped",
        arguments: [
            ("C", nil, []),
            ("POSIX", "fr", []),
            ("C", "de:fr", []),
            ("C.UTF-8", "de", ["de"]),
            ("C.UTF-8", nil, []),
            ("C.UTF-8", "C", []),
            ("de_DE.UTF-8", nil, ["de_DE"]),
            ("de_DE.UTF-8", "fr", ["fr"]),
            ("de_DE.UTF-8", "fr:de", ["fr", "de"]),
            ("de_DE.UTF-8", ":", ["de_DE"]),
            ("pt_BR.UTF-8", nil, ["pt_BR"]),
            ("sr_RS.UTF-8@latin", nil, ["sr_RS@latin"]),
            ("en_US.UTF-8", nil, []),
            ("de_DE.UTF-8", "en_GB:de", []),
            ("de_DE.UTF-8", "ga:en:de", ["ga"]),
        ] as [(String, String?, [String])])
    func languages(locale: String, language: String?, expected: [String]) {
        #expect(Translator.languages(messagesLocale: locale, language: language) == expected)
    }

    @Test("%s in order, %N$s by place, %% a percent sign; text without % is returned as it is")
    func format() {
        #expect(Translator.format("posted %s (%s, %s)", ["q", "bundled", "due"]) == "posted q (bundled, due)")
        #expect(Translator.format("%2$s, %1$s", ["a", "b"]) == "b, a")
        #expect(Translator.format("100%% %s", ["x"]) == "100% x")
        #expect(Translator.format("%d stays", ["x"]) == "%d stays")
        #expect(Translator.format("a %s b", []) == "a  b")
        #expect(Translator.format("plain", ["x"]) == "plain")
    }

    @Test("A table translator translates what it has, formats, and leaves the rest in English")
    func table() {
        let tr = Translator(languages: ["fr"], lookup: .table(["for %s": "pour %s"]))
        #expect(tr("for %s", "demain") == "pour demain")
        #expect(tr("to %s", "dunst") == "to dunst")
        #expect(Translator.english("for %s", "x") == "for x")
    }

    @Test("The catalogs are DAILYQUOTE_LOCALEDIR, else share/locale beside the binary's bin/")
    func catalogDirectory() {
        #expect(Translator.catalogDirectory(environment: [:], executable: "/usr/bin/dailyquote") == "/usr/share/locale")
        #expect(
            Translator.catalogDirectory(environment: [:], executable: "/home/ada/.local/bin/dailyquote") == "/home/ada/.local/share/locale")
        #expect(
            Translator.catalogDirectory(environment: ["DAILYQUOTE_LOCALEDIR": "/b/locale"], executable: "/usr/bin/dailyquote")
                == "/b/locale")
        #expect(Translator.catalogDirectory(environment: [:], executable: nil) == nil)
    }

    @Test("A translator travels as JSON: its languages and lookup, flat; a table too; an older request's lookup reads as English")
    func coding() throws {
        let table = Translator(languages: ["de"], lookup: .table(["Copy": "Kopieren"]))
        for tr in [Translator.english, Translator(languages: ["de_DE", "fr"], lookup: .gettext), table] {
            #expect(try JSONDecoder().decode(Translator.self, from: JSONEncoder().encode(tr)) == tr)
        }
        let gettext = try JSONDecoder().decode(Translator.self, from: Data(#"{"languages":["fr"],"lookup":"gettext"}"#.utf8))
        #expect(gettext == Translator(languages: ["fr"], lookup: .gettext))
        // The synthesized form of before (`{"gettext":{}}`): English, not a failed request.
        let older = try JSONDecoder().decode(Translator.self, from: Data(#"{"languages":["fr"],"lookup":{"gettext":{}}}"#.utf8))
        #expect(older.lookup == .english)
    }
}

extension TranslatorTests {
    @Test("Lists and parenthesized notes follow the language: a, b and ` (x)` in English; 、 and full-width parentheses in Chinese")
    func listsAndParentheses() {
        let chinese = Translator(languages: ["zh_CN"], lookup: .table(["%1$s, %2$s": "%1$s、%2$s", " (%s)": "（%s）"]))
        #expect(Translator.english.list(["Copy", "Save", "Another"]) == "Copy, Save, Another")
        #expect(Translator.english.list([]) == "")
        #expect(chinese.list(["复制", "保存"]) == "复制、保存")
        #expect(Translator.english.parenthesized("in 3h") == " (in 3h)")
        #expect(chinese.parenthesized("3 小时后") == "（3 小时后）")
    }

    @Test("An error shown inside a translated line: a delivery error in the language, others as they are")
    func errorMessages() {
        let tr = Translator(languages: ["fr"], lookup: .table(["posting the notification failed: %s": "l’envoi a échoué : %s"]))
        #expect(DeliveryError.failed("boom").message(tr) == "l’envoi a échoué : boom")
        #expect(DeliveryError.failed("boom").message == "posting the notification failed: boom")
        #expect(CommandFailure("as is").message(tr) == "as is")
    }
}
