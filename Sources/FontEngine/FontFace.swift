internal import CFreeType
internal import CHarfBuzz

/// One font file at one pixel size: a FreeType face (rasterising, hinted advances) and a
/// HarfBuzz font over the same file (shaping). Not thread-safe: only ``TextEngine`` uses it,
/// under its lock.
final class FontFace {
    let file: FontFile
    let pixelSize: Int
    private let face: FT_Face
    private let font: OpaquePointer
    private var glyphs: [UInt32: GlyphBitmap?] = [:]
    private var smoothGlyphs: [UInt32: GlyphBitmap?] = [:]
    /// Kerning off everywhere: hinted whole-pixel advances keep 1-bit text evenly spaced, and
    /// fractional kerning pairs rounded to pixels make small sizes look uneven.
    private static let features = [feature("-kern")]
    /// For Latin, Greek and Cyrillic also no ligatures: an `ffi` of 13 px in one glyph is
    /// harder to read on a panel than three letters. (Arabic's ligatures are left on.)
    private static let alphabetFeatures = [feature("-kern"), feature("-liga")]

    private static func feature(_ text: String) -> hb_feature_t {
        var feature = hb_feature_t()
        _ = hb_feature_from_string(text, -1, &feature)
        return feature
    }

    /// Opens `file` at `pixelSize` pixels per em; nil when FreeType or HarfBuzz cannot read it.
    /// `shaping` is the HarfBuzz face of the same file, shared by every size (its tables are
    /// read and checked once); `bytes` the file's bytes, mapped once for every size and for
    /// HarfBuzz (they must outlive the face).
    init?(
        _ file: FontFile, pixelSize: Int, library: FT_Library, shaping hbFace: OpaquePointer,
        bytes: UnsafeRawBufferPointer
    ) {
        var face: FT_Face?
        guard let base = bytes.baseAddress,
            FT_New_Memory_Face(
                library, base.assumingMemoryBound(to: FT_Byte.self), FT_Long(bytes.count), FT_Long(file.index), &face)
                == 0,
            let face
        else { return nil }
        guard FT_Set_Pixel_Sizes(face, 0, FT_UInt(pixelSize)) == 0 else {
            FT_Done_Face(face)
            return nil
        }
        guard let font = hb_font_create(hbFace) else {
            FT_Done_Face(face)
            return nil
        }
        // Positions come back in 26.6 pixels.
        hb_font_set_scale(font, Int32(pixelSize * 64), Int32(pixelSize * 64))
        hb_font_set_ppem(font, UInt32(pixelSize), UInt32(pixelSize))
        self.file = file
        self.pixelSize = pixelSize
        self.face = face
        self.font = font
    }

    deinit {
        hb_font_destroy(font)
        FT_Done_Face(face)
    }

    /// Whether the font has a glyph of its own for `scalar`.
    func hasGlyph(_ scalar: Unicode.Scalar) -> Bool { FT_Get_Char_Index(face, FT_ULong(scalar.value)) != 0 }

    /// Whether the face calls itself bold.
    var isBold: Bool { face.pointee.style_flags & 2 != 0 }

    /// Ascent and descent (rounded from the size's metrics) and the height of a hinted `H`.
    var metrics: LineMetrics {
        let size = face.pointee.size.pointee.metrics
        let ascent = (Int(size.ascender) + 32) >> 6
        let descent = size.descender < 0 ? -((Int(size.descender) - 32) >> 6) : 0
        let index = FT_Get_Char_Index(face, 0x48)
        let capHeight = index == 0 ? nil : glyph(UInt32(index)).map { -$0.top }
        return LineMetrics(ascent: ascent, descent: descent, capHeight: capHeight ?? ascent * 3 / 4)
    }

    /// The rendered glyph `index` (cached), nil if FreeType cannot render it as 1-bit.
    func glyph(_ index: UInt32) -> GlyphBitmap? {
        if let cached = glyphs[index] { return cached }
        let bitmap = render(index)
        glyphs[index] = bitmap
        return bitmap
    }

    /// The glyph `index` with 8-bit coverage (cached): the outline hinted as for 1-bit, so its
    /// stems and advance match ``glyph(_:)``, rendered anti-aliased. nil if FreeType cannot.
    func smoothGlyph(_ index: UInt32) -> GlyphBitmap? {
        if let cached = smoothGlyphs[index] { return cached }
        let bitmap = renderSmooth(index)
        smoothGlyphs[index] = bitmap
        return bitmap
    }

