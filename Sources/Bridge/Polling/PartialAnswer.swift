import WeatherModel

/// A partial answer (`Forecast.lacking`: daily values only, or one of NWS's two forecasts
/// failed) laid over the last good forecast: each part it lacks is kept from that one, so
/// nothing good is lost, and stays marked (`status.partial`) until an answer brings it again.
/// Without an earlier forecast the answer is published as it is: the days it has, and a
/// current reading without values.
enum PartialAnswer {
    static func merged(_ answer: Forecast, over earlier: Forecast?) -> Forecast {
        guard !answer.lacking.isEmpty, let earlier else { return answer }
        var merged = answer
        if answer.lacking.contains(.current) {
            merged.current = earlier.current
            merged.currentIsFromSeries = earlier.currentIsFromSeries
        }
        if answer.lacking.contains(.hourly), !earlier.hours.isEmpty {
            merged.hours = earlier.hours
            merged.intervalMinutes = earlier.intervalMinutes
        }
        if answer.lacking.contains(.daily), !earlier.days.isEmpty {
            merged.days = earlier.days
            merged.sunrise = earlier.sunrise
            merged.sunset = earlier.sunset
        }
        return merged
    }

}
