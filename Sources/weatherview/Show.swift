import ArgumentParser
import Viewer

/// `weatherview show [LOC]`: the weather of one location for a person at a terminal.
struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
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

    @Argument(help: "Location id (e.g. home).")
    var location: String?

    @Option(help: "Units to display in (default: those the bridge publishes).")
    var units: ShowCommand.Units?

    @Flag(help: "Show temperatures in °C and °F side by side.")
    var bothUnits = false

    @Option(help: "Glyphs for conditions (default: unicode in a UTF-8 locale, else ascii).")
    var glyphs: ShowCommand.Glyphs?

    @Option(help: "Colour: auto = on a terminal, unless NO_COLOR is set or TERM=dumb.")
    var color: ShowCommand.ColorChoice = .auto

    @Option(help: ArgumentHelp("Print one line from TEMPLATE (see above).", valueName: "TEMPLATE"))
    var format: String?

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let command = ShowCommand(
            location: location, units: units, bothUnits: bothUnits, glyphs: glyphs, color: color, format: format,
            broker: global.brokerOptions)
        try await runCommand { () throws(Failure) -> Int32 in try await command.run() }
    }
}

extension ShowCommand.Units: ExpressibleByArgument {}

extension ShowCommand.Glyphs: ExpressibleByArgument {}

extension ShowCommand.ColorChoice: ExpressibleByArgument {}
