import Stations
import Testing
import WeatherModel

@Suite("Blending station and provider")
struct CurrentBlendTests {
    var provider: Reading {
        var reading = Reading(time: .at(0))
        reading.temperature = 15
        reading.humidity = 70
        reading.dewPoint = 9.6
        reading.pressure = 1015
        reading.windSpeed = 10
        reading.cloudCoverage = 90
        reading.condition = .cloudy
        reading.summary = "Cloudy"
        return reading
    }

    func station(_ values: [StationQuantity: Double], at time: Double) -> StationState {
        var state = StationState()
        var observation = StationObservation()
        observation.values = values
        state.apply(observation, at: .at(time), elevation: nil, zone: .utc)
        return state
    }

    @Test("fresh station fields replace the provider's, with their source; the rest stay the provider's")
    func freshFields() {
        let roof = StationSource(id: "roof", state: station([.temperature: 7.7, .humidity: 34], at: 0))
        let blended = CurrentBlend.blend(
            provider: provider, providerName: "open-meteo", stations: [roof], at: .at(60), zone: .utc)
        #expect(blended.reading.temperature == 7.7)
        #expect(blended.reading.humidity == 34)
        #expect(blended.source(of: "temperature") == "station:roof")
        #expect(blended.source(of: "humidity") == "station:roof")
        // the dew point follows the station's own temperature and humidity (Magnus):
        // γ = ln(0.34) + 17.62 × 7.7 / (243.12 + 7.7) = −0.54139; 243.12 × γ / (17.62 − γ) = −7.2019 °C
        #expect(near(blended.reading.dewPoint, -7.201901, 1e-5))
        #expect(blended.source(of: "dew_point") == "station:roof")
        #expect(blended.reading.pressure == 1015)
        #expect(blended.source(of: "pressure") == "open-meteo")
        #expect(blended.source(of: "cloud_coverage") == "open-meteo")
        #expect(blended.source(of: "condition") == "open-meteo")
        #expect(blended.source(of: "visibility") == nil)  // null: no source
        #expect(blended.reading.condition == .cloudy)
    }

    @Test("a silent station falls back to the provider, and takes over again when it returns")
    func silentAndBack() {
        var state = station([.temperature: 7.7], at: 0)
        let late = CurrentBlend.blend(
            provider: provider, providerName: "met-no", stations: [StationSource(id: "roof", state: state)],
            at: .at(601), zone: .utc)
        #expect(late.reading.temperature == 15)
        #expect(late.source(of: "temperature") == "met-no")
        var observation = StationObservation()
        observation.values = [.temperature: 8.1]
        state.apply(observation, at: .at(700), elevation: nil, zone: .utc)
        let back = CurrentBlend.blend(
            provider: provider, providerName: "met-no", stations: [StationSource(id: "roof", state: state)],
            at: .at(701), zone: .utc)
        #expect(back.reading.temperature == 8.1)
        #expect(back.source(of: "temperature") == "station:roof")
    }

    @Test("stations in priority order, each within its own max_age and allowed fields")
    func priority() {
        let first = StationSource(
            id: "roof", state: station([.temperature: 7, .windSpeed: 30], at: 0), maxAge: 120, fields: [.temperature])
        let second = StationSource(id: "sdr", state: station([.temperature: 9, .windSpeed: 5], at: 0), maxAge: 600)
        let early = CurrentBlend.blend(
            provider: provider, providerName: "open-meteo", stations: [first, second], at: .at(60), zone: .utc)
        #expect(early.reading.temperature == 7)
        #expect(early.reading.windSpeed == 5)  // roof may not supply wind
        #expect(early.source(of: "wind_speed") == "station:sdr")
        #expect(early.source(of: "wind_direction") == nil)
        let later = CurrentBlend.blend(
            provider: provider, providerName: "open-meteo", stations: [first, second], at: .at(300), zone: .utc)
        #expect(later.reading.temperature == 9)
        #expect(later.source(of: "temperature") == "station:sdr")
    }

    @Test("an implausible station value never reaches current")
    func implausible() {
        let roof = StationSource(id: "roof", state: station([.humidity: 102, .temperature: 75], at: 0))
        let blended = CurrentBlend.blend(
            provider: provider, providerName: "open-meteo", stations: [roof], at: .at(1), zone: .utc)
        #expect(blended.reading.humidity == 70)
        #expect(blended.reading.temperature == 15)
        #expect(blended.source(of: "humidity") == "open-meteo")
    }

    @Test("measured rain upgrades a dry condition; a dry gauge never clears the provider's rain")
    func condition() {
        let wet = StationSource(id: "roof", state: station([.precipitation: 2.0, .temperature: 6], at: 0))
        let blended = CurrentBlend.blend(
            provider: provider, providerName: "open-meteo", stations: [wet], at: .at(1), zone: .utc)
        #expect(blended.reading.condition == .rainy)
        #expect(blended.reading.precipitationType == .rain)
        #expect(blended.source(of: "condition") == "station:roof")
        #expect(blended.source(of: "precipitation") == "station:roof")
        let heavy = StationSource(id: "roof", state: station([.precipitation: 12, .temperature: 6], at: 0))
        #expect(
            CurrentBlend.blend(provider: provider, providerName: "p", stations: [heavy], at: .at(1), zone: .utc)
                .reading.condition == .pouring)
        let freezing = StationSource(id: "roof", state: station([.precipitation: 1, .temperature: -1], at: 0))
        let sleet = CurrentBlend.blend(
            provider: provider, providerName: "p", stations: [freezing], at: .at(1), zone: .utc)
        #expect(sleet.reading.condition == .snowyRainy)
        #expect(sleet.reading.precipitationType == .sleet)
        var raining = provider
        raining.condition = .rainy
        let dry = StationSource(id: "roof", state: station([.precipitation: 0], at: 0))
        let kept = CurrentBlend.blend(provider: raining, providerName: "p", stations: [dry], at: .at(1), zone: .utc)
        #expect(kept.reading.condition == .rainy)
        #expect(kept.reading.precipitation == 0)
    }

    @Test("rain today comes from a station that knows the whole day")
    func rainToday() {
        var state = StationState()
        var observation = StationObservation()
        observation.rain = RainReport(.counter, millimetres: 100, name: "rain_mm")
        state.apply(observation, at: .at(86400 - 60), elevation: nil, zone: .utc)
        observation.rain = RainReport(.counter, millimetres: 101.5, name: "rain_mm")
        state.apply(observation, at: .at(86400 + 600), elevation: nil, zone: .utc)
        let blended = CurrentBlend.blend(
            provider: provider, providerName: "open-meteo", stations: [StationSource(id: "roof", state: state)],
            at: .at(86400 + 660), zone: .utc)
        #expect(blended.rainToday == 1.5)
        #expect(blended.source(of: "rain_today") == "station:roof")
        // the gauge's rate: 1.5 mm in one report, nothing in the hour before → 1.5 mm/h
        #expect(blended.reading.precipitation == 1.5)
        let silent = CurrentBlend.blend(
            provider: provider, providerName: "open-meteo", stations: [StationSource(id: "roof", state: state)],
            at: .at(86400 + 1300), zone: .utc)
        #expect(silent.rainToday == nil)
    }
}
