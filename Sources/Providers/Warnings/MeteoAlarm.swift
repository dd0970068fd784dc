import FoundationEssentials
import WeatherModel

/// EUMETNET MeteoAlarm: one feed per country (`feeds-germany`), every warning listing the
/// areas it covers by `EMMA_ID` geocode (`DE343`) and name (`Erzgebirgskreis`). A location
/// configures its country and region; the feed is fetched once per country per interval for
/// all locations, and each picks its region's warnings out of it.
public enum MeteoAlarm {
    /// The feed formats: the JSON API (full CAP: texts, awareness level, every language) and
    /// the legacy Atom feed (one entry per area, no texts).
    public enum Format: String, Sendable, CaseIterable {
        case json, atom
    }

    /// `/api/v1/warnings/feeds-{country}` or `/feeds/meteoalarm-legacy-atom-{country}`;
    /// the country as MeteoAlarm spells it (`germany`, `bosnia-herzegovina`).
    public static func path(country: String, format: Format = .json) -> String {
        switch format {
        case .json: "/api/v1/warnings/feeds-" + country
        case .atom: "/feeds/meteoalarm-legacy-atom-" + country
        }
    }

    /// A country name as the feed names want it: lower case, spaces as `-`; `nil` for
    /// anything that is not letters, spaces and `-` (it becomes part of a URL path).
    public static func countrySlug(_ text: String) -> String? {
        let slug = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "_" }).joined(separator: "-")
        guard !slug.isEmpty, slug.allSatisfy({ ($0 >= "a" && $0 <= "z") || $0 == "-" }) else { return nil }
        return slug
    }

    /// A region a feed names: its `EMMA_ID` code and its area name.
    public struct Region: Sendable, Equatable, Hashable {
        public var code: String
        public var name: String

        public init(code: String, name: String) {
            self.code = code
            self.name = name
        }
    }

    /// How a configured region is matched: an `EMMA_ID` code (`DE343`, compared without
    /// regard to case) or an area name (`Erzgebirgskreis`, compared without regard to case
    /// and surrounding spaces).
    public struct RegionMatcher: Sendable {
        public let text: String
        let folded: String
        /// The code's bytes as feeds write them (upper case), when `text` looks like a code:
        /// warnings whose bytes lack it are skipped without parsing.
        let codeBytes: [UInt8]?

        public init(_ text: String) {
            self.text = text
            folded = Self.fold(text)
            let upper = text.uppercased()
            let looksLikeCode =
                upper.count >= 3 && upper.count <= 12 && upper.prefix(2).allSatisfy { $0 >= "A" && $0 <= "Z" }
                && upper.allSatisfy { ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") }
                && upper.contains(where: \.isNumber)
            codeBytes = looksLikeCode ? Array(upper.utf8) : nil
        }

        public func matches(code: String?, name: String?) -> Bool {
            if let code, Self.fold(code) == folded { return true }
            if let name, Self.fold(name) == folded { return true }
            return false
        }

        static func fold(_ text: String) -> String {
            String(text.lowercased().drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        }
    }

    /// Decodes a feed of either format (told apart by its first byte) for one region.
    public static func decode(_ body: [UInt8], region: String, language: String?) throws(ProviderError) -> [Alert] {
        let matcher = RegionMatcher(region)
        if ByteScan.firstNonSpace(body) == UInt8(ascii: "<") {
            return try MeteoAlarmAtomFeed.decode(body, region: matcher)
        }
        return try MeteoAlarmJSONFeed.decode(body, region: matcher, language: language)
    }

    /// Every region the feed has warnings for, sorted by code (what `check` lists).
    public static func regions(_ body: [UInt8]) throws(ProviderError) -> [Region] {
        if ByteScan.firstNonSpace(body) == UInt8(ascii: "<") { return try MeteoAlarmAtomFeed.regions(body) }
        return try MeteoAlarmJSONFeed.regions(body)
    }

    /// The credit an alert from MeteoAlarm carries: MeteoAlarm and the issuing service.
    static func attribution(sender: String?) -> String {
        "Warnings: MeteoAlarm (EUMETNET) and " + (sender ?? "the issuing national service")
    }
}
