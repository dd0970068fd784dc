import WireContract
import YAML

extension ConfigDecoder {
    static let forecastSlotKeys = ["days", "hours", "clock_hours", "default_location"]

    /// `homeassistant.forecast_slots` (SPEC §6), checked against `forecast:` and the locations:
    /// `days` at most `forecast.days`, `hours` below `forecast.hours` (`plus_Nh` is `hours[N]`),
    /// `clock_hours` distinct hours 0–23, `default_location` a configured id.
    func forecastSlots(
        _ node: YAMLNode?, hours: Int, days: Int, locations: [String]
    ) throws(ConfigurationError) -> (slots: ForecastSlots, location: String?) {
        let assistant = try section(node, path: "homeassistant", keys: ConfigDecoder.homeAssistantKeys)
        guard let slotsNode = assistant.value("forecast_slots") else { return (ForecastSlots(), nil) }
        let section = try section(slotsNode, path: "homeassistant.forecast_slots", keys: ConfigDecoder.forecastSlotKeys)
        var slots = ForecastSlots()
        slots.days = try int(section, "days", in: 0...days) ?? 0
        slots.hours = try int(section, "hours", in: 0...max(hours - 1, 0)) ?? 0
        if let list = section.value("clock_hours") {
            let name = section.name("clock_hours")
            guard let items = list.items else {
                throw fail(list, "\(name) must be a list of hours 0…23, such as [7, 12, 18]")
            }
            for (index, item) in items.enumerated() {
                let key = "\(name)[\(index)]"
                let entry = ConfigSection(
                    path: "", line: item.line, entries: [ConfigEntry(key: key, line: item.line, value: item)])
                guard let hour = try int(entry, key, in: 0...23) else { continue }
                if slots.clockHours.contains(hour) { throw fail(item, "\(name) lists \(hour) twice") }
                slots.clockHours.append(hour)
            }
            slots.clockHours.sort()
        }
        let location = try string(section, "default_location")
        if let location, !locations.contains(location) {
            throw fail(
                section.value("default_location"),
                "\(section.name("default_location")) must be one of the locations' ids "
                    + "(\(locations.joined(separator: ", "))), not '\(MessageText.shown(location))'")
        }
        return (slots, location ?? locations.first)
    }

    /// `mqtt.flat_topics.hourly` and `.daily` against `forecast.hours` and `forecast.days`.
    func checkFlatSizes(_ mqtt: YAMLNode?, _ flat: FlatTopicSettings, hours: Int, days: Int) throws(ConfigurationError)
    {
        guard flat.hourly > hours || flat.daily > days else { return }
        let top = try section(mqtt, path: "mqtt", keys: ConfigDecoder.mqttKeys)
        let section = try section(top.value("flat_topics"), path: "mqtt.flat_topics", keys: ConfigDecoder.flatTopicKeys)
        let (key, limit, sizeKey) = flat.hourly > hours ? ("hourly", hours, "hours") : ("daily", days, "days")
        throw fail(
            section.value(key),
            "\(section.name(key)) must be at most forecast.\(sizeKey) (\(limit)): the payload has no more entries")
    }
}
