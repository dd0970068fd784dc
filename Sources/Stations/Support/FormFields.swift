import WeatherModel

/// The `name=value&…` of a query string or an `application/x-www-form-urlencoded` body,
/// percent-decoded, `+` read as a space, in order. Survives what devices send: a raw line
/// break inside the query (ObserverIP 2), empty values, names without `=`.
public struct FormFields: Sendable, Equatable {
    public private(set) var pairs: [(name: String, value: String)] = []

    public static func == (left: FormFields, right: FormFields) -> Bool {
        left.pairs.elementsEqual(right.pairs) { $0.name == $1.name && $0.value == $1.value }
    }

    /// Reads `bytes`; a leading `?` and a request line's `GET /path?` are skipped.
    public init(_ bytes: some Collection<UInt8>) {
        var text = Array(bytes)
        // A whole request line: the query ends where " HTTP/1.1" begins.
        if text.starts(with: Array("GET ".utf8)) || text.starts(with: Array("POST ".utf8)),
            let end = FormFields.range(of: Array(" HTTP/".utf8), in: text)
        {
            text.removeSubrange(end...)
        }
        if let question = text.firstIndex(of: UInt8(ascii: "?")),
            !text[..<question].contains(UInt8(ascii: "&")), !text[..<question].contains(UInt8(ascii: "="))
        {
            text.removeSubrange(...question)
        }
        for part in text.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            // Control characters (a stray LF, the CR of a line end) are never part of a name or value.
            let clean = part.filter { $0 >= 0x20 && $0 != 0x7F }
            guard !clean.isEmpty else { continue }
            if let equals = clean.firstIndex(of: UInt8(ascii: "=")) {
                pairs.append(
                    (FormEncoding.decode(clean[..<equals]), FormEncoding.decode(clean[clean.index(after: equals)...])))
            } else {
                pairs.append((FormEncoding.decode(clean[...]), ""))
            }
        }
    }

    public init(_ text: String) { self.init(Array(text.utf8)) }

    /// The last value of `name` (exact spelling).
    public subscript(name: String) -> String? {
        pairs.last(where: { $0.name == name })?.value
    }

    /// The last value of `name` compared without case (`PASSKEY`, `passkey`).
    public func value(caseInsensitive name: String) -> String? {
        let lower = name.lowercased()
        return pairs.last(where: { $0.name.lowercased() == lower })?.value
    }

    /// The value of `name` as a number; `nil` for missing markers (`StationNumber`).
    public func number(_ name: String) -> Double? {
        self[name].flatMap(StationNumber.parse)
    }

    private static func range(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        return (0...(haystack.count - needle.count)).first { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
