import HTTPServer
import WeatherModel

/// An answer OpenWeatherMap would give instead of data: its status and its JSON body
/// `{"cod", "message"}`. As the recorded answers have it, `cod` is a string for a 400
/// (`"400"`) and a number for a 401 and a 429.
struct OneCallError: Error, Sendable, Equatable {
    var status: Int
    var message: String

    /// `400 {"cod":"400","message":…}`: a parameter is missing or wrong, or no location is near.
    static func badRequest(_ message: String) -> OneCallError { OneCallError(status: 400, message: message) }

    /// `401`: OpenWeatherMap's words for a wrong `appid` (as recorded, `http://` and all).
    static let invalidKey = OneCallError(
        status: 401, message: "Invalid API key. Please see http://openweathermap.org/faq#error401 for more info.")

    /// `503`: no weather on the broker yet (OpenWeatherMap has no such answer; the shape is kept).
    static func unavailable(_ message: String) -> OneCallError { OneCallError(status: 503, message: message) }

    /// The body: `cod` a string for 400 and 404, a number otherwise, as OpenWeatherMap writes it.
    var body: JSONValue {
        let cod: JSONValue = status == 400 || status == 404 ? .string(String(status)) : .number(Double(status))
        return ["cod": cod, "message": .string(message)]
    }

    var response: ServerResponse { OneCallError.json(status, body) }

    /// A JSON answer, as OpenWeatherMap sends it (`application/json; charset=utf-8`).
    static func json(_ status: Int, _ value: JSONValue) -> ServerResponse {
        ServerResponse(
            status: status, headers: [HeaderField("Content-Type", "application/json; charset=utf-8")],
            body: value.utf8Bytes)
    }
}
