import WireContract

/// The `homeassistant:` section. Keys: `discovery` (default true), `prefix` (the discovery
/// prefix, default `homeassistant`) and `forecast_slots` (`days`, `hours`, `clock_hours`,
/// `default_location`; default none: SPEC §6).
public struct HomeAssistantSettings: Sendable, Equatable {
    public var discovery: Bool
    public var prefix: String
    /// The forecast slots every location gets (`ForecastSlots`); empty for none.
    public var forecastSlots: ForecastSlots
    /// `forecast_slots.default_location`: the location whose slot entities carry no location id
    /// (`sensor.weather_forecast_day_0_high`); default the first location.
    public var slotsLocation: String?

    public init(
        discovery: Bool = true, prefix: String = "homeassistant", forecastSlots: ForecastSlots = ForecastSlots(),
        slotsLocation: String? = nil
    ) {
        self.discovery = discovery
        self.prefix = prefix
        self.forecastSlots = forecastSlots
        self.slotsLocation = slotsLocation
    }
}
