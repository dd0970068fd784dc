/// Facts about every reading payload (docs/SPEC.md §4) that the bridge writes and weatherview
/// reads: one home, so writer and reader cannot disagree.
public enum PayloadSchema {
    /// The payload schema's version: written by the bridge, the only one weatherview reads. A
    /// breaking change raises it (and the README says so).
    public static let version = 1

    /// The envelope's keys, in the order every payload starts with them; the rest of a
    /// `current` payload are its fields (the flat `current/<field>` topics).
    public static let envelopeKeys: [String] = [
        "schema", "location", "provider", "attribution", "fetched_at", "expires_at", "units",
    ]
}
