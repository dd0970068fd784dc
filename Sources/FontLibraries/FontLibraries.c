// The font stack on first use: FreeType, HarfBuzz and fontconfig, and what they load in turn
// (GLib, PCRE2, libpng, Brotli, graphite2, expat), are opened with dlopen when text is first
// drawn, not by the dynamic loader at every start. Only `weatherview render` draws text; loading
// them cost every other command about 2 ms and 108 page faults (BENCHMARKS.md, session 7).
//
// Each function FontEngine calls is defined here with the library's own prototype (the headers
// check it): FontEngine's calls link to these, and nothing links the libraries themselves
// (Package.swift). The first call of each looks the real function up in the library's handle
// and keeps it. (Where the executable exports them too, as debug builds do, the libraries' own
// calls of each other's functions come through here as well, one indirection more.)
#include "FontLibraries.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include <ft2build.h>
#include FT_FREETYPE_H
#include <hb.h>
#include <fontconfig/fontconfig.h>

enum { FREETYPE, HARFBUZZ, FONTCONFIG, LIBRARIES };

/// The sonames of the ABI the headers describe; the Debian package depends on the packages
/// holding them (deploy/debian/build-deb).
static const char *const sonames[LIBRARIES] = {"libfreetype.so.6", "libharfbuzz.so.0", "libfontconfig.so.1"};
static void *handles[LIBRARIES];
/// Why loading failed; empty once the three are loaded (pthread_once orders its writes before
/// every later read).
static char failure[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    for (int library = 0; library < LIBRARIES; library++) {
        handles[library] = dlopen(sonames[library], RTLD_NOW | RTLD_LOCAL);
        if (handles[library] == NULL) {
            const char *reason = dlerror();
            snprintf(failure, sizeof failure, "cannot load %s, which drawing text needs: %s", sonames[library],
                     reason ? reason : "unknown error");
            return;
        }
    }
}

int font_libraries_load(char *error, size_t size) {
    pthread_once(&once, load);
    if (failure[0] == '\0') return 0;
    if (error != NULL && size > 0) snprintf(error, size, "%s", failure);
    return -1;
}

/// The real function `name` of `library`. The package depends on the three libraries, so a failure
/// here means one went missing or lacks a function of its ABI: said on stderr, naming the file,
/// and the process ends with EX_UNAVAILABLE (69).
static void *lookup(int library, const char *name) {
    char error[512];
    if (font_libraries_load(error, sizeof error) != 0) {
        fprintf(stderr, "weatherview: %s\n", error);
        exit(69);
    }
    void *function = dlsym(handles[library], name);
    if (function == NULL) {
        fprintf(stderr, "weatherview: %s has no %s\n", sonames[library], name);
        exit(69);
    }
    return function;
}

#define RESOLVE(library, ret, name, params)                                    \
    static ret(*real) params;                                                  \
    ret(*function) params = __atomic_load_n(&real, __ATOMIC_ACQUIRE);          \
    if (function == NULL) {                                                    \
        function = (ret(*) params)lookup(library, #name);                      \
        __atomic_store_n(&real, function, __ATOMIC_RELEASE);                   \
    }

#define LAZY(library, ret, name, params, args)                                 \
    ret name params {                                                          \
        RESOLVE(library, ret, name, params)                                    \
        return function args;                                                  \
    }

#define LAZY_VOID(library, name, params, args)                                 \
    void name params {                                                         \
        RESOLVE(library, void, name, params)                                   \
        function args;                                                         \
    }

// FreeType
LAZY(FREETYPE, FT_Error, FT_Init_FreeType, (FT_Library *alibrary), (alibrary))
LAZY(FREETYPE, FT_Error, FT_Done_FreeType, (FT_Library library), (library))
LAZY(FREETYPE, FT_Error, FT_New_Face, (FT_Library library, const char *path, FT_Long index, FT_Face *aface),
     (library, path, index, aface))
LAZY(FREETYPE, FT_Error, FT_Done_Face, (FT_Face face), (face))
LAZY(FREETYPE, FT_UInt, FT_Get_Char_Index, (FT_Face face, FT_ULong charcode), (face, charcode))
LAZY(FREETYPE, FT_Error, FT_Load_Glyph, (FT_Face face, FT_UInt glyph_index, FT_Int32 load_flags),
     (face, glyph_index, load_flags))
LAZY(FREETYPE, FT_Error, FT_Set_Pixel_Sizes, (FT_Face face, FT_UInt width, FT_UInt height), (face, width, height))

// HarfBuzz
LAZY(HARFBUZZ, hb_blob_t *, hb_blob_create_from_file, (const char *file_name), (file_name))
LAZY_VOID(HARFBUZZ, hb_blob_destroy, (hb_blob_t *blob), (blob))
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
