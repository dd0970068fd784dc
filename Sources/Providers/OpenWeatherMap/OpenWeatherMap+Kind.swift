import ProviderFacts

extension ProviderDescriptor {
    public static let openWeatherMap = ProviderDescriptor(
        name: "openweathermap", displayName: "OpenWeatherMap", defaultBaseURL: "https://api.openweathermap.org",
        attribution: "Weather data by OpenWeather",
        dailyBudget: 900,  // One Call 3.0 and 4.0: 1,000 free calls a day
        dailyBudgetByAPI: ["free": 50_000], apiModes: ["onecall", "onecall4", "free"], needsKey: true,
        answersInLanguage: true, noNowcastReason: "this OpenWeatherMap plan (2.5 forecast) has no minutely block")
}

extension OpenWeatherMap {
    /// Its facts and how the catalog builds it (`ProviderCatalog.kinds`).
    static let kind =
        ProviderKind(descriptor: .openWeatherMap) { setup throws(ProviderError) in
            let choice: OpenWeatherMap.API
            switch setup.api?.trimmingSpaces().lowercased() ?? "" {
            case "", "onecall": choice = .oneCall
            case "free": choice = .free
            case "onecall4": choice = .oneCall4
            case let other:
                throw .invalidResponse("openweathermap: unknown api `\(other)` (valid: onecall, onecall4, free)")
            }
            return OpenWeatherMap(baseURL: setup.baseURL, apiKey: setup.apiKey, api: choice, userAgent: setup.userAgent)
        }
}
