import WeatherModel

extension TemplateWeather {
    /// The weather entity is available while the current-weather sensor is (bridge online and
    /// the location's status `ok`, see `LocationAvailability`) and holds a reading. `unknown`
    /// (Home Assistant just started, the topic is empty) and `unavailable` both make it
    /// unavailable, so no template below meets a state that is not a reading.
    static func availabilityTemplate(current: String) -> String {
        "{{ not is_state('\(current)', 'unavailable') and not is_state('\(current)', 'unknown')"
            + " and state_attr('\(current)', 'fetched_at') is not none }}"
    }

    /// The condition, or `None` (the weather's state `unknown`, silently) for anything that is
    /// not one of Home Assistant's conditions: `unknown`, `unavailable`, a missing sensor.
    /// Home Assistant logs an error for every other value the template renders.
    static func conditionTemplate(current: String) -> String {
        let conditions = Condition.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        return "{% set c = states('\(current)') %}{{ c if c in [\(conditions)] else None }}"
    }

    /// The hourly forecast sensors' `forecast` lists joined; a sensor without the attribute
    /// (unavailable, not yet received) adds nothing.
    static func hourlyJoinTemplate(_ entities: [String]) -> String {
        let parts = entities.map { "(state_attr('\($0)', 'forecast') or [])" }
        return "{{ " + parts.joined(separator: " + ") + " }}"
    }
}
