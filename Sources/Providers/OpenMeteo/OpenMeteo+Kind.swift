import ProviderFacts

extension OpenMeteo {
    /// How the catalog builds it from its facts (`ProviderCatalog.kind(_:)`).
    static let kind =
        ProviderKind(descriptor: .openMeteo) { setup throws(ProviderError) in
            OpenMeteo(baseURL: setup.baseURL, userAgent: setup.userAgent)
        }
}
