import Testing

@testable import Configuration

@Suite("YAML subset parser")
struct YAMLParserTests {
    @Test("block mappings and sequences, with lines and columns")
    func blockStructure() throws {
        let node = try YAMLParser.parse(
            """
            mqtt:
              url: mqtt://broker:1883
              qos: 1
            list:
              - a
              - b
            """)
        #expect(node["mqtt"]?["url"]?.text == "mqtt://broker:1883")
        #expect(node["mqtt"]?["url"]?.line == 2)
        #expect(node["mqtt"]?["url"]?.column == 8)
        #expect(node["mqtt"]?["qos"]?.text == "1")
        #expect(node["list"]?.items?.map(\.text) == ["a", "b"])
        #expect(node["list"]?.items?.last?.line == 6)
    }

    @Test("compact mapping items take the keys indented under them")
    func compactItems() throws {
        let node = try YAMLParser.parse(
            """
            locations:
              - id: home
                name: Home
                providers:
                  - met-no
              - id: work
            """)
        let items = try #require(node["locations"]?.items)
        #expect(items.count == 2)
        #expect(items[0]["id"]?.text == "home")
        #expect(items[0]["name"]?.text == "Home")
        #expect(items[0]["providers"]?.items?.map(\.text) == ["met-no"])
        #expect(items[0].line == 2)
        #expect(items[1]["id"]?.line == 6)
    }

    @Test("a sequence may sit at its key's indentation")
    func sequenceAtKeyIndentation() throws {
        let node = try YAMLParser.parse("locations:\n- id: a\n- id: b\nother: 1\n")
        #expect(node["locations"]?.items?.count == 2)
        #expect(node["other"]?.text == "1")
    }

    @Test("nested sequences in compact form")
    func nestedSequences() throws {
        let node = try YAMLParser.parse("- - a\n  - b\n- c\n")
        #expect(node.items?.first?.items?.map(\.text) == ["a", "b"])
        #expect(node.items?.last?.text == "c")
    }

    @Test("flow sequences and mappings, nested and over several lines")
    func flowCollections() throws {
        let node = try YAMLParser.parse(
            """
            a: [met-no, open-meteo]
            b: { base_url: https://api.open-meteo.com, key: "x, y", n: [1, {c: 2}] }
            c: [
              one,   # a comment inside
              'two',
            ]
            d: {x, y: }
            e: []
            f: {}
            """)
        #expect(node["a"]?.items?.map(\.text) == ["met-no", "open-meteo"])
        #expect(node["b"]?["base_url"]?.text == "https://api.open-meteo.com")
        #expect(node["b"]?["key"]?.text == "x, y")
        #expect(node["b"]?["n"]?.items?.last?["c"]?.text == "2")
        #expect(node["c"]?.items?.map(\.text) == ["one", "two"])
        #expect(node["c"]?.items?.last?.line == 5)
        #expect(node["d"]?["x"]?.kind == .null)
        #expect(node["d"]?["y"]?.kind == .null)
        #expect(node["e"]?.items == [])
        #expect(node["f"]?.kind == .mapping([]))
    }

    @Test("${NAME} inside a flow collection stays one scalar")
    func environmentReferencesInFlow() throws {
        let node = try YAMLParser.parse("a: {qos: ${QOS}, url: mqtt://${HOST}:1883}\nb: [${X}, y]\n")
        #expect(node["a"]?["qos"]?.kind == .scalar("${QOS}", quoted: false))
        #expect(node["a"]?["url"]?.text == "mqtt://${HOST}:1883")
        #expect(node["b"]?.items?.map(\.text) == ["${X}", "y"])
        #expect(throws: YAMLError.self) { try YAMLParser.parse("c: [${open, d]\n") }
    }

    @Test("scalars stay text and remember whether they were quoted")
    func scalars() throws {
        let node = try YAMLParser.parse(
            """
            plain: 5
            quoted: "5"
            version: 3.1.1
            flag: true
            single: 'it''s'
            spaced: a value with spaces   # and a comment
            hash: a#b
            quoted_hash: "a # b"
            colon: http://x:1/y
            """)
        #expect(node["plain"]?.kind == .scalar("5", quoted: false))
        #expect(node["quoted"]?.kind == .scalar("5", quoted: true))
        #expect(node["version"]?.kind == .scalar("3.1.1", quoted: false))
        #expect(node["flag"]?.kind == .scalar("true", quoted: false))
        #expect(node["single"]?.text == "it's")
        #expect(node["spaced"]?.text == "a value with spaces")
        #expect(node["hash"]?.text == "a#b")
        #expect(node["quoted_hash"]?.text == "a # b")
        #expect(node["colon"]?.text == "http://x:1/y")
    }

