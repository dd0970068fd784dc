import Configuration
import HomeAssistant
import ProviderFacts
import WeatherModel

/// The locations' Home Assistant devices: each payload built from the configuration, with the
/// components an earlier announcement had and the configuration no longer has (forecast slots
/// turned off or fewer) reduced to their platform (`AnnouncedComponents`), which is how Home
/// Assistant removes them. What was announced is remembered in `state_dir/discovery.json`,
/// written only when it changed: the bridge announces before the broker hands back the payload
/// it held, so only this record knows what went before.
struct LocationDevices {
    let configuration: BridgeConfiguration
    /// Each configured location's record, as of this run's announcement.
    private(set) var records: [String: AnnouncedComponents] = [:]
    /// The records differ from what `state_dir` held: `json` is to be written.
    private(set) var changed: Bool

    /// The records for this configuration, from those saved (`saved`: what `json` gave, nil
    /// when there is no file or it is unreadable). A location no longer configured loses its
    /// record: its whole device is removed. Without discovery nothing is announced: no record
    /// is made (no payload built at start-up) and the file stays as it is.
    init(configuration: BridgeConfiguration, saved: JSONValue?) {
        self.configuration = configuration
        guard configuration.homeAssistant.discovery else {
            changed = false
            return
        }
        var loaded: [String: AnnouncedComponents] = [:]
        for (id, value) in saved?["locations"]?.object ?? JSONObject() {
            loaded[id] = AnnouncedComponents(json: value)
        }
        for location in configuration.locations {
            var record = loaded[location.id] ?? AnnouncedComponents()
            _ = record.announcing(Self.base(location, configuration))
            records[location.id] = record
        }
        changed = records != loaded
    }

    /// The device payload of `location` as announced.
    func payload(_ location: LocationSettings) -> [UInt8] {
        var record = records[location.id] ?? AnnouncedComponents()
        return record.announcing(Self.base(location, configuration)).utf8Bytes
    }

    /// The file's content: every record.
    var json: JSONValue {
        var object = JSONObject()
        for (id, record) in records.sorted(by: { $0.key < $1.key }) { object.appendUnchecked(id, record.json) }
        return ["locations": .object(object)]
    }

    /// `json` was written.
    mutating func saved() { changed = false }

    private static func base(_ location: LocationSettings, _ configuration: BridgeConfiguration) -> JSONValue {
        Discovery.payload(
            for: location, provider: location.providers.first ?? ProviderDescriptor.openMeteo.name,
            configuration: configuration)
    }
}
