import ProviderFacts

extension NWS {
    /// How the catalog builds it from its facts (`ProviderCatalog.kind(_:)`).
    static let kind =
        ProviderKind(descriptor: .nws) { setup throws(ProviderError) in
            try NWS(
                baseURL: setup.baseURL, userAgent: setup.userAgent,
                pointsCache: setup.pointsCache ?? InMemoryNWSPointsCache())
        }
}
