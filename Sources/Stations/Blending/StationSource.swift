import WireContract

/// One station a location takes values from, as the blend sees it.
public struct StationSource: Sendable, Equatable {
    /// The station's `id`; values from it are marked `station:<id>`.
    public var id: String
    public var state: StationState
    /// `max_age`, seconds: a field older than this falls back to the next source.
    public var maxAge: Double
    /// The fields it may supply (`locations[].station[].fields`); `nil`: all it has.
    public var fields: Set<StationQuantity>?

    public init(id: String, state: StationState, maxAge: Double = 600, fields: Set<StationQuantity>? = nil) {
        self.id = id
        self.state = state
        self.maxAge = maxAge
        self.fields = fields
    }

    public var sourceName: String { CurrentOverlay.stationSource(id) }

    func allows(_ quantity: StationQuantity) -> Bool { fields?.contains(quantity) ?? true }
}
