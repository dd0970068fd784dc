import ProviderFacts

/// A weather provider the bridge speaks to, by its configuration name: a view of its
/// `ProviderDescriptor` (the one list of providers lives in `ProviderFacts`).
public struct KnownProvider: RawRepresentable, CaseIterable, Hashable, Sendable {
    /// Its facts.
    public let descriptor: ProviderDescriptor

    public init?(rawValue: String) {
        guard let descriptor = ProviderDescriptor.named(rawValue) else { return nil }
        self.descriptor = descriptor
    }

    init(_ descriptor: ProviderDescriptor) { self.descriptor = descriptor }

    public var rawValue: String { descriptor.name }
    public static var allCases: [KnownProvider] { ProviderDescriptor.all.map(KnownProvider.init) }
    public static func == (lhs: KnownProvider, rhs: KnownProvider) -> Bool { lhs.rawValue == rhs.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    public static let openMeteo = KnownProvider(.openMeteo)
    public static let openWeatherMap = KnownProvider(.openWeatherMap)
    public static let pirateWeather = KnownProvider(.pirateWeather)
    public static let metNo = KnownProvider(.metNo)
    public static let nws = KnownProvider(.nws)

    /// Where the provider's API lives; `base_url` replaces it.
    public var defaultBaseURL: String { descriptor.defaultBaseURL }

    /// Whether requests need `api_key` (or `api_key_file`).
    public var needsKey: Bool { descriptor.needsKey }

    /// Whether the provider's terms require an identifying User-Agent (`contact`).
    public var needsContact: Bool { descriptor.needsContact }

    /// Whether a location using it must name its time zone (the responses carry none).
    public var needsTimezone: Bool { descriptor.needsTimezone }

    /// The default of `providers.open-meteo.geocoding_url`.
    public static var defaultGeocodingURL: String { ProviderDescriptor.openMeteo.geocodingURL ?? "" }

    /// Keys its `providers:` entry accepts.
    var validKeys: [String] { descriptor.configurationKeys }
}
