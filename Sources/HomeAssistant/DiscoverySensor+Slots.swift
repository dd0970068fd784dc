import WeatherModel
import WireContract

extension DiscoverySensor {
    /// The forecast slots' sensors (`homeassistant.forecast_slots`, SPEC §6), named as
    /// ESPHomeDesigner reads them: `sensor.weather_forecast_day_0_high`, `…_plus_3h_condition`,
    /// `…_hour_0700`; with `location` (every location but the default one) its slug after
    /// `weather_forecast_`. No state class: a slot is a forecast that moves, not a history.
    static func slots(_ slots: ForecastSlots, units: UnitSettings, location: String?) -> [DiscoverySensor] {
        let temperature = HomeAssistantUnits.temperature(units.temperature)
        let prefix = "weather_forecast_" + (location.map { HomeAssistantIDs.slug($0) + "_" } ?? "")
        return slots.values.map { value in
            let name = "Forecast " + value.key.split(separator: "_").joined(separator: " ")
            var sensor = DiscoverySensor(
                key: "forecast_" + value.key, name: name, source: .slot(value.key), valueTemplate: Jinja.plainNumber)
            sensor.objectID = prefix + value.key
            if value.field == .condition {
                sensor.valueTemplate = Jinja.plainText
                sensor.deviceClass = "enum"
                sensor.options = Condition.allCases.map(\.rawValue)
                sensor.icon = "mdi:weather-partly-cloudy"
            } else {
                sensor.deviceClass = "temperature"
                sensor.unit = temperature.unit
                sensor.precision = temperature.precision
            }
            return sensor
        }
    }
}
