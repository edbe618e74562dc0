import Testing

@testable import DailyQuoteKit
@testable import DailyQuoteSystem

@Suite("DoctorCheck")
struct DoctorCheckTests {
    @Test("ok lines carry no fix; FAIL lines end with it")
    func lines() {
        #expect(DoctorCheck("config", ok: true, "valid", fix: "unused").line == "ok   config: valid")
        #expect(
            DoctorCheck("units", ok: false, "not installed", fix: "dailyquote install").line
                == "FAIL units: not installed — fix: dailyquote install")
    }

    @Test("Translated verdicts line up by display width: a Chinese verdict is two columns a character")
    func chineseVerdicts() {
        let tr = Translator(languages: ["zh_CN"], lookup: .table(["ok": "通过", "FAIL": "未通过"]))
        let passed = DoctorCheck("配置", ok: true, "有效").line(tr)
        let failed = DoctorCheck("配置", ok: false, "无效").line(tr)
        let column = { (line: String) in TerminalWidth.of(line.prefix { $0 != "配" }) }
        #expect(column(passed) == 7, "\(passed)")
        #expect(column(failed) == 7, "\(failed)")
    }

    @Test("A translated line punctuates the name's colon and the fix as the language does")
    func translatedLine() {
        let chinese = Translator(languages: ["zh_CN"], lookup: .table(["%s: %s": "%s：%s", "FAIL": "失败", "— fix: %s": "—— 修复：%s"]))
        #expect(DoctorCheck("单元", ok: false, "未安装", fix: "dailyquote install").line(chinese) == "失败 单元：未安装 —— 修复：dailyquote install")
        let french = Translator(languages: ["fr"], lookup: .table(["%s: %s": "%s : %s"]))
        #expect(DoctorCheck("présence", ok: true, "rien").line(french) == "ok   présence : rien")
    }
}
