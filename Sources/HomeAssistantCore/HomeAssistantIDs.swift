/// The identifiers one location's entities carry in Home Assistant. They never change while
/// the base topic and the location id stay the same, so renaming a location (its `name`) or
/// switching units keeps every entity, its history and the user's customisations.
package struct HomeAssistantIDs: Sendable, Equatable {
    /// The base topic reduced to `[a-z0-9_]` (`home/weather` → `home_weather`).
    package let base: String
    /// The location id as configured (`[a-z0-9_-]`).
    package let location: String
    /// The device identifier: `weather2mqtt_<base>_<loc>`. The base topic is part of it so that
    /// two bridges with different base topics never share a device.
    package let device: String
    /// `.weather2mqtt_<loc>` with the location id as a slug: what follows the domain in entity ids
    /// (made once: a device has some forty entities).
    private let entitySuffix: String

    package init(baseTopic: String, location: String) {
        base = Self.slug(baseTopic)
        self.location = location
        device = "weather2mqtt_" + base + "_" + location
        entitySuffix = ".weather2mqtt_" + Self.slug(location)
    }

    /// `weather2mqtt_<base>_<loc>_<key>`.
    package func uniqueID(_ key: String) -> String { device + "_" + key }

    /// `<domain>.weather2mqtt_<loc>_<key>`: the entity id Home Assistant gives the entity when it
    /// first sees it (it appends `_2` when that one is taken). Entity ids allow `[a-z0-9_]` only.
    package func entityID(_ domain: String, _ key: String) -> String {
        entityID(domain) + "_" + key
    }

    /// `<domain>.weather2mqtt_<loc>`, for the one entity of its domain (the template weather).
    package func entityID(_ domain: String) -> String {
        domain + entitySuffix
    }

    /// Lower-case ASCII letters and digits, words joined by single `_`s (Home Assistant's entity
    /// ids allow no `__` and no `_` at either end).
    package static func slug(_ text: String) -> String {
        var result = ""
        var pendingSeparator = false
        for scalar in text.lowercased().unicodeScalars {
            switch scalar {
            case "a"..."z", "0"..."9":
                if pendingSeparator && !result.isEmpty { result += "_" }
                pendingSeparator = false
                result.unicodeScalars.append(scalar)
            default:
                pendingSeparator = true
            }
        }
        return result
    }
}
