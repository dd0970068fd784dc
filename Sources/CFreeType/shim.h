#ifndef CFREETYPE_SHIM_H
#define CFREETYPE_SHIM_H
#include <ft2build.h>
#include FT_FREETYPE_H

/// The load flags the e-ink text is drawn with: rendered at once, FreeType's monochrome hinting
/// (stems snapped to whole pixels for a 1-bit target) and a 1-bit bitmap. FT_LOAD_TARGET_MONO
/// is a function-like macro, which Swift cannot import.
static inline FT_Int32 cfreetype_load_mono(void) {
    return FT_LOAD_RENDER | FT_LOAD_TARGET_MONO | FT_LOAD_MONOCHROME;
}

/// The same hinting, without rendering: for advances and metrics, and for smooth glyphs (the
/// same hinted outline rendered with 8-bit coverage by FT_Render_Glyph).
static inline FT_Int32 cfreetype_load_mono_metrics(void) {
    return FT_LOAD_TARGET_MONO;
}

#endif
