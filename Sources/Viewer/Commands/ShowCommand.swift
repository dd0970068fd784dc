import Rendering
import WeatherModel
import WireContract

/// The work of `weatherview show [LOC]`: the weather of one location for a person at a terminal.
public struct ShowCommand: Sendable {
    public enum Units: String, Sendable, CaseIterable {
        case metric, imperial, si, uk
    }

    public enum Glyphs: String, Sendable, CaseIterable {
        case ascii, unicode, emoji, nerd
    }

    public enum ColorChoice: String, Sendable, CaseIterable {
        case auto, always, never
    }

    public var location: String?
    public var units: Units?
    public var bothUnits: Bool
    public var glyphs: Glyphs?
    public var color: ColorChoice
    public var format: String?
    public var broker: BrokerOptions

    public init(
        location: String? = nil, units: Units? = nil, bothUnits: Bool = false, glyphs: Glyphs? = nil,
        color: ColorChoice = .auto, format: String? = nil, broker: BrokerOptions
    ) {
        self.location = location
        self.units = units
        self.bothUnits = bothUnits
        self.glyphs = glyphs
        self.color = color
        self.format = format
        self.broker = broker
    }

    public func run() async throws(Failure) -> Int32 {
        var template: StatusLineTemplate?
        if let format {
            do {
                template = try StatusLineTemplate(format)
            } catch {
                throw Failure.usage("--format: " + error.message)
            }
        }
        if let location { try LocationID.validate(location) }
        let language = try broker.language()
        let clock = try ViewClock.fromEnvironment()
        let location = self.location
        let payloads = try await BrokerSession.with(try broker.resolve()) { (session) throws(Failure) in
            let id = try await session.location(location, command: "show")
            let payloads = try await session.payloads(
                of: id, kinds: LocationTopic.core, optional: [.nowcast, .airQuality], stations: true)
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
