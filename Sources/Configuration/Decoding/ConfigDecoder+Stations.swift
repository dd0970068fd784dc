import Stations
import SystemIO
import WireContract
import YAML

extension ConfigDecoder {
    static let stationKeys = [
        "id", "type", "listen", "path", "url", "topic", "match", "elevation", "max_age", "fields",
    ]
    static let matchKeys = ["passkey", "mac", "serial", "model", "id", "channel"]
    static let genericFieldKeys = ["topic", "path", "unit", "kind"]

    /// `stations:`: optional; ids unique and valid as topic segments (`StationSettings` documents the keys).
    func stations(_ node: YAMLNode?) throws(ConfigurationError) -> [StationSettings] {
        guard let node, !node.isNull else { return [] }
        guard let items = node.items else {
            throw fail(node, "stations must be a list of stations (- id: …, type: …), not \(node.kindDescription)")
        }
        var stations: [StationSettings] = []
        var lines: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            let station = try station(item, path: "stations[\(index)]")
            if let first = lines[station.id] {
                throw fail(item, "duplicate station id '\(station.id)' (first on line \(first))")
            }
            lines[station.id] = item.line
            if let other = stations.first(where: { Self.collide($0, station) }), let listen = station.listen {
                throw fail(
                    item,
                    "stations '\(other.id)' (line \(lines[other.id] ?? 0)) and '\(station.id)' both take every message on "
                        + "\(station.kind.transport == .httpPush ? "http" : "udp") \(listen)\(station.path.map { " " + $0 } ?? ""): "
                        + "give each a match (which device is which) or, for pushes, its own path")
            }
            stations.append(station)
        }
        return stations
    }

    /// Whether two stations receive on the same listener and nothing tells their messages
    /// apart: one without a `match` would take the other's readings as its own. HTTP stations
    /// on one listener are apart when their `path`s differ (a station without one takes any).
    static func collide(_ first: StationSettings, _ second: StationSettings) -> Bool {
        guard let listen = first.listen, listen.description == second.listen?.description,
            (first.kind.transport == .httpPush) == (second.kind.transport == .httpPush),
            first.match.isEmpty || second.match.isEmpty
        else { return false }
        guard first.kind.transport == .httpPush else { return true }
        func trimmed(_ path: String?) -> String? {
            guard var path else { return nil }
            while path.count > 1, path.hasSuffix("/") { path.removeLast() }
            return path
        }
        return trimmed(first.path) == trimmed(second.path)
    }

    private func station(_ node: YAMLNode, path: String) throws(ConfigurationError) -> StationSettings {
        guard case .mapping = node.kind else {
            throw fail(node, "\(path) must be a mapping (id, type, listen, …), not \(node.kindDescription)")
        }
        let section = try section(node, path: path, keys: ConfigDecoder.stationKeys)
        guard let idNode = section.value("id"), let id = try string(section, "id") else {
            throw fail(node, "\(path).id is required (the station's topic segment, e.g. roof)")
        }
        guard LocationID.isValid(id) else {
            throw fail(
                idNode,
                "\(path).id '\(MessageText.shown(id))' is not a valid station id: it becomes a topic segment "
                    + "(<base>/stations/<id>), so use \(LocationID.rule)")
        }
        let types = StationKind.allCases.map(\.rawValue)
        guard let typeNode = section.value("type"), let type = try string(section, "type") else {
            throw fail(node, "\(path).type is required (\(types.joined(separator: ", ")))")
        }
        guard let kind = StationKind(rawValue: type) else {
            let hint = MessageText.suggestion(for: type, among: types).map { "did you mean '\($0)'? " } ?? ""
            throw fail(
                typeNode,
                "\(path).type: unknown station type '\(MessageText.shown(type))' (\(hint)valid: "
                    + types.joined(separator: ", ") + ")")
        }
        var station = StationSettings(id: id, kind: kind, line: node.line)
        station.listen = try listen(section, kind: kind, path: path)
        station.path = try string(section, "path")
        if let httpPath = station.path, !httpPath.hasPrefix("/") {
            throw fail(section.value("path"), "\(path).path must start with / (got '\(MessageText.shown(httpPath))')")
        }
        if let httpPath = station.path, kind.transport != .httpPush {
            let pushed = StationKind.allCases.filter { $0.transport == .httpPush }.map(\.rawValue)
            throw fail(
                section.value("path"),
                "\(path).path '\(httpPath)' is for pushed types only (\(pushed.joined(separator: ", ")))")
        }
        station.url = try string(section, "url")
        if let url = station.url, !(url.hasPrefix("http://") || url.hasPrefix("https://")) {
            throw fail(
                section.value("url"), "\(path).url must be an http:// or https:// URL (got '\(MessageText.shown(url))')"
            )
        }
        if kind.transport == .polled, station.url == nil {
            throw fail(node, "\(path).url is required for type \(type): the device's address, e.g. http://192.168.1.50")
        }
        station.topic = try string(section, "topic")
        if let topic = station.topic {
            try checkTopicFilter(topic, name: section.name("topic"), node: section.value("topic"))
        }
        if kind.transport == .broker, station.topic == nil, kind != .mqtt {
            throw fail(node, "\(path).topic is required for type \(type): a topic filter such as rtl_433/+/events")
        }
        station.match = try match(section.value("match"), kind: kind, path: path + ".match")
        station.elevation = try double(section, "elevation", in: -500...9000)
        station.maxAge = try duration(section, "max_age", in: 30...86400) ?? 600
        if let fieldsNode = section.value("fields") {
            guard kind == .mqtt else {
                throw fail(fieldsNode, "\(path).fields is for type mqtt only (the other types know their fields)")
            }
            station.fields = try genericFields(fieldsNode, path: path + ".fields")
        }
        if kind == .mqtt {
            if station.fields.isEmpty {
                throw fail(
                    node,
                    "\(path).fields is required for type mqtt: which values to read, e.g. temperature: {path: temp_c, unit: °C}"
                )
            }
            if station.topic == nil, station.fields.contains(where: { $0.topic == nil }) {
                throw fail(node, "\(path).topic is required for type mqtt where a field has no topic of its own")
            }
        }
        return station
    }

    private func listen(_ section: ConfigSection, kind: StationKind, path: String) throws(ConfigurationError)
        -> ListenAddress?
    {
        guard let text = try string(section, "listen") else {
            switch kind.transport {
            case .httpPush:
                throw fail(
                    section.line,
                    "\(path).listen is required for type \(kind.rawValue): the address and port the gateway pushes to, "
                        + "e.g. 0.0.0.0:8080")
            default: return kind.facts.defaultPort.flatMap { try? ListenAddress(host: "0.0.0.0", port: UInt16($0)) }
            }
        }
        guard kind.facts.listens else {
            throw fail(
                section.value("listen"),
                "\(path).listen is for types that receive pushes or datagrams, not \(kind.rawValue)")
        }
        guard let address = try? ListenAddress(parsing: text), address.port != 0 else {
            throw fail(
                section.value("listen"),
                "\(path).listen must be address:port with a numeric address, such as 127.0.0.1:8080, 0.0.0.0:50222 or "
                    + "[::]:8080 (got '\(MessageText.shown(text))')")
        }
        return address
    }

    private func match(_ node: YAMLNode?, kind: StationKind, path: String) throws(ConfigurationError) -> StationMatch {
        guard let node else { return .any }
        let section = try section(node, path: path, keys: ConfigDecoder.matchKeys)
        let valid = kind.facts.matchKeys
        var match = StationMatch()
        for entry in section.entries {
            guard valid.contains(entry.key) else {
                let allowed =
                    valid.isEmpty ? "none: everything on its input is the station's" : valid.joined(separator: ", ")
                throw fail(
                    entry.value, "\(path).\(entry.key) does not apply to type \(kind.rawValue) (valid: \(allowed))")
            }
            let value = try text(entry.value, section.name(entry.key), wantsText: false)
            switch entry.key {
            case "passkey", "mac": match.key = value
            case "serial": match.serial = value
            case "model": match.model = value
            case "channel": match.channel = value
            default:
                if kind == .wunderground { match.key = value } else { match.id = value }
            }
        }
        return match
    }

    private func genericFields(_ node: YAMLNode, path: String) throws(ConfigurationError) -> [GenericField] {
        guard case .mapping(let entries) = node.kind, !entries.isEmpty else {
            throw fail(
                node,
                "\(path) must map field names (\(GenericField.names.joined(separator: ", "))) to {path, unit, kind, topic}"
            )
        }
        var fields: [GenericField] = []
        for entry in entries {
            guard let name = entry.key.text, GenericField.names.contains(name) else {
                let shown = entry.key.text.map(MessageText.shown) ?? "?"
                throw fail(
                    entry.key,
                    "\(path): unknown field '\(shown)' (valid: \(GenericField.names.joined(separator: ", ")))")
            }
            let section = try section(entry.value, path: path + "." + name, keys: ConfigDecoder.genericFieldKeys)
            let kindText = try string(section, "kind") ?? "instantaneous"
            let target: GenericField.Target
            if name == "rain" {
                guard let kind = RainReport.Kind(rawValue: kindText) else {
                    throw fail(
                        section.value("kind") ?? entry.key,
                        "\(path).rain.kind must be counter, daily_total or increment (got '\(MessageText.shown(kindText))')"
                    )
                }
                target = .rain(kind)
            } else {
                guard kindText == "instantaneous" else {
                    throw fail(
                        section.value("kind"),
                        "\(path).\(name).kind: only rain has a kind (counter, daily_total, increment)")
                }
                target = name == "station_pressure" ? .stationPressure : .quantity(StationQuantity(rawValue: name)!)
            }
            var field = GenericField(target: target, unit: try string(section, "unit"))
            field.path = (try string(section, "path")).map { $0.split(separator: ".").map(String.init) } ?? []
            if let topic = try string(section, "topic") {
                try checkTopicFilter(topic, name: section.name("topic"), node: section.value("topic"))
                field.topic = topic
            }
            if !field.unitIsKnown {
                throw fail(
                    section.value("unit"),
                    "\(path).\(name).unit '\(MessageText.shown(field.unit ?? ""))' is not a unit of \(name)")
            }
            fields.append(field)
        }
        return fields
    }

    private func checkTopicFilter(_ topic: String, name: String, node: YAMLNode?) throws(ConfigurationError) {
        let levels = topic.split(separator: "/", omittingEmptySubsequences: false)
        for (index, level) in levels.enumerated() where level.contains("#") || level.contains("+") {
            guard level == "+" || (level == "#" && index == levels.count - 1) else {
                throw fail(
                    node,
                    "\(name) '\(MessageText.shown(topic))' is not a topic filter: + and # stand alone as a level, # only last"
                )
            }
        }
    }

    /// A location's `station:`: an id, or a list of ids or `{id, fields}` in priority order,
    /// each a configured station.
    func stationReferences(_ node: YAMLNode, name: String, stations: [StationSettings]) throws(ConfigurationError)
        -> [StationReference]
    {
        let items = node.items ?? [node]
        guard !items.isEmpty else { throw fail(node, "\(name) must name at least one station") }
        var references: [StationReference] = []
        for item in items {
            var reference: StationReference
            if case .mapping = item.kind {
                let section = try section(item, path: name, keys: ["id", "fields"])
                guard let id = try string(section, "id") else { throw fail(item, "\(name): each entry needs an id") }
                reference = StationReference(id: id)
                if let fieldsNode = section.value("fields") {
                    let valid = StationQuantity.allCases.map(\.rawValue)
                    var fields: Set<StationQuantity> = []
                    for field in fieldsNode.items ?? [fieldsNode] {
                        let text = try text(field, section.name("fields"))
                        guard let quantity = StationQuantity(rawValue: text) else {
                            throw fail(
                                field,
                                "\(name).fields: unknown field '\(MessageText.shown(text))' (valid: \(valid.joined(separator: ", ")))"
                            )
                        }
                        fields.insert(quantity)
                    }
                    reference.fields = fields
                }
            } else {
                reference = StationReference(id: try text(item, name))
            }
            guard stations.contains(where: { $0.id == reference.id }) else {
                let ids = stations.map(\.id)
                let known = ids.isEmpty ? "no stations: are configured" : "configured: " + ids.joined(separator: ", ")
                throw fail(item, "\(name): unknown station '\(MessageText.shown(reference.id))' (\(known))")
            }
            guard !references.contains(where: { $0.id == reference.id }) else {
                throw fail(item, "\(name) lists station '\(reference.id)' twice")
            }
            references.append(reference)
        }
        return references
    }
}
