import ProviderFacts

extension OpenWeatherMap {
    /// How the catalog builds it from its facts (`ProviderCatalog.kind(_:)`).
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
