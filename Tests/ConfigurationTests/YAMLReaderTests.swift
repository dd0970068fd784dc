import Testing
import YAML

/// The YAML module: libyaml's events as a node tree with marks, aliases and merge keys.
@Suite("YAML reader (libyaml)")
struct YAMLReaderTests {
    @Test("block mappings and sequences carry 1-based lines and columns")
    func marks() throws {
        let node = try YAMLReader.parse("mqtt:\n  url: mqtt://broker:1883\nlist:\n  - a\n  - {b: 1}\n")
        #expect(node["mqtt"]?["url"]?.text == "mqtt://broker:1883")
        #expect(node["mqtt"]?["url"]?.line == 2)
        #expect(node["mqtt"]?["url"]?.column == 8)
        #expect(node["mqtt"]?.entries?.first?.key.column == 3)
        let items = try #require(node["list"]?.items)
        #expect(items.map(\.line) == [4, 5])
        #expect(items[1].column == 5)
        #expect(items[1]["b"]?.column == 9)
    }

    @Test("every scalar style, with its style and tag")
    func scalarStyles() throws {
        let node = try YAMLReader.parse(
            """
            plain: a b
            single: 'it''s'
            double: "tab\\there \\u00e9"
            literal: |
              line one
              line two
            folded: >-
              one
              two
            tagged: !!str 5
            local: !secret mqtt_password
            empty:
            tilde: ~
            """)
        #expect(node["plain"]?.text == "a b")
        #expect(node["plain"]?.isPlain == true)
        #expect(node["single"]?.text == "it's")
        #expect(node["single"]?.style == .singleQuoted)
        #expect(node["double"]?.text == "tab\there é")
        #expect(node["double"]?.style == .doubleQuoted)
        #expect(node["literal"]?.text == "line one\nline two\n")
        #expect(node["literal"]?.style == .literal)
        #expect(node["folded"]?.text == "one two")
        #expect(node["folded"]?.style == .folded)
        #expect(node["tagged"]?.shortTag == "!!str")
        #expect(node["tagged"]?.isPlain == false)
        #expect(node["local"]?.tag == "!secret")
        #expect(node["local"]?.text == "mqtt_password")
        #expect(node["empty"]?.isNull == true)
        #expect(node["tilde"]?.isNull == true)
        #expect(node["plain"]?.isNull == false)
    }

    @Test("an alias is the anchored node, with the marks of where it was written")
    func aliases() throws {
        let node = try YAMLReader.parse("base: &b [met-no, open-meteo]\nhome: *b\nwork: *b\n")
        #expect(node["home"]?.items?.map(\.text) == ["met-no", "open-meteo"])
        #expect(node["work"] == node["base"])
        #expect(node["work"]?.line == 1)
    }

    @Test("merge keys: one mapping or a list; written keys win, then earlier merges")
    func mergeKeys() throws {
        let node = try YAMLReader.parse(
            """
            a: &a {interval: 15m, timezone: Europe/Berlin, name: A}
            b: &b {interval: 1h, providers: [met-no]}
            one:
              <<: *a
              name: One
            two:
              name: Two
              <<: [*b, *a]
            three: {<<: {x: 1}, y: 2}
            """)
        let one = try #require(node["one"]?.entries)
        #expect(one.map { $0.key.text } == ["interval", "timezone", "name"])
        #expect(node["one"]?["name"]?.text == "One")
        #expect(node["one"]?["interval"]?.line == 1, "a merged value keeps the line it was written on")
        #expect(node["two"]?["interval"]?.text == "1h", "the earlier merge wins")
        #expect(node["two"]?["timezone"]?.text == "Europe/Berlin")
        #expect(node["two"]?["name"]?.text == "Two")
        #expect(node["two"]?["providers"]?.items?.count == 1)
        #expect(node["three"]?["x"]?.text == "1")
        #expect(node["three"]?.entries?.count == 2)
    }

