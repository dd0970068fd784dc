/// `application/x-www-form-urlencoded`, as Ecowitt gateways post it, Ambient/Wunderground
/// consoles put it in the query and `serve` reads its queries (the one reader: the station
/// decoders' `FormFields` and the listeners use it): `name=value` pairs joined by `&`,
/// `+` for a space and `%XX` for a byte.
public enum FormEncoding {
    /// The fields of `bytes`, in order, duplicates kept. A field without `=` has an empty value;
    /// empty fields (`&&`) are skipped; a malformed escape (`%G1`, a trailing `%`) is kept as
    /// written; bytes that are not UTF-8 become U+FFFD. Never fails.
    public static func fields(_ bytes: some Collection<UInt8>) -> [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        for field in bytes.split(separator: UInt8(ascii: "&")) {
            let equals = field.firstIndex(of: UInt8(ascii: "="))
            let name = decode(field[..<(equals ?? field.endIndex)])
            let value = equals.map { decode(field[field.index(after: $0)...]) } ?? ""
            if name.isEmpty && value.isEmpty { continue }
            result.append((name, value))
        }
        return result
    }

    /// The fields of a text (a query string).
    public static func fields(_ text: String) -> [(name: String, value: String)] {
        fields(Array(text.utf8))
    }

    /// One name or value decoded.
    public static func decode(_ encoded: some Collection<UInt8>) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(encoded.count)
        var index = encoded.startIndex
        while index != encoded.endIndex {
            let byte = encoded[index]
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"),
                let high = encoded.index(index, offsetBy: 1, limitedBy: encoded.endIndex), high != encoded.endIndex,
                let low = encoded.index(high, offsetBy: 1, limitedBy: encoded.endIndex), low != encoded.endIndex,
                let value = hex(encoded[high]).flatMap({ h in hex(encoded[low]).map { h << 4 | $0 } })
            {
                bytes.append(value)
                index = low
            } else {
                bytes.append(byte)
            }
            index = encoded.index(after: index)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
