import FoundationEssentials

/// One air-quality value: its payload key and its unit. Keys are Open-Meteo's variable names,
/// which are also the payload's (SPEC §4 `air_quality`).
public enum AirQualityField: String, Sendable, CaseIterable {
    case europeanAQI = "european_aqi"
    case usAQI = "us_aqi"
    case pm2_5 = "pm2_5"
    case pm10 = "pm10"
    case nitrogenDioxide = "nitrogen_dioxide"
    case ozone = "ozone"
    case sulphurDioxide = "sulphur_dioxide"
    case carbonMonoxide = "carbon_monoxide"
    case dust = "dust"
    case uvIndex = "uv_index"
    case alderPollen = "alder_pollen"
    case birchPollen = "birch_pollen"
    case grassPollen = "grass_pollen"
    case mugwortPollen = "mugwort_pollen"
    case olivePollen = "olive_pollen"
    case ragweedPollen = "ragweed_pollen"

    /// The unit every value of the field is published in.
    public var unit: String {
        switch self {
        case .europeanAQI: "EAQI"
        case .usAQI: "USAQI"
        case .uvIndex: ""
        case .alderPollen, .birchPollen, .grassPollen, .mugwortPollen, .olivePollen, .ragweedPollen: "grains/m³"
        default: "µg/m³"
        }
    }

    /// Decimals the payload keeps.
    public var decimals: Int {
        switch self {
        case .europeanAQI, .usAQI: 0
        default: 1
        }
    }
}

/// The air at one instant: each field present only where the provider gave a number
/// (a missing value stays missing, never 0).
public struct AirQualitySample: Sendable, Equatable {
    public var time: Date
    public var values: AirQualityValues
    /// A provider's own index on its own scale (Pirate Weather `airQualityIndex`).
    @OptionalDouble public var providerIndex: Double? = nil

    public init(time: Date, values: AirQualityValues = AirQualityValues(), providerIndex: Double? = nil) {
        self.time = time
        self.values = values
        self.providerIndex = providerIndex
    }

    public subscript(field: AirQualityField) -> Double? { values[field] }
}

/// One value per `AirQualityField`, each present or not, stored inline (a sample is kept for
/// every hour of a week per location: a dictionary per sample cost ~0.5 kB of heap, this 128 bytes).
public struct AirQualityValues: Sendable, Equatable, Sequence {
    /// NaN marks a missing value (JSON has no NaN, so no provider value is one).
    private var storage = InlineArray<16, Double>(repeating: .nan)

    public init() {}

    public subscript(field: AirQualityField) -> Double? {
        get {
            let value = storage[field.slot]
            return value.isNaN ? nil : value
        }
        set { storage[field.slot] = newValue.flatMap { $0.isNaN ? nil : $0 } ?? .nan }
    }

    public var isEmpty: Bool { AirQualityField.allCases.allSatisfy { storage[$0.slot].isNaN } }

    public static func == (left: AirQualityValues, right: AirQualityValues) -> Bool {
        AirQualityField.allCases.allSatisfy { left[$0] == right[$0] }
    }

    /// The present values, in `AirQualityField.allCases` order.
    public func makeIterator() -> some IteratorProtocol<(key: AirQualityField, value: Double)> {
        AirQualityField.allCases.lazy.compactMap { field in self[field].map { (key: field, value: $0) } }.makeIterator()
    }
}

extension AirQualityField {
    /// The field's place in `AirQualityValues`.
    var slot: Int {
        switch self {
        case .europeanAQI: 0
        case .usAQI: 1
        case .pm2_5: 2
        case .pm10: 3
        case .nitrogenDioxide: 4
        case .ozone: 5
        case .sulphurDioxide: 6
        case .carbonMonoxide: 7
        case .dust: 8
        case .uvIndex: 9
        case .alderPollen: 10
        case .birchPollen: 11
        case .grassPollen: 12
        case .mugwortPollen: 13
        case .olivePollen: 14
        case .ragweedPollen: 15
        }
    }
}

