import ProviderFacts

extension ProviderDescriptor {
    public static let pirateWeather = ProviderDescriptor(
        name: "pirate-weather", displayName: "Pirate Weather", defaultBaseURL: "https://api.pirateweather.net",
        attribution: "Powered by Pirate Weather",
        dailyBudget: 300,  // 10,000 a month
        needsKey: true, answersInLanguage: true)
}

extension PirateWeather {
    /// Its facts and how the catalog builds it (`ProviderCatalog.kinds`).
    static let kind =
        ProviderKind(descriptor: .pirateWeather) { setup throws(ProviderError) in
            PirateWeather(baseURL: setup.baseURL, apiKey: setup.apiKey, userAgent: setup.userAgent)
        }
}
