import ArgumentParser
import Rendering
import WeatherModel

/// `weatherview show [LOC]`: the weather of one location for a person at a terminal.
struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show current conditions, the next hours and days, and alerts.",
        discussion: """
            LOC may be left out when the broker has exactly one location. The view says how old \
            the data is ("as of 14:05", "2 h old") and warns when it is stale; the exit code is \
            then 4.

            --format prints one line from a template instead, for status bars, e.g.
              weatherview show home --format '{glyph} {temp} {condition} ({age})'
            Placeholders:
              {temp} {feels} {dew}     temperature, feels-like, dew point (with unit)
              {glyph} {condition}      condition glyph and text; {code}: condition code
              {humidity} {pop}         humidity, precipitation probability (%)
              {clouds}                 cloud cover (%)
              {wind} {gust}            wind speed and direction; gusts
              {pressure} {precip} {uv} pressure, precipitation intensity, UV index
              {max} {min}              today's high and low
              {sunrise} {sunset}       local times
              {age} {asof}             age of the data (12 min), its time (14:05)
              {freshness}              "as of 14:05", "2 h old" or "stale, 2 h old"
              {stale}                  "stale" when the data is stale, else nothing
              {location} {id}          location name and id; {provider}
              {{ }}                    literal braces
            An unknown value prints as "-".
            """)

    enum Units: String, ExpressibleByArgument, CaseIterable {
        case metric, imperial, si, uk
    }

    enum Glyphs: String, ExpressibleByArgument, CaseIterable {
        case ascii, unicode, emoji, nerd
    }

    enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
        case auto, always, never
    }

    @Argument(help: "Location id (e.g. home).")
    var location: String?

    @Option(help: "Units to display in (default: those the bridge publishes).")
    var units: Units?

    @Flag(help: "Show temperatures in °C and °F side by side.")
    var bothUnits = false

    @Option(help: "Glyphs for conditions (default: unicode in a UTF-8 locale, else ascii).")
    var glyphs: Glyphs?

    @Option(help: "Colour: auto = on a terminal, unless NO_COLOR is set or TERM=dumb.")
    var color: ColorChoice = .auto

    @Option(help: ArgumentHelp("Print one line from TEMPLATE (see above).", valueName: "TEMPLATE"))
    var format: String?

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await runCommand { () throws(Failure) -> Int32 in try await show() }
    }

    func show() async throws(Failure) -> Int32 {
        var template: StatusLineTemplate?
        if let format {
            do {
                template = try StatusLineTemplate(format)
            } catch {
                throw Failure.usage("--format: " + error.message)
            }
        }
        if let location { try LocationID.validate(location) }
        let language = try global.language()
        let clock = try ViewClock.fromEnvironment()
        let location = self.location
        let payloads = try await BrokerSession.with(try global.resolve()) { (session) throws(Failure) in
            let id = try await session.location(location, command: "show")
            let payloads = try await session.payloads(of: id, kinds: LocationTopic.allCases)
            guard payloads.hasWeather else { throw session.noData(for: id, payloads: payloads) }
            return payloads
        }

        let model: WeatherViewModel
        do {
            model = try WeatherViewModel(
                payloads: payloads, now: clock.now(), units: units.flatMap { UnitSettings.preset(named: $0.rawValue) },
                language: language)
        } catch {
            throw Failure.payload(error)
        }
        let environment = TerminalEnvironment.current
        let glyphSet =
            glyphs.flatMap { GlyphSet(rawValue: $0.rawValue) }
            ?? TerminalOptions.defaultGlyphs(environment: environment)
        if let template {
            Output.line(template.render(model, glyphs: glyphSet, bothUnits: bothUnits))
        } else {
            let colour: Bool
            switch color {
            case .always: colour = true
            case .never: colour = false
            case .auto: colour = TerminalOptions.wantsColor(isTerminal: Output.isTerminal, environment: environment)
            }
            var options = TerminalOptions(glyphs: glyphSet, color: colour, bothUnits: bothUnits)
            if Output.isTerminal, let columns = Output.terminalColumns {
                options.width = max(40, min(options.width, columns - 1))
            }
            Output.write(TerminalRenderer(options: options).render(model))
        }
        if model.freshness.isStale {
            Output.error("the data is stale: " + model.freshness.reasons.joined(separator: "; "))
            return Failure.stale
        }
        return 0
    }
}

/// The environment variables the terminal view looks at.
enum TerminalEnvironment {
    static var current: [String: String] {
        var environment: [String: String] = [:]
        for name in ["LC_ALL", "LC_CTYPE", "LANG", "NO_COLOR", "TERM"] {
            environment[name] = ProcessEnvironment.value(name)
        }
        return environment
    }
}
