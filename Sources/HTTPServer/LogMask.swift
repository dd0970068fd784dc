/// Station keys kept out of logs: in a query, form body or path, the values of the fields that
/// identify or authenticate a station (Ecowitt/Ambient `PASSKEY`, `MAC`, Wunderground `ID` and
/// `PASSWORD`, AcuRite `id`, WeatherLink `did`, API keys and tokens) are shown as `***` and
/// their last four characters, enough to tell two stations apart and nothing to replay.
public enum LogMask {
    /// Field names (compared without case) whose values are masked.
    public static let maskedFields: Set<String> = [
        "passkey", "mac", "id", "password", "pwd", "key", "apikey", "api_key", "applicationkey", "token", "did",
    ]

    /// `text` (a query, a form body, a path with a query glued on) with masked values.
    public static func text(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        var field = Substring()
        var rest = Substring(text)
        while !rest.isEmpty {
            let end = rest.firstIndex { $0 == "&" || $0 == "?" || $0 == "\n" || $0 == "\r" } ?? rest.endIndex
            field = rest[..<end]
            output += masked(field)
            if end < rest.endIndex {
                output.append(rest[end])
                rest = rest[rest.index(after: end)...]
            } else {
                rest = Substring()
            }
        }
        return output
    }

    /// A secret value as shown in logs.
    public static func value(_ value: some StringProtocol) -> String {
        value.count >= 12 ? "***" + value.suffix(4) : "***"
    }

    private static func masked(_ field: Substring) -> String {
        guard let equals = field.firstIndex(of: "=") else { return String(field) }
        let name = field[..<equals]
        let bare = name.split(separator: "/").last.map(String.init) ?? String(name)
        guard maskedFields.contains(bare.lowercased()) else { return String(field) }
        return name + "=" + value(field[field.index(after: equals)...])
    }
}
