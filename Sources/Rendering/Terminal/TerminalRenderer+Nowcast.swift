import WeatherModel

extension TerminalRenderer.Context {
    /// The nowcast's sentence ("Nowcast: Light rain starting in about 20 min, for 40 min") and
    /// the air quality, each only when its topic arrived (and the location has a nowcast).
    mutating func nowcastAndAir() {
        let nowcast = model.nowcastAvailable ? model.nowcastSummary : nil
        let air = AirQualityScale.summary(model, separator: separator, asciiOnly: glyphs.isASCII)
        guard nowcast != nil || air != nil else { return }
        blank()
        if let nowcast {
            var row = line()
            let label = words.nowcastLabel + ": "
            row.add(label, .bold)
            let wetSoon = model.nowcastMinutesUntilStart.map { $0 <= 30 } ?? false
            row.add(text(nowcast, max: options.width - TerminalText.width(label)), wetSoon ? .cyan : nil)
            emit(row)
        }
        if let air {
            var row = line()
            let label = words.airLabel + ": "
            row.add(label, .bold)
            row.add(text(air, max: options.width - TerminalText.width(label)))
            emit(row)
        }
    }
}
