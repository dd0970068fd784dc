import WeatherModel

/// A candidate place from a geocoding search.
public struct Place: Sendable, Equatable {
    public var name: String
    public var latitude: Double
    public var longitude: Double
    /// Country name, in the language asked for (`Deutschland` for `language=de`).
    public var country: String?
    /// ISO 3166-1 alpha-2 (`DE`).
    public var countryCode: String?
    /// First-level administrative area (state, province).
    public var admin1: String?
    /// IANA time zone.
    public var timezone: String?
    public var population: Int?
    /// Metres above sea level.
    public var elevation: Double?
    /// The GeoNames id, where the service gives it.
    public var geonameID: Int?

    public init(
        name: String, latitude: Double, longitude: Double, country: String? = nil, countryCode: String? = nil,
        admin1: String? = nil, timezone: String? = nil, population: Int? = nil, elevation: Double? = nil,
        geonameID: Int? = nil
    ) {
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.country = country
        self.countryCode = countryCode
        self.admin1 = admin1
        self.timezone = timezone
        self.population = population
        self.elevation = elevation
        self.geonameID = geonameID
    }

    /// A location id for the place (SPEC §2: `^[a-z0-9][a-z0-9_-]{0,63}$`): the name in lower
    /// case, accents folded, everything else a `-` (`São Paulo` → `sao-paulo`); names without
    /// a Latin letter or digit become `place-<GeoNames id>`.
    public var locationID: String {
        var result = ""
        for character in name.lowercased() {
            let folded = Place.folding[character] ?? String(character)
            for scalar in folded.unicodeScalars {
                if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                    result.unicodeScalars.append(scalar)
                } else if !result.isEmpty, !result.hasSuffix("-") {
                    result += "-"
                }
            }
        }
        while result.hasSuffix("-") { result.removeLast() }
        if result.count > 64 {
            result = String(result.prefix(64))
            while result.hasSuffix("-") { result.removeLast() }
        }
        if result.isEmpty { return geonameID.map { "place-\($0)" } ?? "place" }
        return result
    }

    /// A ready `locations:` entry (SPEC §2), indented to sit under `locations:`:
    ///
    /// ```yaml
    ///   - id: berlin
    ///     name: Berlin
    ///     latitude: 52.5244
    ///     longitude: 13.4105
    ///     timezone: Europe/Berlin
    ///     elevation: 74
    /// ```
    public var yamlEntry: String {
        var lines = [
            "  - id: " + locationID,
            "    name: " + Place.yamlScalar(name),
            "    latitude: " + ProviderQuery.coordinate(latitude),
            "    longitude: " + ProviderQuery.coordinate(longitude),
        ]
        if let timezone { lines.append("    timezone: " + Place.yamlScalar(timezone)) }
        if let elevation, elevation.isFinite, (-500...9000).contains(elevation) {
            lines.append("    elevation: " + String(Int(elevation.rounded())))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` as a YAML scalar: plain where that is safe (letters, digits, spaces and
    /// `.-'()/,_`, starting with a letter), else double-quoted with escapes.
    static func yamlScalar(_ text: String) -> String {
        let reserved: Set<String> = ["true", "false", "yes", "no", "on", "off", "null", "y", "n"]
        let safe =
            (text.first?.isLetter ?? false) && !text.hasSuffix(" ") && !reserved.contains(text.lowercased())
            && text.allSatisfy { $0.isLetter || $0.isNumber || " .-'()/,_".contains($0) }
        if safe { return text }
        return text.yamlDoubleQuoted
    }

    /// Latin letters with diacritics and ligatures, folded to ASCII for ids.
    static let folding: [Character: String] = {
        var table: [Character: String] = [:]
        let groups: [(String, String)] = [
            ("àáâãäåāăą", "a"), ("çćĉċč", "c"), ("ďđ", "d"), ("èéêëēĕėęě", "e"), ("ĝğġģ", "g"), ("ĥħ", "h"),
            ("ìíîïĩīĭįı", "i"), ("ĵ", "j"), ("ķ", "k"), ("ĺļľŀł", "l"), ("ñńņňŉ", "n"), ("òóôõöøōŏő", "o"),
            ("ŕŗř", "r"), ("śŝşšș", "s"), ("ţťŧț", "t"), ("ùúûüũūŭůűų", "u"), ("ŵ", "w"), ("ýÿŷ", "y"),
            ("źżž", "z"),
        ]
        for (letters, ascii) in groups {
            for letter in letters { table[letter] = ascii }
        }
        table["æ"] = "ae"
        table["œ"] = "oe"
        table["ß"] = "ss"
        table["þ"] = "th"
        table["ð"] = "d"
        return table
    }()
}
