import WeatherModel

/// The Jinja templates Home Assistant renders against our payloads (`value_template`,
/// `json_attributes_template`, template-weather templates).
///
/// Every template here survives whatever arrives on the topic: a JSON `null`, a missing key,
/// an empty retained payload (a topic being cleared) or a payload that is not JSON at all.
/// They then render `None`, which Home Assistant's MQTT sensor turns into the `unknown` state,
/// instead of raising a template error or keeping the last value as if it were still true.
enum Jinja {
    /// `p`: the payload when it is a JSON object, an empty mapping otherwise.
    private static let payload = "{% set p = value_json if value_json is defined and value_json is mapping else {} %}"

    /// A number field of a reading (`current`), multiplied by `scale` when given.
    static func number(_ field: String, scale: Double? = nil) -> String {
        let value = scale.map { "(v * \(JSONValue.format($0))) | round(2)" } ?? "v"
        return payload + "{% set v = p.get('\(field)') %}{{ \(value) if v is number else None }}"
    }

    /// A text field of a reading (`current`).
    static func text(_ field: String) -> String {
        payload + "{% set v = p.get('\(field)') %}{{ v if v is string and v != '' else None }}"
    }

    /// A number field of `days[index]` of the daily payload.
    static func day(_ index: Int, _ field: String) -> String {
        payload + "{% set days = p.get('days') %}"
            + "{% set d = days[\(index)] if days is sequence and days is not string and days | length > \(index) else {} %}"
            + "{% set v = d.get('\(field)') if d is mapping else none %}{{ v if v is number else None }}"
    }

    /// The whole payload as attributes, `{}` for a cleared (empty) topic or one that is not a JSON
    /// object: Home Assistant then logs no `Erroneous JSON` when the bridge clears a location.
    static let wholePayload = "{{ value_json | tojson if value_json is defined and value_json is mapping else '{}' }}"

    /// A plain number topic (a forecast slot): `unknown` for an empty (cleared) or other payload.
    static let plainNumber = "{{ value | float(None) }}"

    /// A plain word topic (a forecast slot's condition): `unknown` for an empty payload.
    static let plainText = "{{ value if value is string and value != '' else None }}"

    /// The number of items of a list field (the alerts payload's `alerts`).
    static func count(_ field: String) -> String {
        payload + "{% set v = p.get('\(field)') %}{{ v | length if v is sequence and v is not string else None }}"
    }

    /// The alerts payload's list: `a`, or `none` when `alerts` is not a list.
    private static let alerts =
        payload + "{% set a = p.get('alerts') %}{% set a = a if a is sequence and a is not string else none %}"

    /// A binary sensor's state from the alerts payload: `ON` while its list holds an alert,
    /// `OFF` when it is empty, `None` (unknown) without a list.
    static var anyAlert: String {
        alerts + "{{ None if a is none else ('ON' if a | length > 0 else 'OFF') }}"
    }

    /// The highest of `levels` (highest first) among the alerts' `severity`; `none` for an
    /// empty list; `None` (unknown) without a list or when no alert has one of `levels`.
    static func highestSeverity(levels: [String], none: String) -> String {
        let list = levels.map { "'\($0)'" }.joined(separator: ", ")
        return alerts
            + "{% set s = [] if a is none else a | select('mapping') | map(attribute='severity') | list %}"
            + "{% set found = [\(list)] | select('in', s) | list %}"
            + "{{ None if a is none else (found | first if found else ('\(none)' if a | length == 0 else None)) }}"
    }

    /// An MQTT event entity's payload from an `alerts/event` message: a JSON object with
    /// `event_type` (the message's `event`, one of `types`) and the alert's fields as the event's
    /// attributes, `description` and `instruction` cut to `textLimit` characters so that the
    /// attributes stay below the recorder's 16 KiB. Any other message (no alert object, an
    /// unknown event) renders `None`, which Home Assistant's MQTT event ignores without a warning.
    static func alertEvent(types: [String], textLimit: Int) -> String {
        func cut(_ field: String) -> String {
            "\(field)=(a.get('\(field)')[:\(textLimit)] if a.get('\(field)') is string else a.get('\(field)'))"
        }
        let list = types.map { "'\($0)'" }.joined(separator: ", ")
        return payload + "{% set a = p.get('alert') %}{% set e = p.get('event') %}"
            + "{{ dict(a, event_type=e, \(cut("description")), \(cut("instruction"))) | tojson"
            + " if a is mapping and e in [\(list)] else None }}"
    }

    /// A number field of the object in field `object` (`current` of the air-quality payload),
    /// multiplied by `scale` when given.
    static func member(_ object: String, _ field: String, scale: Double? = nil) -> String {
        let value = scale.map { "(v * \(JSONValue.format($0))) | round(3)" } ?? "v"
        return payload + "{% set o = p.get('\(object)') %}{% set v = o.get('\(field)') if o is mapping else none %}"
            + "{{ \(value) if v is number else None }}"
    }

    /// A binary sensor's state from the nowcast: `ON` when `minutes_until_start` is at most
    /// `minutes`, `OFF` when it is later or when an available nowcast expects no precipitation
    /// (`minutes_until_start: null`), `None` (unknown) without a nowcast.
    static func within(minutes: Int) -> String {
        payload + "{% set v = p.get('minutes_until_start') %}"
            + "{{ ('ON' if v <= \(minutes) else 'OFF') if v is number else ('OFF' if p.get('available') is sameas true else None) }}"
    }
}