    @Test("double-quoted escapes")
    func escapes() throws {
        let node = try YAMLParser.parse(#"a: "tab\there\nnew \"q\" \\ \u00e9 \x41 \U0001F600 \/""#)
        #expect(node["a"]?.text == "tab\there\nnew \"q\" \\ é A 😀 /")
    }

    @Test("empty values are null; a leading --- and comments are fine")
    func emptyValuesAndMarkers() throws {
        let node = try YAMLParser.parse(
            """
            # weather2mqtt
            ---
            a:
            b: ~
            c:   # nothing
            d: 1
            """)
        #expect(node["a"]?.kind == .null)
        #expect(node["a"]?.isNull == true)
        #expect(node["b"]?.isNull == true)
        #expect(node["c"]?.kind == .null)
        #expect(node["d"]?.text == "1")
    }

    @Test("an empty or comment-only document is null")
    func emptyDocument() throws {
        #expect(try YAMLParser.parse("").kind == .null)
        #expect(try YAMLParser.parse("# nothing\n\n   \n").kind == .null)
        #expect(try YAMLParser.parse("---\n").kind == .null)
    }

    @Test("CRLF line ends and a byte order mark are accepted")
    func windowsText() throws {
        let node = try YAMLParser.parse("\u{FEFF}a: 1\r\nb:\r\n  - x\r\n")
        #expect(node["a"]?.text == "1")
        #expect(node["b"]?.items?.first?.text == "x")
    }

    struct Rejection: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var line: Int
        var mentions: String
        var testDescription: String { name }
    }

    static let rejections: [Rejection] = [
        Rejection(name: "anchor", text: "a: 1\nb: &x 2\n", line: 2, mentions: "anchors"),
        Rejection(name: "alias", text: "a: 1\nb: *x\n", line: 2, mentions: "aliases"),
        Rejection(name: "tag", text: "a: !!str 1\n", line: 1, mentions: "tags"),
        Rejection(name: "literal block scalar", text: "a: 1\nb: |\n  text\n", line: 2, mentions: "block scalars"),
        Rejection(name: "folded block scalar", text: "b: >\n  text\n", line: 1, mentions: "block scalars"),
        Rejection(name: "second document", text: "a: 1\n---\nb: 2\n", line: 2, mentions: "one document"),
        Rejection(name: "document end", text: "a: 1\n...\n", line: 2, mentions: "'...'"),
        Rejection(name: "directive", text: "%YAML 1.2\n---\na: 1\n", line: 1, mentions: "directives"),
        Rejection(name: "tab indentation", text: "a:\n\tb: 1\n", line: 2, mentions: "tab"),
        Rejection(
            name: "duplicate key", text: "a: 1\nb: 2\na: 3\n", line: 3, mentions: "duplicate key 'a' (first on line 1)"),
        Rejection(name: "duplicate flow key", text: "a: {x: 1,\n  x: 2}\n", line: 2, mentions: "duplicate key 'x'"),
        Rejection(name: "complex key", text: "? a\n: b\n", line: 1, mentions: "complex keys"),
        Rejection(name: "colon in a plain value", text: "a: b: c\n", line: 1, mentions: "quote the value"),
        Rejection(name: "unterminated double quote", text: "a: 1\nb: \"abc\n", line: 2, mentions: "not closed"),
        Rejection(name: "unterminated single quote", text: "b: 'abc\n", line: 1, mentions: "not closed"),
        Rejection(
            name: "unclosed flow sequence", text: "a: [1, 2\nb: 3\n", line: 2, mentions: "in the list opened on line 1"),
        Rejection(name: "flow never closed", text: "a: [1, 2,\n\n", line: 1, mentions: "'[' is never closed"),
        Rejection(name: "unclosed flow mapping", text: "\na: {b: 1\n", line: 2, mentions: "'{' is never closed"),
        Rejection(name: "mismatched brackets", text: "a: [1, {b: 2]\n", line: 1, mentions: "expected ','"),
        Rejection(name: "continued plain value", text: "a: one\n  two\n", line: 2, mentions: "indentation"),
        Rejection(
            name: "indentation lining up with nothing", text: "a:\n    b: 1\n  c: 2\n", line: 3, mentions: "indentation"
        ),
        Rejection(name: "text after a quoted value", text: "a: \"x\" y\n", line: 1, mentions: "unexpected text"),
        Rejection(name: "unknown escape", text: "a: \"\\q\"\n", line: 1, mentions: "unknown escape"),
        Rejection(name: "control character", text: "a: 1\nb: x\u{1}y\n", line: 2, mentions: "control character U+0001"),
        Rejection(name: "carriage return inside a line", text: "a: 1\rb: 2\n", line: 1, mentions: "carriage return"),
        Rejection(name: "list item after a key", text: "a: - b\n", line: 1, mentions: "list item"),
        Rejection(
            name: "plain line in a mapping", text: "a: 1\njust text\n", line: 2, mentions: "expected 'key: value'"),
        Rejection(name: "list item in a mapping", text: "a: 1\n- b\n", line: 2, mentions: "list item"),
    ]

    @Test("unsupported or broken YAML is an error naming its line", arguments: rejections)
    func rejected(_ rejection: Rejection) {
        do {
            let node = try YAMLParser.parse(rejection.text)
            Issue.record("parsed as \(node)")
        } catch {
            #expect(error.line == rejection.line, "\(error)")
            #expect(error.message.contains(rejection.mentions), "\(error)")
        }
    }

    @Test("nesting is limited to 64 levels")
    func depthLimit() throws {
        let deepest = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        _ = try YAMLParser.parse(deepest)
        let tooDeep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(throws: YAMLError.self) { try YAMLParser.parse(tooDeep) }
    }
}
