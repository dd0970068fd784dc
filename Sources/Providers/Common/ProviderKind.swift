import ProviderFacts

/// One provider as the catalog knows it: its facts (`ProviderDescriptor`) and how to build it
/// from its configuration. Each provider's folder declares its own (`<Provider>+Kind.swift`);
/// `ProviderCatalog.kind(_:)` finds it for each `ProviderID` (a test says when a kind carries
/// another provider's facts).
public struct ProviderKind: Sendable {
    public let descriptor: ProviderDescriptor
    let build: @Sendable (ProviderSetup) throws(ProviderError) -> any WeatherProvider

    init(
        descriptor: ProviderDescriptor,
        build: @escaping @Sendable (ProviderSetup) throws(ProviderError) -> any WeatherProvider
    ) {
        self.descriptor = descriptor
        self.build = build
    }
}

/// What building a provider takes, already checked by the catalog: the base URL (the
/// provider's public service when none is configured), the key where it needs one.
public struct ProviderSetup: Sendable {
    public var baseURL: String
    public var apiKey: String
    public var api: String?
    public var userAgent: String
    public var pointsCache: (any NWSPointsCache)?
}