    private func renderSmooth(_ index: UInt32) -> GlyphBitmap? {
        // Before the load below: the 1-bit glyph's load reuses the face's one slot.
        let monoAdvance = glyph(index)?.advance
        guard FT_Load_Glyph(face, FT_UInt(index), cfreetype_load_mono_metrics()) == 0,
            FT_Render_Glyph(face.pointee.glyph, FT_RENDER_MODE_NORMAL) == 0
        else { return nil }
        let slot = face.pointee.glyph.pointee
        let bitmap = slot.bitmap
        let width = Int(bitmap.width)
        let height = Int(bitmap.rows)
        var bytes = [UInt8](repeating: 0, count: width * height)
        if bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue), let buffer = bitmap.buffer {
            let sourcePitch = Int(bitmap.pitch)
            let levels = max(1, Int(bitmap.num_grays) - 1)
            for row in 0..<height {
                let source = sourcePitch >= 0 ? row * sourcePitch : (height - 1 - row) * -sourcePitch
                for column in 0..<width {
                    bytes[row * width + column] = UInt8(Int(buffer[source + column]) * 255 / levels)
                }
            }
        } else if height > 0 {
            return nil
        }
        return GlyphBitmap(
            advance: monoAdvance ?? (Int(slot.advance.x) + 32) >> 6, left: Int(slot.bitmap_left),
            top: -Int(slot.bitmap_top), width: width, height: height, pitch: width, bits: bytes, isSmooth: true)
    }

    private func render(_ index: UInt32) -> GlyphBitmap? {
        guard FT_Load_Glyph(face, FT_UInt(index), cfreetype_load_mono()) == 0 else { return nil }
        let slot = face.pointee.glyph.pointee
        let bitmap = slot.bitmap
        let width = Int(bitmap.width)
        let height = Int(bitmap.rows)
        let pitch = (width + 7) / 8
        var bits = [UInt8](repeating: 0, count: pitch * height)
        if bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_MONO.rawValue), let buffer = bitmap.buffer {
            let sourcePitch = Int(bitmap.pitch)
            for row in 0..<height {
                let source = sourcePitch >= 0 ? row * sourcePitch : (height - 1 - row) * -sourcePitch
                for byte in 0..<pitch { bits[row * pitch + byte] = buffer[source + byte] }
            }
        } else if height > 0 {
            return nil
        }
        return GlyphBitmap(
            advance: (Int(slot.advance.x) + 32) >> 6, left: Int(slot.bitmap_left), top: -Int(slot.bitmap_top),
            width: width, height: height, pitch: pitch, bits: bits)
    }

    /// One shaped glyph: HarfBuzz's glyph index, cluster and 26.6 offsets, the pen advance in
    /// whole pixels (FreeType's hinted advance; 0 for marks HarfBuzz gives none).
    struct Shaped {
        let glyph: UInt32
        let cluster: Int
        let advance: Int
        let xOffset: Int
        let yOffset: Int
    }

    /// `scalars` shaped as one run in `direction`'s order (HarfBuzz returns right-to-left runs
    /// already in visual order, left to right).
    func shape(_ scalars: [Unicode.Scalar], rightToLeft: Bool, script: Script) -> [Shaped] {
        guard let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        let codepoints = scalars.map(\.value)
        hb_buffer_add_utf32(buffer, codepoints, Int32(codepoints.count), 0, Int32(codepoints.count))
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        if !script.isNeutral { hb_buffer_set_script(buffer, script.value) }
        hb_buffer_guess_segment_properties(buffer)
        let features = ["Latn", "Grek", "Cyrl"].contains(script.code) ? Self.alphabetFeatures : Self.features
        features.withUnsafeBufferPointer { hb_shape(font, buffer, $0.baseAddress, UInt32($0.count)) }
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return [] }
        return (0..<Int(count)).map { index in
            let info = infos[index]
            let position = positions[index]
            let advance = position.x_advance == 0 ? 0 : (glyph(info.codepoint)?.advance ?? Int(position.x_advance) / 64)
            return Shaped(
                glyph: info.codepoint, cluster: Int(info.cluster), advance: advance,
                xOffset: Int(position.x_offset), yOffset: Int(position.y_offset))
        }
    }
}
