// Every function of FreeType, HarfBuzz and fontconfig that FontEngine calls, with the library's
// own prototype: FontLibraries.c includes this list twice, once to check at load time that each
// library has every one of them, once to define the stub FontEngine's calls link to.
// LAZY(library, return type, name, parameters, arguments); LAZY_VOID for functions returning void.
// No include guard: it is meant to be included once per definition of LAZY and LAZY_VOID.

// FreeType
LAZY(FREETYPE, FT_Error, FT_Init_FreeType, (FT_Library *alibrary), (alibrary))
LAZY(FREETYPE, FT_Error, FT_Done_FreeType, (FT_Library library), (library))
LAZY(FREETYPE, FT_Error, FT_New_Memory_Face,
     (FT_Library library, const FT_Byte *file_base, FT_Long file_size, FT_Long face_index, FT_Face *aface),
     (library, file_base, file_size, face_index, aface))
LAZY(FREETYPE, FT_Error, FT_Done_Face, (FT_Face face), (face))
LAZY(FREETYPE, FT_UInt, FT_Get_Char_Index, (FT_Face face, FT_ULong charcode), (face, charcode))
LAZY(FREETYPE, FT_Error, FT_Load_Glyph, (FT_Face face, FT_UInt glyph_index, FT_Int32 load_flags),
     (face, glyph_index, load_flags))
LAZY(FREETYPE, FT_Error, FT_Render_Glyph, (FT_GlyphSlot slot, FT_Render_Mode render_mode), (slot, render_mode))
LAZY(FREETYPE, FT_Error, FT_Set_Pixel_Sizes, (FT_Face face, FT_UInt width, FT_UInt height), (face, width, height))

// HarfBuzz
LAZY(HARFBUZZ, hb_blob_t *, hb_blob_create_from_file, (const char *file_name), (file_name))
LAZY_VOID(HARFBUZZ, hb_blob_destroy, (hb_blob_t *blob), (blob))
LAZY(HARFBUZZ, const char *, hb_blob_get_data, (hb_blob_t *blob, unsigned int *length), (blob, length))
LAZY(HARFBUZZ, hb_buffer_t *, hb_buffer_create, (void), ())
LAZY_VOID(HARFBUZZ, hb_buffer_destroy, (hb_buffer_t *buffer), (buffer))
LAZY_VOID(HARFBUZZ, hb_buffer_add_utf32,
          (hb_buffer_t *buffer, const uint32_t *text, int text_length, unsigned int item_offset, int item_length),
          (buffer, text, text_length, item_offset, item_length))
LAZY(HARFBUZZ, hb_glyph_info_t *, hb_buffer_get_glyph_infos, (hb_buffer_t *buffer, unsigned int *length),
     (buffer, length))
LAZY(HARFBUZZ, hb_glyph_position_t *, hb_buffer_get_glyph_positions, (hb_buffer_t *buffer, unsigned int *length),
     (buffer, length))
LAZY_VOID(HARFBUZZ, hb_buffer_guess_segment_properties, (hb_buffer_t *buffer), (buffer))
LAZY_VOID(HARFBUZZ, hb_buffer_set_direction, (hb_buffer_t *buffer, hb_direction_t direction), (buffer, direction))
LAZY_VOID(HARFBUZZ, hb_buffer_set_script, (hb_buffer_t *buffer, hb_script_t script), (buffer, script))
LAZY(HARFBUZZ, hb_face_t *, hb_face_create, (hb_blob_t *blob, unsigned int index), (blob, index))
LAZY_VOID(HARFBUZZ, hb_face_destroy, (hb_face_t *face), (face))
LAZY(HARFBUZZ, hb_face_t *, hb_face_get_empty, (void), ())
LAZY(HARFBUZZ, hb_bool_t, hb_feature_from_string, (const char *str, int len, hb_feature_t *feature),
     (str, len, feature))
