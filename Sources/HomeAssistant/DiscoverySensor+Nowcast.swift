/// The nowcast's and the air quality's components of a location's Home Assistant device
/// (SPEC §6).
extension DiscoverySensor {
    /// The look-ahead of the "precipitation within" binary sensor, in minutes.
    static let nowcastWithinMinutes = 30

    /// From `<base>/<loc>/nowcast`, for every location: when precipitation starts (a `timestamp`
    /// sensor, `starts_at`; unknown when none is expected in the window or the location has no
    /// nowcast) and whether it starts within `nowcastWithinMinutes` (a `moisture` binary sensor:
    /// on while `minutes_until_start` ≤ 30, off when the nowcast expects none, unknown without a
    /// nowcast).
    static var nowcast: [DiscoverySensor] {
        [
            DiscoverySensor(
                key: "precipitation_starts", name: "Precipitation starts", source: .nowcast,
                valueTemplate: Jinja.text("starts_at"), deviceClass: "timestamp", icon: "mdi:weather-rainy"),
            DiscoverySensor(
                key: "precipitation_within_\(nowcastWithinMinutes)_min",
                name: "Precipitation within \(nowcastWithinMinutes) minutes", source: .nowcast,
                platform: .binarySensor, valueTemplate: Jinja.within(minutes: nowcastWithinMinutes),
                deviceClass: "moisture", icon: "mdi:umbrella-alert-outline"),
        ]
    }

    /// From `<base>/<loc>/air_quality`'s `current.provider_index`, for Pirate Weather locations
    /// without `air_quality: true`: Pirate's own index (`aqi`, no unit; on the payload's
    /// `provider_index_scale`).
    static var providerIndexSensor: DiscoverySensor {
        DiscoverySensor(
            key: "provider_aqi", name: "Air quality index", source: .airQuality,
            valueTemplate: Jinja.member("current", "provider_index", scale: nil), deviceClass: "aqi",
            stateClass: "measurement", unit: nil, precision: 0, icon: nil)
    }

    /// From `<base>/<loc>/air_quality`'s `current`, for locations with `air_quality: true`:
    /// the European and US AQI (`aqi`, no unit) and the pollutants in μg/m³ (Greek mu, `HomeAssistantUnits`), except carbon
    /// monoxide, which Home Assistant accepts in ppm or mg/m³ only (announced in mg/m³, our
    /// µg/m³ divided by 1000).
    static var airQuality: [DiscoverySensor] {
        func value(
            _ key: String, _ name: String, _ deviceClass: String, unit: String?, precision: Int, scale: Double? = nil,
            icon: String? = nil
        ) -> DiscoverySensor {
            DiscoverySensor(
                key: key, name: name, source: .airQuality,
                valueTemplate: Jinja.member("current", key, scale: scale), deviceClass: deviceClass,
                stateClass: "measurement", unit: unit, precision: precision, icon: icon)
        }
        let microgram = HomeAssistantUnits.microgramsPerCubicMetre
        return [
            value("european_aqi", "European AQI", "aqi", unit: nil, precision: 0),
            value("us_aqi", "US AQI", "aqi", unit: nil, precision: 0),
            value("pm2_5", "PM2.5", "pm25", unit: microgram, precision: 1),
            value("pm10", "PM10", "pm10", unit: microgram, precision: 1),
            value("nitrogen_dioxide", "Nitrogen dioxide", "nitrogen_dioxide", unit: microgram, precision: 1),
            value("ozone", "Ozone", "ozone", unit: microgram, precision: 1),
            value("sulphur_dioxide", "Sulphur dioxide", "sulphur_dioxide", unit: microgram, precision: 1),
            value(
                "carbon_monoxide", "Carbon monoxide", "carbon_monoxide",
                unit: HomeAssistantUnits.milligramsPerCubicMetre, precision: 2, scale: 0.001),
        ]
    }
}
