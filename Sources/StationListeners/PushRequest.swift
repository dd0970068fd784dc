import FoundationEssentials
import WeatherModel

/// One HTTP push as it arrived, copied off the listener's thread: who sent it, how, where to,
/// and what. Nothing is interpreted here; the station decoders read ``fields``.
public struct PushRequest: Sendable, Equatable {
    /// The sender's address (`192.168.1.20`), without its port.
    public var source: String
    /// `GET` or `POST`.
    public var method: String
    /// The path as sent, still percent-encoded (`/data/report/`).
    public var path: String
    /// The query as sent, without `?`, still encoded; empty when there is none.
    public var query: String
    /// The body's bytes (a POST's form); empty for a GET.
    public var body: [UInt8]
    /// When the request was complete.
    public var received: Date

    public init(source: String, method: String, target: String, body: [UInt8], received: Date) {
        self.source = source
        self.method = method
        (path, query) = Self.split(target)
        self.body = body
        self.received = received
    }

    /// The query's fields, then the body's: a GET's query (Ambient, Wunderground) or a POST's
    /// form (Ecowitt), decoded, in order.
    public var fields: [(name: String, value: String)] {
        FormEncoding.fields(query) + FormEncoding.fields(body)
    }

    /// A log line's description, station keys masked.
    public var summary: String {
        "\(method) \(LogMask.text(path))" + (query.isEmpty ? "" : "?" + LogMask.text(query))
            + (body.isEmpty ? "" : " body " + LogMask.text(String(decoding: body, as: UTF8.self)))
    }

    /// Path and query of a request target. Ambient firmwares whose custom path was saved
    /// without a `?` glue the query on with `&` (`/data/report&PASSKEY=…`): that is read as
    /// path `/data/report` and the query after it.
    static func split(_ target: String) -> (path: String, query: String) {
        if let mark = target.firstIndex(of: "?") {
            return (String(target[..<mark]), String(target[target.index(after: mark)...]))
        }
        if let ampersand = target.firstIndex(of: "&"), target[ampersand...].contains("=") {
            return (String(target[..<ampersand]), String(target[target.index(after: ampersand)...]))
        }
        return (target, "")
    }
}
