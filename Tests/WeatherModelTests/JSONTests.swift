import Foundation
import Testing
import WeatherModel

@Suite("JSON parser")
struct JSONParserTests {
    @Test(
        "compact documents survive parse and serialise unchanged",
        arguments: [
            #"{"a":1,"b":[true,false,null],"c":"x"}"#,
            #"{"z":1,"a":2,"m":{"y":[],"b":{}}}"#,
            #"[1,-2,3.5,-0.25,1e+20,1.5e-07,"",{"":null}]"#,
            #""text""#, "true", "false", "null", "0", "-12", "123456789012",
            #"{"schema":1,"units":{"temperature":"°C"},"summary":"Snow ❄️ 😀"}"#,
        ])
    func roundTrip(text: String) throws {
        #expect(try JSONParser.parse(text).serialized() == text)
    }

    @Test("object members keep their order and duplicate keys keep the last value")
    func order() throws {
        let value = try JSONParser.parse(#"{"b":1,"a":2,"b":3}"#)
        #expect(value.object?.keys == ["b", "a"])
        #expect(value["b"]?.double == 3)
    }

    @Test(
        "every escape is read",
        arguments: [
            (#""\"""#, "\""), (#""\\""#, "\\"), (#""\/""#, "/"), (#""\b""#, "\u{08}"), (#""\f""#, "\u{0C}"),
            (#""\n""#, "\n"), (#""\r""#, "\r"), (#""\t""#, "\t"), (#""\u0041\u00e9\u20AC""#, "Aé€"),
            (#""\u0000""#, "\u{0}"), (#""a\nb""#, "a\nb"), (#""\ud83d\ude00""#, "😀"),
            (#""x\uD834\uDD1Ey""#, "x𝄞y"),
        ])
    func escapes(text: String, expected: String) throws {
        #expect(try JSONParser.parse(text) == .string(expected))
    }

    @Test(
        "unpaired or malformed surrogates are errors",
        arguments: [
            #""\ud83d""#, #""\ude00""#, #""\ud83d\u0041""#, #""\ud83dx""#, #""\ud83d\ud83d""#, #""\u12""#, #""\uZZZZ""#,
        ])
    func surrogates(text: String) {
        #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
    }

    @Test(
        "truncated and malformed input is an error, never a crash",
        arguments: [
            "", " ", "{", "[", #"{"a""#, #"{"a":"#, #"{"a":1"#, #"{"a":1,"#, "[1,2", "[1,", #""abc"#, #""ab\"#,
            "tru", "nul", "fals", "-", "1.", "1e", "1e+", ".5", "+1", "01", "-01", "NaN", "Infinity", "-Infinity",
            "{a:1}", "{'a':1}", "[1 2]", "[1,]", #"{"a":1,}"#, "{} x", "[]]", #""\x""#, "\u{0}",
        ])
    func malformed(text: String) {
        #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
    }

    @Test("the error says where: the byte offset of the problem")
    func offset() {
        do {
            _ = try JSONParser.parse("[1,x]")
            Issue.record("parsed")
        } catch {
            #expect(error.offset == 3)
            #expect(error.description == "unexpected character at byte 3")
        }
    }

    @Test("a control character inside a string is an error")
    func controlCharacter() {
        #expect(throws: JSONParseError.self) { try JSONParser.parse([0x22, 0x01, 0x22]) }
        #expect(throws: JSONParseError.self) { try JSONParser.parse([0x22, 0x5C, 0x6E, 0x0A, 0x22]) }
    }

    @Test(
        "invalid UTF-8 in a string is an error",
        arguments: [
            [0x22, 0xC3, 0x28, 0x22],  // a lead byte without its continuation
            [0x22, 0x80, 0x22],  // a lone continuation byte
            [0x22, 0xC0, 0xAF, 0x22],  // an overlong "/"
            [0x22, 0xED, 0xA0, 0x80, 0x22],  // a UTF-16 surrogate encoded as UTF-8
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // beyond U+10FFFF
            [0x22, 0xFF, 0x22],
            [0x22, 0x5C, 0x6E, 0xFF, 0x22],  // after an escape (the slow path)
            [0x22, 0xE2, 0x82],  // cut inside a character, unterminated
        ] as [[UInt8]])
    func invalidUTF8(bytes: [UInt8]) {
        #expect(throws: JSONParseError.self) { try JSONParser.parse(bytes) }
    }

    @Test("invalid UTF-8 outside a string is an error")
    func invalidUTF8Outside() {
        #expect(throws: JSONParseError.self) { try JSONParser.parse([0x5B, 0xFF, 0x5D]) }
    }

    @Test("numbers beyond a Double are errors", arguments: ["1e400", "-1e400", "1e99999", "[1,2e309]"])
    func outOfRange(text: String) {
        #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
    }

    @Test(
        "numbers are read exactly",
        arguments: [
            ("0", 0.0), ("-0", 0.0), ("12", 12), ("-7.25", -7.25), ("1E3", 1000), ("2.5e-3", 0.0025),
            ("1.7976931348623157e308", 1.7976931348623157e308), ("5e-324", Double.leastNonzeroMagnitude), ("0.1", 0.1),
        ])
    func numbers(text: String, expected: Double) throws {
        #expect(try JSONParser.parse(text).double == expected)
    }

    @Test("a UTF-8 byte order mark is skipped at the start, and only there")
    func byteOrderMark() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(try JSONParser.parse(bom + Array(#"{"a":1}"#.utf8)) == ["a": 1])
        #expect(try JSONParser.parse(bom + Array(" [1] ".utf8)) == [1])
        #expect(throws: JSONParseError.self) { try JSONParser.parse(bom) }
        #expect(throws: JSONParseError.self) { try JSONParser.parse(bom + bom + Array("1".utf8)) }
        #expect(throws: JSONParseError.self) { try JSONParser.parse(Array("[1]".utf8) + bom) }
        #expect(throws: JSONParseError.self) { try JSONParser.parse(Array("[".utf8) + bom + Array("1]".utf8)) }
    }

    @Test("nesting up to maxDepth is accepted, one level more is refused", arguments: ["[", "{\"k\":"])
    func depth(opening: String) throws {
        func nested(_ levels: Int) -> String {
            let close = opening == "[" ? "]" : "}"
            return String(repeating: opening, count: levels) + "1" + String(repeating: close, count: levels)
        }
        #expect(throws: Never.self) { try JSONParser.parse(nested(64)) }
        #expect(throws: JSONParseError.self) { try JSONParser.parse(nested(65)) }
        #expect(throws: Never.self) { try JSONParser(maxDepth: 3).parse(Array(nested(3).utf8)) }
        #expect(throws: JSONParseError.self) { try JSONParser(maxDepth: 3).parse(Array(nested(4).utf8)) }
    }

    @Test("hostile nesting (100 000 levels, unclosed) is refused without exhausting the stack")
    func hostileDepth() {
        #expect(throws: JSONParseError.self) { try JSONParser.parse(String(repeating: "[", count: 100_000)) }
        #expect(throws: JSONParseError.self) {
            try JSONParser.parse(String(repeating: "[{\"a\":", count: 50_000))
        }
    }
}

@Suite("JSON writer")
struct JSONWriterTests {
    @Test(
        "integral numbers print without a fraction; -0 prints as 0",
        arguments: [
            (0.0, "0"), (-0.0, "0"), (12.0, "12"), (-3.0, "-3"), (1013.0, "1013"), (123456789012.0, "123456789012"),
            (0.5, "0.5"), (-7.25, "-7.25"), (29.92, "29.92"), (0.1, "0.1"),
        ])
    func numbers(value: Double, text: String) {
        #expect(JSONValue.number(value).serialized() == text)
        #expect(JSONValue.format(value) == text)
    }

    @Test(
        "non-finite numbers, which JSON cannot hold, are written as null",
        arguments: [
            Double.nan, .infinity, -.infinity,
        ])
    func nonFinite(value: Double) {
        #expect(JSONValue.number(value).serialized() == "null")
        #expect(JSONValue.array([.number(value)]).serialized() == "[null]")
    }

    @Test(
        "every number written reads back as the same Double",
        arguments: [
            0.1, 1.0 / 3, -2.0 / 3, 1e15, 1e16, -1e21, 1.5e-7, Double.leastNonzeroMagnitude, 1.7976931348623157e308,
            9007199254740992,
            273.15, -40, 0.30000000000000004,
        ])
    func numberRoundTrip(value: Double) throws {
        let text = JSONValue.number(value).serialized()
        #expect(try JSONParser.parse(text).double == value, "\(text)")
    }

    @Test("strings are escaped so that any text survives")
    func escaping() throws {
        let text = "quote \" backslash \\ slash / newline \n return \r tab \t bell \u{07} nul \u{0} del \u{7F} é 😀"
        let written = JSONValue.string(text).serialized()
        #expect(written.contains(#"\""#) && written.contains(#"\\"#) && written.contains(#"\n"#))
        #expect(written.contains(#"\u0007"#) && written.contains(#"\u0000"#))
        #expect(!written.unicodeScalars.contains { $0.value < 0x20 })
        #expect(try JSONParser.parse(written) == .string(text))
    }

    @Test("every control character is written with an escape and reads back", arguments: 0..<0x20)
    func controlCharacters(code: Int) throws {
        let text = String(Character(Unicode.Scalar(UInt8(code))))
        let written = JSONValue.string(text).serialized()
        #expect(written.count > 3)
        #expect(try JSONParser.parse(written) == .string(text))
    }

    @Test("pretty printing indents two spaces a level")
    func pretty() {
        let value: JSONValue = ["a": 1, "b": [true, nil], "c": [:], "d": []]
        #expect(
            value.prettyPrinted()
                == "{\n  \"a\": 1,\n  \"b\": [\n    true,\n    null\n  ],\n  \"c\": {},\n  \"d\": []\n}")
    }

    @Test("null keys stay present and nil optionals become null")
    func nulls() {
        var object = JSONObject()
        object["a"] = JSONValue(nil as Double?)
        object["b"] = JSONValue(nil as String?)
        object["c"] = JSONValue(2.5 as Double?)
        #expect(JSONValue.object(object).serialized() == #"{"a":null,"b":null,"c":2.5}"#)
        object["a"] = nil
        #expect(JSONValue.object(object).serialized() == #"{"b":null,"c":2.5}"#)
    }

    @Test(
        "what the writer produces, the strict parser and Foundation both read",
        arguments: [
            ["x": [1.5, -0.0, "é\u{1}", nil, true], "y": ["z": 1e300]] as JSONValue,
            .array([.string(String(repeating: "\\\"", count: 100))]),
        ] as [JSONValue])
    func readable(value: JSONValue) throws {
        let text = value.serialized()
        #expect(try JSONParser.parse(text).serialized() == text)
        #expect(throws: Never.self) {
            try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        }
    }
}