LAZY(HARFBUZZ, hb_font_t *, hb_font_create, (hb_face_t *face), (face))
LAZY_VOID(HARFBUZZ, hb_font_destroy, (hb_font_t *font), (font))
LAZY_VOID(HARFBUZZ, hb_font_set_ppem, (hb_font_t *font, unsigned int x_ppem, unsigned int y_ppem),
          (font, x_ppem, y_ppem))
LAZY_VOID(HARFBUZZ, hb_font_set_scale, (hb_font_t *font, int x_scale, int y_scale), (font, x_scale, y_scale))
LAZY(HARFBUZZ, hb_direction_t, hb_script_get_horizontal_direction, (hb_script_t script), (script))
LAZY(HARFBUZZ, hb_tag_t, hb_script_to_iso15924_tag, (hb_script_t script), (script))
LAZY_VOID(HARFBUZZ, hb_shape,
          (hb_font_t *font, hb_buffer_t *buffer, const hb_feature_t *features, unsigned int num_features),
          (font, buffer, features, num_features))
LAZY(HARFBUZZ, hb_unicode_funcs_t *, hb_unicode_funcs_get_default, (void), ())
LAZY(HARFBUZZ, hb_script_t, hb_unicode_script, (hb_unicode_funcs_t *ufuncs, hb_codepoint_t unicode),
     (ufuncs, unicode))

// fontconfig
LAZY(FONTCONFIG, FcCharSet *, FcCharSetCreate, (void), ())
LAZY_VOID(FONTCONFIG, FcCharSetDestroy, (FcCharSet *fcs), (fcs))
LAZY(FONTCONFIG, FcBool, FcCharSetAddChar, (FcCharSet *fcs, FcChar32 ucs4), (fcs, ucs4))
LAZY(FONTCONFIG, FcBool, FcCharSetHasChar, (const FcCharSet *fcs, FcChar32 ucs4), (fcs, ucs4))
LAZY(FONTCONFIG, FcBool, FcConfigSubstitute, (FcConfig *config, FcPattern *p, FcMatchKind kind), (config, p, kind))
LAZY_VOID(FONTCONFIG, FcDefaultSubstitute, (FcPattern *pattern), (pattern))
LAZY(FONTCONFIG, FcPattern *, FcFontMatch, (FcConfig *config, FcPattern *p, FcResult *result), (config, p, result))
LAZY(FONTCONFIG, FcFontSet *, FcFontSort,
     (FcConfig *config, FcPattern *p, FcBool trim, FcCharSet **csp, FcResult *result),
     (config, p, trim, csp, result))
LAZY_VOID(FONTCONFIG, FcFontSetDestroy, (FcFontSet *s), (s))
LAZY(FONTCONFIG, FcPattern *, FcPatternCreate, (void), ())
LAZY_VOID(FONTCONFIG, FcPatternDestroy, (FcPattern *p), (p))
LAZY(FONTCONFIG, FcBool, FcPatternAddCharSet, (FcPattern *p, const char *object, const FcCharSet *c), (p, object, c))
LAZY(FONTCONFIG, FcBool, FcPatternAddInteger, (FcPattern *p, const char *object, int i), (p, object, i))
LAZY(FONTCONFIG, FcBool, FcPatternAddString, (FcPattern *p, const char *object, const FcChar8 *s), (p, object, s))
LAZY(FONTCONFIG, FcResult, FcPatternGetBool, (const FcPattern *p, const char *object, int n, FcBool *b),
     (p, object, n, b))
LAZY(FONTCONFIG, FcResult, FcPatternGetCharSet, (const FcPattern *p, const char *object, int n, FcCharSet **c),
     (p, object, n, c))
LAZY(FONTCONFIG, FcResult, FcPatternGetInteger, (const FcPattern *p, const char *object, int n, int *i),
     (p, object, n, i))
LAZY(FONTCONFIG, FcResult, FcPatternGetString, (const FcPattern *p, const char *object, int n, FcChar8 **s),
     (p, object, n, s))
