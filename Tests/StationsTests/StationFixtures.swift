import Foundation
import TestSupport
import WeatherModel

/// The station captures in `Tests/Fixtures/stations/<family>/`, replayed as the device sends them.
enum StationFixtures {
    static func bytes(_ family: String, _ file: String) -> [UInt8] {
        Fixtures.bytes("stations/" + family, file)
    }

    /// A capture kept as a JSON object of form fields, as the urlencoded body (or query) the device
    /// sent: fields in file order, values percent-encoded, numbers as written.
    static func form(_ family: String, _ file: String) -> [UInt8] {
        guard case .object(let object)? = try? JSONParser.parse(bytes(family, file)) else {
            fatalError("\(file) is not a JSON object")
        }
        var parts: [String] = []
        for (key, value) in object {
            let text: String
            switch value {
            case .string(let string): text = string
            case .number(let number): text = String(number)
            default: text = ""
            }
            parts.append(encode(key) + "=" + encode(text))
        }
        return Array(parts.joined(separator: "&").utf8)
    }

    /// The lines of a capture with one message per line.
    static func lines(_ family: String, _ file: String) -> [[UInt8]] {
        bytes(family, file).split(separator: UInt8(ascii: "\n")).map(Array.init).filter { !$0.isEmpty }
    }

    /// The bytes of a Wireshark hex dump from `offset` on.
    static func hexdump(_ family: String, _ file: String, from offset: Int) -> [UInt8] {
        var out: [UInt8] = []
        for line in String(decoding: bytes(family, file), as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            for field in fields.dropFirst().prefix(16) {
                guard field.count == 2, let byte = UInt8(field, radix: 16) else { break }
                out.append(byte)
            }
        }
        return Array(out.dropFirst(offset))
    }

    private static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}

/// `value` is within `tolerance` of `expected`.
func near(_ value: Double?, _ expected: Double, _ tolerance: Double = 1e-6) -> Bool {
    guard let value else { return false }
    return abs(value - expected) <= tolerance
}

extension Date {
    /// A fixed instant plus `seconds`, for tests.
    static func at(_ seconds: Double) -> Date { Date(timeIntervalSince1970: seconds) }
}
