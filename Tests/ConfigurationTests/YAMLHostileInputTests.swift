import Foundation
import TestSupport
import Testing

@testable import Configuration

/// No input, however malformed, may trap or hang the reader (SPEC §7).
@Suite("Hostile input")
struct YAMLHostileInputTests {
    struct Input: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var testDescription: String { name }
    }

    static let deepInputs = [
        Input(name: "100 000 open brackets", text: String(repeating: "[", count: 100_000)),
        Input(
            name: "10 000 nested flow mappings",
            text: String(repeating: "{a: ", count: 10_000) + "1" + String(repeating: "}", count: 10_000)),
        Input(name: "100 000 compact list items", text: String(repeating: "- ", count: 100_000) + "x"),
        Input(
            name: "200 indented mappings",
            text: (0..<200).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\n")),
        Input(
            name: "200 indented lists",
            text: (0..<200).map { String(repeating: " ", count: $0) + "-" }.joined(separator: "\n") + " x"),
    ]

    @Test("deep nesting is an error, not a stack overflow", arguments: deepInputs)
    func deepNesting(_ input: Input) {
        let error = ConfigTesting.error(input.text)
        #expect(error?.message.contains("nesting deeper than 64 levels") == true, "\(String(describing: error))")
        #expect(error?.line != nil)
    }

    @Test("a 1 MB line: a huge key, an unterminated string, a huge flow")
    func megabyteLine() {
        let megabyte = String(repeating: "x", count: 1 << 20)
        let hugeKey = ConfigTesting.error(megabyte + ": 1\n")
        #expect(hugeKey?.message.contains("a key longer than 1024 characters") == true)
        #expect((hugeKey?.description.count ?? .max) < 500, "the message quotes a shortened key")

        let unterminated = ConfigTesting.error("mqtt:\n  password: \"" + megabyte + "\n")
        #expect(unterminated?.line == 2)
        #expect(unterminated?.message.contains("not closed") == true)

        let flow = ConfigTesting.error("a: [" + String(repeating: "1, ", count: 100_000) + "\n")
        #expect(flow?.message.contains("never closed") == true)

        let value = ConfigTesting.error(ConfigTesting.withMinimal("contact: " + megabyte))
        #expect(value == nil, "a long value is allowed: \(String(describing: value))")
    }

    @Test("binary bytes are rejected")
    func binaryBytes() {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<20 {
            let bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let error = ConfigTesting.error(String(decoding: bytes, as: UTF8.self))
            #expect(error != nil)
        }
        #expect(ConfigTesting.error("a: 1\n\u{0}\n")?.line == 2)
    }

    static let unterminated = [
        "a: \"abc", "a: 'abc", "a: [1, 2", "a: {b: 1", "a: [1, {b: 2]", "a: {b: [1}", "[", "{", "\"", "'", "a: \"\\",
        "a: \"\\u12\"", "- [", "a:\n  - {", "a: [\n\n\n",
    ]

    @Test("unterminated quotes and flows are errors", arguments: unterminated)
    func unterminatedInput(_ text: String) {
        #expect(ConfigTesting.error(text) != nil)
    }

    @Test("random edits of the example never crash the loader")
    func mutations() {
        let source = Array(SpecExample.text.unicodeScalars)
        let alphabet = Array("-:#[]{},'\"\\&*!|>?% \t\n\r\u{0}x1é${}".unicodeScalars)
        var generator = SeededGenerator(seed: 2026)
        var loaded = 0
        for _ in 0..<1500 {
            var text = source
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                let index = Int.random(in: 0..<text.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: text.remove(at: index)
                case 1: text.insert(alphabet.randomElement(using: &generator)!, at: index)
                default: text[index] = alphabet.randomElement(using: &generator)!
                }
            }
            var view = String.UnicodeScalarView()
            view.append(contentsOf: text)
            let files = ["/run/credentials/weather2mqtt/mqtt_password": "pw", "/run/credentials/weather2mqtt/owm": "k"]
            if ConfigTesting.error(String(view), environment: ["PIRATE_WEATHER_KEY": "p"], files: files) == nil {
                loaded += 1
            }
        }
        #expect(loaded < 1500, "some edits must break the file")
    }

    @Test("a configuration path that is no file, or endless, is an error")
    func strangePaths() throws {
        let folder = TemporaryFolder()
        #expect(ConfigTesting.loadError(folder.path)?.message.contains("directory") == true)
        let zero = try #require(ConfigTesting.loadError("/dev/zero", environment: [:]))
        #expect(zero.message.contains("larger than"))
        let binary = folder.path + "/binary.yaml"
        try Data([0x61, 0x3A, 0x20, 0x31, 0x0A, 0xFF, 0xFE, 0x0A]).write(to: URL(fileURLWithPath: binary))
        let notText = try #require(ConfigTesting.loadError(binary, environment: [:]))
        #expect(notText.line == 2)
        #expect(notText.message.contains("not UTF-8"))
    }
}

/// A deterministic random number generator (SplitMix64), so failures reproduce.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
