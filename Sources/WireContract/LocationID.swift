/// The rule for a location id (SPEC §2): a topic segment `^[a-z0-9][a-z0-9_-]{0,63}$`, and not
/// `bridge`, which would collide with `<base>/bridge/…`.
public enum LocationID {
    /// The rule as users read it in messages.
    public static let rule = "^[a-z0-9][a-z0-9_-]{0,63}$"
    /// Segments below `<base>/` that belong to the bridge itself.
    public static let reserved: Set<String> = ["bridge"]

    /// Whether `id` is a valid location id.
    public static func isValid(_ id: String) -> Bool {
        let bytes = Array(id.utf8)
        guard (1...64).contains(bytes.count), !reserved.contains(id) else { return false }
        for (index, byte) in bytes.enumerated() {
            let alphanumeric =
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            guard alphanumeric || (index > 0 && (byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-"))) else {
                return false
            }
        }
        return true
    }

    /// What is wrong with `id`, in words, or nil when it is valid.
    public static func problem(_ id: String) -> String? {
        if isValid(id) { return nil }
        if reserved.contains(id) { return "'\(id)' is reserved for the bridge's own topics (<base>/\(id)/…)" }
        return "'\(id)' is not a location id (\(rule): lower-case letters, digits, '_' and '-'; "
            + "no uppercase, spaces, '/', '+' or '#')"
    }
}
