import FoundationEssentials
import HTTPServer
import Rendering
import WeatherModel
import WireContract

/// OpenWeatherMap's One Call 3.0 and Air Pollution APIs, answered from the retained payloads
/// (SPEC §8 "Displays that call OpenWeatherMap"): `/data/3.0/onecall` and
/// `/data/2.5/air_pollution[/forecast|/history]`.
extension ServeHandler {
    /// The paths answered as OpenWeatherMap, and whether each is the One Call.
    static let oneCallPaths: Set<Substring> = [
        "/data/3.0/onecall", "/data/2.5/air_pollution", "/data/2.5/air_pollution/forecast",
        "/data/2.5/air_pollution/history",
    ]

    /// The answer to one of ``oneCallPaths``.
    func openWeatherMap(_ head: RequestHead) -> ServerResponse {
        let path = head.path
        // The key before the parameters: a wrong key with a wrong `lat` is the 401.
        if let key = oneCall.appid, !Self.same(OneCallQuery.appid(in: head.query) ?? "", key) {
            return OneCallError.invalidKey.response
        }
        let query: OneCallQuery
        switch OneCallQuery.parse(head.query, history: path.hasSuffix("/history")) {
        case .success(let parsed): query = parsed
        case .failure(let error): return error.response
        }
        let messages = book.messages
        let place: OneCallPlace
        switch OneCallPlace.nearest(
            latitude: query.latitude, longitude: query.longitude, radius: oneCall.radius, base: book.base,
            messages: messages)
        {
        case .success(let found): place = found
        case .failure(let error): return error.response
        }
        let now = now()
        do throws(PayloadError) {
            let payloads = try LocationPayloads(base: book.base, location: place.id, messages: messages)
            if path == "/data/3.0/onecall" {
                let model = try WeatherViewModel(payloads: payloads, now: now, language: query.language)
                guard model.hasWeather else {
                    return OneCallError.unavailable("no weather yet for '\(place.id)'").response
                }
                let answer = OneCallAnswer(model: model, query: query, origin: origin(place, model: model))
                return OneCallError.json(200, answer.json)
            }
            // Without an air_quality payload the list is empty (said in `weather2mqtt`): a 503
            // would make esp32-weather-epd show an error screen instead of the weather.
            var samples: [AirPollutionAnswer.Sample] = []
            if let payload = payloads.airQuality {
                samples = airHistory.merge(try AirPollutionAnswer.samples(payload), location: place.id, now: now)
            }
            let air = AirPollutionAnswer(latitude: place.latitude, longitude: place.longitude, samples: samples)
            let kind: AirPollutionAnswer.Kind =
                if let start = query.start, let end = query.end {
                    .history(start: start, end: end)
                } else if path.hasSuffix("/forecast") {
                    .forecast
                } else {
                    .current
                }
            var answer = air.json(kind, now: now)
            var origin = JSONObject()
            origin.appendUnchecked("location", .string(place.id))
            origin.appendUnchecked("distance_km", .number(OneCallAnswer.rounded(place.distance, 2)))
            origin.appendUnchecked("provider", payloads.airQuality?.json["provider"] ?? .null)
            origin.appendUnchecked("attribution", payloads.airQuality?.json["attribution"] ?? .null)
            origin.appendUnchecked(
                "note",
                JSONValue(
                    payloads.airQuality == nil
                        ? "no air_quality payload for '\(place.id)': air_quality: true on the location in the bridge's configuration"
                        : nil))
            answer.appendUnchecked("weather2mqtt", .object(origin))
            return OneCallError.json(200, .object(answer))
        } catch {
            return OneCallError.unavailable(error.description).response
        }
    }

    /// `weather2mqtt`: the location answering, how far it is, its provider and the credit it asks for.
    private func origin(_ place: OneCallPlace, model: WeatherViewModel) -> JSONObject {
        var origin = JSONObject()
        origin.appendUnchecked("location", .string(place.id))
        origin.appendUnchecked("name", .string(place.name))
        origin.appendUnchecked("distance_km", .number(OneCallAnswer.rounded(place.distance, 2)))
        origin.appendUnchecked("provider", JSONValue(model.provider))
        origin.appendUnchecked("attribution", JSONValue(model.attribution))
        origin.appendUnchecked(
            "stale", JSONValue(model.freshness.isStale ? model.freshness.reasons.joined(separator: "; ") : nil))
        return origin
    }

    /// Whether two keys are equal, looking at every byte whatever differs first.
    static func same(_ given: String, _ key: String) -> Bool {
        let left = Array(given.utf8)
        let right = Array(key.utf8)
        var difference = UInt8(left.count == right.count ? 0 : 1)
        for index in 0..<max(left.count, right.count) {
            difference |= (index < left.count ? left[index] : 0) ^ (index < right.count ? right[index] : 0)
        }
        return difference == 0
    }
}
