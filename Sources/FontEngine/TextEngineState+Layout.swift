/// Splitting a line into runs, ordering them and shaping them.
///
/// The bidirectional handling is a simple one, enough for place names and the short labels
/// of a frame: the paragraph is left to right; a character of a right-to-left script
/// (Hebrew, Arabic, …) is right to left; digits are left to right; spaces and punctuation
/// between two right-to-left characters join them, elsewhere they are left to right;
/// combining marks follow the character before them. Consecutive right-to-left runs are
/// drawn in reverse order, and HarfBuzz orders the glyphs inside each run.
extension TextEngineState {
    /// A stretch of text in one font, script and direction.
    private struct Run {
        var scalars: [Unicode.Scalar]
        let file: FontFile?
        let script: Script
        let rightToLeft: Bool
    }

    /// `scalars` placed left to right; `smooth` glyphs carry 8-bit coverage (the places are
    /// the same either way).
    func layout(_ scalars: [Unicode.Scalar], bold: Bool, size: Int, smooth: Bool) -> TextLine {
        var pen = 0
        var placed: [TextLine.Placed] = []
        var missing: [Unicode.Scalar] = []
        let capHeight = metrics(bold: bold, size: size).capHeight
        for run in visualOrder(runs(scalars, bold: bold, size: size)) {
            guard let file = run.file, let face = face(file, size: size) else {
                for scalar in run.scalars where !scalar.properties.isDefaultIgnorableCodePoint {
                    let advance = max(4, size * 6 / 10)
                    if scalar.properties.isWhitespace {
                        pen += size / 3
                        continue
                    }
                    placed.append(.init(x: pen + 1, dy: 0, shape: .box(width: advance - 2, height: capHeight)))
                    missing.append(scalar)
                    pen += advance
                }
                continue
            }
            for glyph in face.shape(run.scalars, rightToLeft: run.rightToLeft, script: run.script) {
                // A glyph FreeType cannot render smooth is drawn 1-bit.
                let smoothBitmap = smooth ? face.smoothGlyph(glyph.glyph) : nil
                if let bitmap = smoothBitmap ?? face.glyph(glyph.glyph) {
                    placed.append(
                        .init(
                            x: pen + (glyph.xOffset + 32) >> 6, dy: -((glyph.yOffset + 32) >> 6), shape: .glyph(bitmap))
                    )
                }
                pen += glyph.advance
            }
        }
        return TextLine(width: pen, glyphs: placed, missing: missing)
    }

    /// Runs in logical order.
    private func runs(_ scalars: [Unicode.Scalar], bold: Bool, size: Int) -> [Run] {
        let own = scalars.map { Script(of: $0) }
        let strong = own.map { $0.isNeutral ? nil : $0 }
        // Scripts: a neutral character takes the script before it (or after it, at the start).
        var scripts = own
        var last: Script? = nil
        for index in scalars.indices {
            if let script = strong[index] { last = script } else if let last { scripts[index] = last }
        }
        if let first = strong.compactMap({ $0 }).first {
            for index in scalars.indices where strong[index] == nil && scripts[index] == own[index] {
                scripts[index] = first
            }
        }
        // Directions.
        let isDigit = scalars.map { $0.properties.generalCategory == .decimalNumber }
        let strongRTL: [Bool?] = scalars.indices.map { index in
            if isDigit[index] { return false }
            return strong[index].map(\.isRightToLeft)
        }
        var rightToLeft = [Bool](repeating: false, count: scalars.count)
        for index in scalars.indices {
            if let direction = strongRTL[index] {
                rightToLeft[index] = direction
            } else if own[index].isInherited, index > 0 {
                rightToLeft[index] = rightToLeft[index - 1]
            } else {
                let before = strongRTL[..<index].last { $0 != nil } ?? nil
                let after = strongRTL[(index + 1)...].first { $0 != nil } ?? nil
                rightToLeft[index] = before == true && after == true
            }
        }
        // Fonts: a neutral character stays in the font before it when that font has it.
        var files: [FontFile?] = []
        for (index, scalar) in scalars.enumerated() {
            if strong[index] == nil, let previous = files.last ?? nil,
                scalar.properties.isDefaultIgnorableCodePoint || face(previous, size: size)?.hasGlyph(scalar) == true
            {
                files.append(previous)
            } else {
                files.append(file(for: scalar, script: scripts[index], bold: bold, size: size))
            }
        }
        var runs: [Run] = []
        for index in scalars.indices {
            if let run = runs.last, run.file == files[index], run.script == scripts[index],
                run.rightToLeft == rightToLeft[index]
            {
                runs[runs.count - 1].scalars.append(scalars[index])
            } else {
                runs.append(
                    Run(
                        scalars: [scalars[index]], file: files[index], script: scripts[index],
                        rightToLeft: rightToLeft[index]))
            }
        }
        return runs
    }

    /// Runs left to right: each stretch of consecutive right-to-left runs reversed.
    private func visualOrder(_ runs: [Run]) -> [Run] {
        var ordered: [Run] = []
        var pending: [Run] = []
        for run in runs {
            if run.rightToLeft {
                pending.append(run)
            } else {
                ordered += pending.reversed()
                pending.removeAll()
                ordered.append(run)
            }
        }
        return ordered + pending.reversed()
    }
}
