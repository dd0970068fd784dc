import FoundationEssentials
import WeatherModel

/// The provider's current reading with the stations' fresh, plausible values laid over it.
///
/// Rules (docs/STATIONS.md): each field comes from the first station in the location's order
/// that has it fresh (within its `max_age`) and may supply it, else from the provider. A dew
/// point a station does not send is computed from its own fresh temperature and humidity
/// (Magnus), so the two never disagree. Precipitation is the station's own rate, else the rate
/// from its gauge. The provider keeps the condition and the summary, except that precipitation
/// a station measures (at least 0.1 mm/h, or a fresh precipitation event) turns a dry condition
/// into `rainy` (`pouring` from 7.6 mm/h; `snowy-rainy` at or below 0 °C) with the matching
/// `precipitation_type`; a dry gauge never clears the provider's rain (gauges miss drizzle and snow).
public enum CurrentBlend {
    /// The wet threshold of SPEC §4, mm/h.
    public static let wet = 0.1
    /// Heavy rain (Home Assistant's `pouring`), mm/h.
    public static let pouring = 7.6

    public static func blend(
        provider: Reading, providerName: String, stations: [StationSource], at now: Date, zone: ZoneInfo
    ) -> BlendedCurrent {
        var reading = provider
        var origin: [StationQuantity: String] = [:]
        for quantity in StationQuantity.allCases {
            guard let (value, source) = stationValue(quantity, stations, now) else { continue }
            reading[quantity] = value
            origin[quantity] = source
        }
        var conditionSource = providerName
        if let (rate, source) = measuredPrecipitation(stations, now), rate >= wet || rate.isInfinite {
            if reading.condition.map(isDry) ?? true {
                let freezing = (reading.temperature ?? 10) <= 0
                reading.condition = freezing ? .snowyRainy : rate >= pouring && rate.isFinite ? .pouring : .rainy
                reading.precipitationType = freezing ? .sleet : .rain
                reading.summary = nil
                conditionSource = source
            }
        }
        var sources: [(String, String)] = []
        for field in payloadFields where has(reading, field) {
            let quantity = StationQuantity(rawValue: field == "wind_direction" ? "wind_bearing" : field)
            let fromCondition = ["condition", "precipitation_type", "summary"].contains(field)
            sources.append((field, quantity.flatMap { origin[$0] } ?? (fromCondition ? conditionSource : providerName)))
        }
        var rainToday: Double?
        for station in stations where station.state.rainIsFresh(at: now, maxAge: station.maxAge) {
            if let amount = station.state.rain.rainToday(at: now, zone: zone) {
                rainToday = amount
                sources.append(("rain_today", station.sourceName))
                break
            }
        }
        return BlendedCurrent(reading: reading, sources: sources, rainToday: rainToday)
    }

    /// The payload fields of a current reading that carry a source, in SPEC §4 order.
    public static let payloadFields = [
        "condition", "summary", "temperature", "apparent_temperature", "dew_point", "humidity", "cloud_coverage",
        "precipitation_probability", "pressure", "wind_speed", "wind_gust", "wind_bearing", "wind_direction",
        "precipitation", "precipitation_type", "uv_index", "visibility",
    ]

    static func stationValue(_ quantity: StationQuantity, _ stations: [StationSource], _ now: Date)
        -> (Double, String)?
    {
        for station in stations where station.allows(quantity) {
            let state = station.state
            if let field = state.fresh(quantity, at: now, maxAge: station.maxAge) {
                return (field.value, station.sourceName)
            }
            if quantity == .dewPoint, let temperature = state.fresh(.temperature, at: now, maxAge: station.maxAge),
                let humidity = state.fresh(.humidity, at: now, maxAge: station.maxAge), station.allows(.temperature)
            {
                return (DewPoint.magnus(temperature: temperature.value, humidity: humidity.value), station.sourceName)
            }
            if quantity == .precipitation, state.rainIsFresh(at: now, maxAge: station.maxAge),
                let rate = state.rain.rate(at: now)
            {
                return (rate, station.sourceName)
            }
        }
        return nil
    }

    /// The first station's measured precipitation: its rate, or `infinity` for a fresh event alone.
    static func measuredPrecipitation(_ stations: [StationSource], _ now: Date) -> (Double, String)? {
        for station in stations where station.allows(.precipitation) {
            if let (rate, source) = stationValue(.precipitation, [station], now), rate >= wet { return (rate, source) }
            if let started = station.state.precipitationStarted, now.timeIntervalSince(started) <= station.maxAge {
                return (.infinity, station.sourceName)
            }
        }
        return nil
    }

    static func isDry(_ condition: Condition) -> Bool {
        switch condition {
        case .sunny, .clearNight, .partlyCloudy, .cloudy, .fog, .windy, .windyVariant: true
        default: false
        }
    }

    static func has(_ reading: Reading, _ field: String) -> Bool {
        switch field {
        case "condition": reading.condition != nil
        case "summary": reading.summary != nil || reading.condition != nil
        case "cloud_coverage": reading.cloudCoverage != nil
        case "precipitation_probability": reading.precipitationProbability != nil
        case "wind_direction": reading.windBearing != nil
        case "precipitation_type": reading.precipitationType != nil
        case "visibility": reading.visibility != nil
        default: StationQuantity(rawValue: field).map { reading[$0] != nil } ?? false
        }
    }
}

extension Reading {
    /// The reading's value of a quantity a station can supply.
    public subscript(quantity: StationQuantity) -> Double? {
        get {
            switch quantity {
            case .temperature: temperature
            case .apparentTemperature: apparentTemperature
            case .dewPoint: dewPoint
            case .humidity: humidity
            case .pressure: pressure
            case .windSpeed: windSpeed
            case .windGust: windGust
            case .windBearing: windBearing
            case .precipitation: precipitation
            case .uvIndex: uvIndex
            }
        }
        set {
            switch quantity {
            case .temperature: temperature = newValue
            case .apparentTemperature: apparentTemperature = newValue
            case .dewPoint: dewPoint = newValue
            case .humidity: humidity = newValue
            case .pressure: pressure = newValue
            case .windSpeed: windSpeed = newValue
            case .windGust: windGust = newValue
            case .windBearing: windBearing = newValue
            case .precipitation: precipitation = newValue
            case .uvIndex: uvIndex = newValue
            }
        }
    }
}
