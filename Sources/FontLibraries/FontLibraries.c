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

/// Every function listed in FontFunctions.h, by library: `load` checks each is there.
static const struct {
    int library;
    const char *name;
} functions[] = {
#define LAZY(library, ret, name, params, args) {library, #name},
#define LAZY_VOID(library, name, params, args) {library, #name},
#include "FontFunctions.h"
#undef LAZY
#undef LAZY_VOID
};

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
    for (size_t index = 0; index < sizeof functions / sizeof functions[0]; index++) {
        if (dlsym(handles[functions[index].library], functions[index].name) == NULL) {
            snprintf(failure, sizeof failure, "%s has no %s, which drawing text needs", sonames[functions[index].library],
                     functions[index].name);
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

/// The real function `name` of `library`. Swift loads the libraries before it draws
/// (`TextEngine.loadLibraries`) and chooses the exit code when they cannot be loaded, and `load`
/// has checked that each has every function listed, so this finds it. Called with no library
/// loaded is a programming error: said on stderr, and the process aborts.
static void *lookup(int library, const char *name) {
    void *function = font_libraries_load(NULL, 0) == 0 ? dlsym(handles[library], name) : NULL;
    if (function == NULL) {
        fprintf(stderr, "FontLibraries: %s called, but %s is not loaded (TextEngine.loadLibraries first)\n", name,
                sonames[library]);
        abort();
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

#include "FontFunctions.h"
