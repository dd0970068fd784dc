import ProviderFacts

extension MetNo {
    /// How the catalog builds it from its facts (`ProviderCatalog.kind(_:)`).
    static let kind =
        ProviderKind(descriptor: .metNo) { setup throws(ProviderError) in
            try MetNo(baseURL: setup.baseURL, userAgent: setup.userAgent)
        }
}