    @Test("a merge of something that is not a mapping is an error at that value")
    func badMerge() {
        #expect(throws: YAMLError.self) { try YAMLReader.parse("a: &a [1]\nb:\n  <<: *a\n") }
        do {
            _ = try YAMLReader.parse("a: 1\nb:\n  <<: [{x: 1}, 5]\n")
            Issue.record("no error")
        } catch {
            #expect(error.line == 3)
            #expect(error.message.contains("merge key '<<' takes a mapping or a list of mappings"))
        }
    }

    @Test("a key written twice is an error naming both lines")
    func duplicateKeys() {
        do {
            _ = try YAMLReader.parse("mqtt:\n  qos: 1\n  retain: true\n  qos: 2\n")
            Issue.record("no error")
        } catch {
            #expect(error.line == 4)
            #expect(error.column == 3)
            #expect(error.message == "duplicate key 'qos' (first on line 2)")
        }
    }

    @Test("BOM, CRLF, comments anywhere, --- and ...")
    func framing() throws {
        let text = "\u{FEFF}%YAML 1.1\r\n---\r\n# comment\r\na: 1 # trailing\r\nb: [x, # inside\r\n  y]\r\n...\r\n"
        let node = try YAMLReader.parse(text)
        #expect(node["a"]?.text == "1")
        #expect(node["a"]?.line == 4)
        #expect(node["b"]?.items?.map(\.text) == ["x", "y"])
    }

    @Test("a second document is an error; an empty text is an empty node")
    func documents() throws {
        do {
            _ = try YAMLReader.parse("a: 1\n---\nb: 2\n")
            Issue.record("no error")
        } catch {
            #expect(error.line == 2)
            #expect(error.message.contains("a second document"))
        }
        #expect(try YAMLReader.parse("# only a comment\n").isNull)
        #expect(try YAMLReader.parse("").isNull)
    }

    @Test("syntax errors say where and what to do")
    func syntaxErrors() {
        func error(_ text: String) -> YAMLError? {
            do {
                _ = try YAMLReader.parse(text)
                return nil
            } catch {
                return error
            }
        }
        #expect(error("a:\n\tb: 1\n")?.message.contains("tab") == true)
        #expect(error("a: \"open\nb: 1\n")?.line == 1)
        #expect(error("a: \"open\nb: 1\n")?.message.contains("not closed") == true)
        #expect(error("a: [1, 2\nb: 3\n")?.message.contains("never closed") == true)
        #expect(error("a: *missing\n")?.message.contains("refers to no anchor") == true)
        #expect(error("a: b: c\n")?.message.contains("must be quoted") == true)
        #expect(error("a: 1\n\u{0}\n")?.line == 2)
    }

    @Test("a billion laughs is refused quickly, naming the alias")
    func aliasBomb() throws {
        var text = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            let previous = Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ")
            text += "a\(level): &a\(level) [\(previous)]\n"
        }
        do {
            _ = try YAMLReader.parse(text)
            Issue.record("no error")
        } catch {
            #expect(error.message.contains("alias bomb"))
            #expect(error.message.contains("more than 250000 values"))
            #expect((5...10).contains(error.line))
        }
        // Four levels of the same shape (7,380 values) are within the limit and read.
        let small = text.split(separator: "\n").prefix(4).joined(separator: "\n")
        #expect(try YAMLReader.parse(small)["a3"]?.items?.first?.items?.first?.items?.count == 9)
    }

    @Test("nesting past the limit, directly or through an alias, is an error")
    func depth() {
        #expect(throws: YAMLError.self) { try YAMLReader.parse(String(repeating: "[", count: 100_000)) }
        let deep = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        let text = "a: &a \(deep)\nb: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[*a]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n"
        do {
            _ = try YAMLReader.parse(text)
            Issue.record("no error")
        } catch {
            #expect(error.message.contains("nesting deeper than 64 levels (through the alias *a)"))
        }
    }
}
