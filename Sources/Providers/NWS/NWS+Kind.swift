import ProviderFacts

extension ProviderDescriptor {
    public static let nws = ProviderDescriptor(
        name: "nws", displayName: "US National Weather Service", defaultBaseURL: "https://api.weather.gov",
        attribution: "Data from the US National Weather Service", minimumInterval: 600,
        dailyBudget: 10_000,  // no published quota
        needsContact: true,
        noNowcastReason: "the US National Weather Service gives no minute-by-minute precipitation")
}

extension NWS {
    /// Its facts and how the catalog builds it (`ProviderCatalog.kinds`).
    static let kind =
        ProviderKind(descriptor: .nws) { setup throws(ProviderError) in
            try NWS(
                baseURL: setup.baseURL, userAgent: setup.userAgent,
                pointsCache: setup.pointsCache ?? InMemoryNWSPointsCache())
        }
}
