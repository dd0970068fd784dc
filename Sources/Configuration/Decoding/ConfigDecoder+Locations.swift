import WeatherModel
import WireContract
import YAML

extension ConfigDecoder {
    static let locationKeys = [
        "id", "name", "latitude", "longitude", "timezone", "providers", "interval", "elevation", "air_quality",
        "nowcast_interval", "language", "alerts", "meteoalarm", "station",
    ]

    /// The `locations:` list: at least one, ids unique (`LocationSettings` documents the keys); a
    /// location's `station:` names one of `stations`.
    func locations(_ node: YAMLNode?, stations: [StationSettings]) throws(ConfigurationError) -> [LocationSettings] {
        guard let node, !node.isNull else {
            throw fail(
                node,
                "locations: is required: list at least one location (id, latitude, longitude)")
        }
        guard let items = node.items else {
            throw fail(node, "locations must be a list of locations (- id: …), not \(node.kindDescription)")
        }
        guard !items.isEmpty else {
            throw fail(node, "locations must list at least one location")
        }
        var locations: [LocationSettings] = []
        var lines: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            let location = try location(item, path: "locations[\(index)]", stations: stations)
            if let first = lines[location.id] {
                throw fail(item, "duplicate location id '\(location.id)' (first on line \(first))")
            }
            lines[location.id] = item.line
            locations.append(location)
        }
        return locations
    }

    private func location(_ node: YAMLNode, path: String, stations: [StationSettings]) throws(ConfigurationError)
        -> LocationSettings
    {
        if node.isNull {
            throw fail(node, "\(path) is empty: a location needs at least id, latitude and longitude")
        }
        guard case .mapping = node.kind else {
            throw fail(
                node,
                "\(path) must be a mapping (id, name, latitude, longitude, …), not \(node.kindDescription)")
        }
        let section = try section(node, path: path, keys: ConfigDecoder.locationKeys)
        guard let idNode = section.value("id"), let id = try string(section, "id") else {
            throw fail(node, "\(path).id is required (the location's topic segment, e.g. home)")
        }
        guard LocationID.isValid(id) else {
            if LocationID.reserved.contains(id) {
                throw fail(
                    idNode.line,
                    "\(path).id '\(id)' is reserved: <base>/\(id)/… holds the bridge's own topics; pick another id")
            }
            throw fail(
                idNode,
                "\(path).id '\(MessageText.shown(id))' is not a valid location id: it becomes a topic segment, so "
                    + "use 1–64 of a–z, 0–9, '_' and '-', starting with a letter or digit "
                    + "(\(LocationID.rule); no uppercase, spaces, '/', '+' or '#')")
        }
        guard let latitude = try double(section, "latitude", in: -90...90) else {
            throw fail(node, "\(path).latitude is required (a number, −90…90)")
        }
        guard let longitude = try double(section, "longitude", in: -180...180) else {
            throw fail(node, "\(path).longitude is required (a number, −180…180)")
        }
        var location = LocationSettings(
            id: id, name: try string(section, "name"), latitude: latitude, longitude: longitude, line: node.line)
        if let zone = try string(section, "timezone") {
            guard ZoneCache.zone(zone) != nil else {
                throw fail(
                    section.value("timezone"),
                    "\(path).timezone: unknown time zone '\(MessageText.shown(zone))' (an IANA name from "
                        + "/usr/share/zoneinfo, such as Europe/Berlin or America/New_York)")
            }
            location.timezone = zone
        }
        if let providersNode = section.value("providers") {
            location.providers = try providerList(providersNode, name: section.name("providers"))
        }
        location.interval = try duration(section, "interval", in: 60...366 * 86400) ?? location.interval
        location.elevation = try double(section, "elevation", in: -500...9000)
        location.airQuality = try bool(section, "air_quality") ?? false
        if let node = section.value("nowcast_interval"), node.isPlain, node.text == "false" {
            location.nowcastInterval = nil
        } else if let seconds = try duration(section, "nowcast_interval", in: 300...86400) {
            location.nowcastInterval = seconds
        }
        location.language = try language(section, "language")
        try alertSettings(section, path: path, into: &location)
        if let stationNode = section.value("station") {
            location.stations = try stationReferences(
                stationNode, name: section.name("station"), stations: stations)
        }
        return location
    }

    private func providerList(_ node: YAMLNode, name: String) throws(ConfigurationError) -> [String] {
        let valid = KnownProvider.allCases.map(\.rawValue)
        guard let items = node.items else {
            throw fail(node, "\(name) must be a list such as [met-no, open-meteo], not \(node.kindDescription)")
        }
        guard !items.isEmpty else {
            throw fail(node, "\(name) must name at least one provider (valid: \(valid.joined(separator: ", ")))")
        }
        var names: [String] = []
        for item in items {
            let provider = try text(item, name)
            guard KnownProvider(rawValue: provider) != nil else {
                let hint = MessageText.suggestion(for: provider, among: valid).map { "did you mean '\($0)'? " } ?? ""
                throw fail(
                    item,
                    "\(name): unknown provider '\(MessageText.shown(provider))' (\(hint)valid: "
                        + valid.joined(separator: ", ") + ")")
            }
            guard !names.contains(provider) else {
                throw fail(item, "\(name) lists '\(provider)' twice")
            }
            names.append(provider)
        }
        return names
    }
}
