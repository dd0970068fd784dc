import FoundationEssentials
import WeatherModel

/// Validators of an answer, sent back on the next request to make it conditional.
public struct HTTPValidators: Sendable, Equatable {
    public var lastModified: String?
    public var etag: String?

    public init(lastModified: String? = nil, etag: String? = nil) {
        self.lastModified = lastModified
        self.etag = etag
    }

    public var isEmpty: Bool { lastModified == nil && etag == nil }

    /// The conditional request headers.
    public var requestHeaders: [(name: String, value: String)] {
        var headers: [(name: String, value: String)] = []
        if let etag { headers.append(("If-None-Match", etag)) }
        if let lastModified { headers.append(("If-Modified-Since", lastModified)) }
        return headers
    }
}

/// What an answer's headers say about how long it stays fresh (RFC 9111).
public struct Freshness: Sendable, Equatable {
    /// Seconds the answer is fresh for, from `Cache-Control: max-age` or `Expires − Date`
    /// (computed from the server's own two clocks, so a box with a wrong clock still behaves).
    public var lifetime: Double?
    public var validators: HTTPValidators

    /// The longest lifetime or wait the bridge accepts from a provider: a week.
    public static let longest: Double = 7 * 86400

    public init(lifetime: Double? = nil, validators: HTTPValidators = HTTPValidators()) {
        self.lifetime = lifetime
        self.validators = validators
    }

    /// Reads `Cache-Control`, `Expires`, `Date`, `Last-Modified` and `ETag`.
    public init(response: ProviderResponse) {
        var lifetime: Double?
        if let cacheControl = response.header("cache-control") {
            for directive in cacheControl.split(separator: ",") {
                let part = directive.trimmingSpaces().lowercased()
                if part == "no-cache" || part == "no-store" { lifetime = 0 }
                if part.hasPrefix("max-age="), let seconds = Double(part.dropFirst(8)), seconds.isFinite {
                    lifetime = max(0, seconds)
                }
            }
        }
        if lifetime == nil, let expires = response.header("expires").flatMap(HTTPDate.parse) {
            let served = response.header("date").flatMap(HTTPDate.parse) ?? response.receivedAt
            lifetime = max(0, expires.timeIntervalSince(served))
        }
        // A week at most: no answer is trusted for longer, whatever its headers say.
        self.lifetime = lifetime.map { min($0, Freshness.longest) }
        validators = HTTPValidators(lastModified: response.header("last-modified"), etag: response.header("etag"))
    }
}

/// Rate-limit headers (`ratelimit-*`, `x-ratelimit-*`, Pirate Weather's `x-forecast-api-calls`).
public struct RateLimit: Sendable, Equatable {
    public var limit: Int?
    public var remaining: Int?
    /// Seconds until the window resets.
    public var reset: Double?

    public init(limit: Int? = nil, remaining: Int? = nil, reset: Double? = nil) {
        self.limit = limit
        self.remaining = remaining
        self.reset = reset
    }

    /// `nil` when the answer has none of the headers.
    public init?(response: ProviderResponse) {
        func number(_ names: String...) -> Double? {
            for name in names {
                if let value = response.header(name)?.split(separator: ",").first.map({ $0.trimmingSpaces() }),
                    let number = Double(value), number.isFinite, abs(number) < 1e12
                {
                    return number
                }
            }
            return nil
        }
        limit = number("ratelimit-limit", "x-ratelimit-limit").map { Int($0) }
        remaining = number("ratelimit-remaining", "x-ratelimit-remaining").map { Int($0) }
        reset = number("ratelimit-reset", "x-ratelimit-reset")
        if limit == nil, remaining == nil, reset == nil { return nil }
    }
}

/// `Retry-After`: seconds, or an HTTP date (relative to the answer's `Date`).
public func retryAfterSeconds(_ response: ProviderResponse) -> Double? {
    guard let value = response.header("retry-after")?.trimmingSpaces() else { return nil }
    if let seconds = Double(value), seconds.isFinite { return min(Freshness.longest, max(0, seconds)) }
    guard let date = HTTPDate.parse(value) else { return nil }
    let served = response.header("date").flatMap(HTTPDate.parse) ?? response.receivedAt
    return min(Freshness.longest, max(0, date.timeIntervalSince(served)))
}

/// HTTP dates (RFC 9110 IMF-fixdate, plus the obsolete RFC 850 and asctime forms).
public enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    public static func parse(_ text: String) -> Date? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "-" }).map(String.init)
        var day: Int?
        var month: Int?
        var year: Int?
        var time: [Int]?
        for word in words {
            if let index = months.firstIndex(of: String(word.prefix(3)).lowercased()), word.count >= 3,
                !word.contains(":")
            {
                month = index + 1
            } else if word.contains(":") {
                let parts = word.split(separator: ":").compactMap { Int($0) }
                if parts.count == 3 { time = parts }
            } else if word.count <= 6, let number = Int(word) {
                if number > 31 || (day != nil && month != nil) {
                    year = number < 100 ? (number < 70 ? 2000 + number : 1900 + number) : number
                } else {
                    day = number
                }
            }
        }
        guard let day, let month, let year, let time, (1...31).contains(day), (1...9999).contains(year),
            time[0] >= 0, time[0] < 24, time[1] >= 0, time[1] < 60, time[2] >= 0, time[2] <= 60
        else { return nil }
        let local = CivilDateTime(
            date: CivilDate(year: year, month: month, day: day), hour: time[0], minute: time[1], second: time[2])
        return Date(timeIntervalSince1970: Double(local.secondsAsIfUTC))
    }

    /// IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`.
    public static func string(_ date: Date) -> String {
        let local = CivilDateTime(secondsAsIfUTC: Int64(date.timeIntervalSince1970.rounded(.down)))
        let names = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(names[local.date.weekday]), \(two(local.date.day)) "
            + "\(months[local.date.month - 1].prefix(1).uppercased() + months[local.date.month - 1].dropFirst()) "
            + "\(local.date.year) \(two(local.hour)):\(two(local.minute)):\(two(local.second)) GMT"
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    public func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" || first == "\r" || first == "\n" {
            scalars = scalars.dropFirst()
        }
        while let last = scalars.last, last == " " || last == "\t" || last == "\r" || last == "\n" {
            scalars = scalars.dropLast()
        }
        return String(scalars)
    }
}
