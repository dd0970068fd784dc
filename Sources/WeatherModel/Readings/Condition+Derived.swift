/// The condition a reading's other values stand for, when the provider sent a code or icon
/// the bridge does not know (a provider added one): never `nil`, so a new code never leaves
/// a display blank. `provider_code` still carries what the provider sent.
extension Condition {
    /// Precipitation first (by type; 7.6 mm/h and more pours), then fog (visibility under
    /// 1 km), strong wind (50 km/h and more), then the cloud cover (Pirate Weather's
    /// thresholds: 87.5 % cloudy, 37.5 % partly cloudy, else clear); `partlycloudy` when
    /// nothing else is known. Day/night is adjusted by the caller.
    public static func derived(
        cloudCoverage: Double?, precipitation: Double?, precipitationType: PrecipitationType?, windSpeed: Double?,
        visibility: Double?, hourly: Bool = true
    ) -> Condition {
        if let amount = precipitation, amount > 0.05 || (!hourly && amount >= 1) {
            switch precipitationType {
            case .snow: return .snowy
            case .sleet: return .snowyRainy
            case .hail: return .hail
            case .rain, nil: return hourly && amount >= 7.6 ? .pouring : .rainy
            }
        }
        if let visibility, visibility < 1 { return .fog }
        if let wind = windSpeed, wind >= 50 { return .windy }
        guard let clouds = cloudCoverage else { return .partlyCloudy }
        if clouds >= 87.5 { return .cloudy }
        if clouds >= 37.5 { return .partlyCloudy }
        return .sunny
    }
}

extension Reading {
    /// The condition to publish: the provider's, else — when it sent a code the bridge does
    /// not know — one derived from the other values.
    public var knownOrDerivedCondition: Condition? {
        if let condition { return condition }
        guard providerCode != nil else { return nil }
        return .derived(
            cloudCoverage: cloudCoverage, precipitation: precipitation, precipitationType: precipitationType,
            windSpeed: windSpeed, visibility: visibility)
    }
}

extension Day {
    /// The day's condition, derived from its sums and maxima for a code the bridge does not know.
    public var knownOrDerivedCondition: Condition? {
        if let condition { return condition }
        guard providerCode != nil else { return nil }
        return .derived(
            cloudCoverage: nil, precipitation: precipitation, precipitationType: precipitationType,
            windSpeed: windSpeed, visibility: nil, hourly: false)
    }
}
