import Foundation
import TestSupport
import Testing

/// Configuration mistakes through `weather2mqtt check`, as a user meets them: exit 78 and a
/// message naming the file, the line and the key. A secret file others may read is accepted
/// with a warning.
@Suite("Hardening: configuration mistakes")
struct HardeningConfigTests {
    /// A valid configuration; each mistake replaces one of its lines (1-based).
    static func lines(state: String) -> [String] {
        [
            "mqtt:",
            "  url: mqtt://127.0.0.1:1883",
            "state_dir: \(state)",
            "providers:",
            "  open-meteo: { base_url: http://127.0.0.1:9 }",
            "locations:",
            "  - id: home",
            "    latitude: 52.52",
            "    longitude: 13.405",
            "    timezone: Europe/Berlin",
            "    interval: 15m",
        ]
    }

    struct Mistake: Sendable, CustomTestStringConvertible {
        var line: Int
        var text: String
        /// Words the message must hold (besides `config.yaml:<line>:`).
        var words: [String]
        var testDescription: String { text.trimmingCharacters(in: .whitespaces) }
    }

    static let mistakes = [
        Mistake(line: 7, text: #"  - id: "a+b""#, words: ["id"]),
        Mistake(line: 7, text: #"  - id: "a#b""#, words: ["id"]),
        Mistake(line: 7, text: #"  - id: "a/b""#, words: ["id"]),
        Mistake(line: 7, text: #"  - id: "my home""#, words: ["id"]),
        Mistake(line: 7, text: "  - id: Home", words: ["id"]),
        Mistake(line: 8, text: "    latitude: 91", words: ["latitude"]),
        Mistake(line: 9, text: "    longitude: -181", words: ["longitude"]),
        Mistake(line: 11, text: "    interval: 15x", words: ["interval"]),
        Mistake(line: 11, text: "    intervall: 15m", words: ["intervall", "interval"]),
        Mistake(line: 2, text: "  url: mqtt://${HARDENING_UNSET_VARIABLE}:1883", words: ["HARDENING_UNSET_VARIABLE"]),
    ]

    @Test("check exits 78 naming the file, the line and the key", arguments: mistakes)
    func mistake(_ mistake: Mistake) throws {
        let folder = TemporaryFolder()
        var lines = Self.lines(state: folder.path)
        let valid = folder.write("valid.yaml", lines.joined(separator: "\n") + "\n")
        lines[mistake.line - 1] = mistake.text
        let config = folder.write("config.yaml", lines.joined(separator: "\n") + "\n")

        let good = try BridgeProcess.run(["check", "--config", valid])
        #expect(good.status == 0, "the unchanged configuration is valid: \(good.stderr)")
        let result = try BridgeProcess.run(["check", "--config", config])
        #expect(result.status == 78, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("config.yaml:\(mistake.line):"), "stderr: \(result.stderr)")
        for word in mistake.words {
            #expect(result.stderr.contains(word), "stderr: \(result.stderr)")
        }
        #expect(result.stdout.isEmpty, "nothing is planned from a broken configuration")
    }

    @Test("a secret file others may read: check warns on stderr; mode 0600 is quiet", arguments: [0o644, 0o600])
    func readableSecret(mode: Int) throws {
        let folder = TemporaryFolder()
        let key = folder.write("owm_key", "0123456789abcdef0123456789abcdef\n")
        chmod(key, mode_t(mode))
        let config = folder.write(
            "config.yaml",
            """
            state_dir: \(folder.path)
            providers:
              openweathermap: { api_key_file: \(key), base_url: http://127.0.0.1:9 }
            locations:
              - { id: home, latitude: 52.52, longitude: 13.405, timezone: Europe/Berlin, providers: [openweathermap] }
            """)
        let result = try BridgeProcess.run(["check", "--config", config])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains("readable by other users") }
        if mode == 0o644 {
            #expect(
                warnings.count == 1 && warnings[0].contains("warning") && warnings[0].contains(key), "\(result.stderr)")
        } else {
            #expect(warnings.isEmpty, "\(result.stderr)")
        }
        #expect(
            !result.stdout.contains("0123456789abcdef0123456789abcdef")
                && !result.stderr.contains("0123456789abcdef0123"))
    }
}
