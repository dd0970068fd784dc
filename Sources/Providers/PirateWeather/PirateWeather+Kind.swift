import ProviderFacts

extension PirateWeather {
    /// How the catalog builds it from its facts (`ProviderCatalog.kind(_:)`).
    static let kind =
        ProviderKind(descriptor: .pirateWeather) { setup throws(ProviderError) in
            PirateWeather(baseURL: setup.baseURL, apiKey: setup.apiKey, userAgent: setup.userAgent)
        }
}
