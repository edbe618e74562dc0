import Testing

@testable import DailyQuoteKit

@Suite("CharacterEncoding")
struct CharacterEncodingTests {
    func decode(_ name: String, _ bytes: [UInt8]) throws -> Result<String, CharacterEncoding.InvalidBytes> {
        try #require(CharacterEncoding(name)).decode(bytes)
    }

    @Test("Each single- and double-byte encoding the Debian packages could need decodes to the right letters")
    func decodes() throws {
        #expect(try decode("latin1", [0x47, 0x72, 0xFC, 0xDF, 0x65]).get() == "Grüße")
        #expect(try decode("ISO-8859-1", [0xE9]).get() == "é")
        // Esperanto: ĉ ĝ ŝ ŭ in ISO-8859-3.
        #expect(try decode("ISO-8859-3", [0xE6, 0xF8, 0xFE, 0xFD]).get() == "ĉĝŝŭ")
        #expect(try decode("ISO-8859-2", [0xB3, 0xF3, 0xBF]).get() == "łóż")
        #expect(try decode("KOI8-R", [0xF0, 0xD2, 0xC9, 0xD7, 0xC5, 0xD4]).get() == "Привет")
        #expect(try decode("CP1251", [0xCF, 0xF0, 0xE8]).get() == "При")
        #expect(try decode("GBK", [0xC4, 0xE3, 0xBA, 0xC3]).get() == "你好")
        #expect(try decode("GB2312", [0xD6, 0xD0, 0xCE, 0xC4]).get() == "中文")
        #expect(try decode("latin1", []).get() == "")
    }

    @Test("Invalid bytes are an error with the offset of the first one, never replacement characters")
    func invalidBytes() throws {
        #expect(try decode("UTF-8", [0x61, 0x62, 0xFC, 0x63]) == .failure(.init(encoding: "UTF-8", offset: 2)))
        #expect(try decode("utf8", Array("añ".utf8) + [0xC3]) == .failure(.init(encoding: "utf8", offset: 3)))
        // 0xA5 is unassigned in ISO-8859-3.
        #expect(try decode("ISO-8859-3", [0x61, 0xA5]) == .failure(.init(encoding: "ISO-8859-3", offset: 1)))
        // A truncated double-byte character.
        guard case .failure = try decode("GBK", [0x61, 0xC4]) else {
            Issue.record("a truncated GBK character decoded")
            return
        }
        #expect(CharacterEncoding.InvalidBytes(encoding: "UTF-8", offset: 2).description == "not valid UTF-8 (byte 2)")
    }

    @Test("Unknown names, iconv options and encodings that do not keep ASCII are refused")
    func refusedNames() {
        for name in ["", "klingon-8", "latin1//TRANSLIT", "UTF-16", "UTF-32", "UCS-2", "UTF-7", "latin 1"] {
            #expect(CharacterEncoding(name) == nil, "\(name)")
        }
        #expect(CharacterEncoding("utf-8")?.isUTF8 == true)
        #expect(CharacterEncoding("latin1")?.isUTF8 == false)
    }
}