/// Air quality and pollen for a location: now, by hour, and the largest value per local day.
public struct AirQuality: Sendable, Equatable {
    /// Where it comes from (`open-meteo air-quality`, `pirate-weather`).
    public var source: String
    public var current: AirQualitySample?
    public var hours: [AirQualitySample]
    /// The scale of `providerIndex` (`us-epa`, `eccc-aqhi`, `uk-daqi`, `eaqi-normalised`), if any.
    public var providerIndexScale: String?
    /// Each local day's maxima, computed from every hour of the answer by `keepHours` before it
    /// drops the hours no payload reaches; `nil` until then (the days come from `hours`).
    private var days: KeptDays?

    private struct KeptDays: Sendable, Equatable {
        struct Day: Sendable, Equatable {
            var date: CivilDate
            var maxima: AirQualitySample
        }
        var zone: String
        var days: [Day]
    }

    public init(
        source: String, current: AirQualitySample?, hours: [AirQualitySample], providerIndexScale: String? = nil
    ) {
        self.source = source
        self.current = current
        self.hours = hours.sorted { $0.time < $1.time }
        self.providerIndexScale = providerIndexScale
    }

    /// The current sample, or else the hour that contains `now`.
    public func sample(at now: Date) -> AirQualitySample? {
        current ?? hours.last { $0.time <= now } ?? hours.first
    }

    /// How many whole hours before the one containing now a payload shows (`past_hours`).
    public static let pastHours = 24

    /// Keeps the hours a payload can still show, from ``pastHours`` before the one containing
    /// `start` to those before `end` (without spare capacity), once each local day's maxima in
    /// `zone` are computed from all of them: the days stay whole (SPEC §3, "What is kept of an
    /// answer").
    public mutating func keepHours(from start: Date, until end: Date, zone: ZoneInfo) {
        let maxima = dailyMaxima(zone: zone, from: start).map { KeptDays.Day(date: $0.date, maxima: $0.maxima) }
        days = KeptDays(zone: zone.identifier, days: maxima)
        let first = start.addingTimeInterval(-Double(Self.pastHours) * 3600)
        hours = hours.filter { $0.time.addingTimeInterval(3600) > first && $0.time < end }.withoutSlack
    }

    /// The ``pastHours`` whole hours before the one containing `now` that the answer has, oldest first.
    public func pastHours(before now: Date) -> ArraySlice<AirQualitySample> {
        let first = now.addingTimeInterval(-Double(Self.pastHours) * 3600)
        guard let end = hours.firstIndex(where: { $0.time.addingTimeInterval(3600) > now }) else {
            return hours[...].drop { $0.time.addingTimeInterval(3600) <= first }
        }
        return hours[..<end].drop { $0.time.addingTimeInterval(3600) <= first }
    }

    /// The largest value of each field per local day, for days from `now`'s onward; a field
    /// without any value that day is absent.
    public func dailyMaxima(zone: ZoneInfo, from now: Date) -> [(date: CivilDate, maxima: AirQualitySample)] {
        let today = zone.localDate(now)
        if let days, days.zone == zone.identifier {
            return days.days.filter { $0.date >= today }.map { ($0.date, $0.maxima) }
        }
        var order: [CivilDate] = []
        var byDay: [CivilDate: AirQualitySample] = [:]
        for hour in hours {
            let date = zone.localDate(hour.time)
            guard date >= today else { continue }
            var day =
                byDay[date]
                ?? {
                    order.append(date); return AirQualitySample(time: zone.startOfDay(date))
                }()
            for (field, value) in hour.values { day.values[field] = max(value, day.values[field] ?? value) }
            if let index = hour.providerIndex { day.providerIndex = max(index, day.providerIndex ?? index) }
            byDay[date] = day
        }
        return order.compactMap { date in byDay[date].map { (date, $0) } }
    }
}
