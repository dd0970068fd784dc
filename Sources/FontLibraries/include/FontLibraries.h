#ifndef FONT_LIBRARIES_H
#define FONT_LIBRARIES_H

#include <stddef.h>

/// Loads FreeType, HarfBuzz and fontconfig with dlopen, once per process. Returns 0 when they are
/// loaded, else -1 with the loader's message in `error`. Called by FontEngine before its first
/// use of them; every function of theirs FontEngine calls also loads them on its first call
/// (FontLibraries.c), so no other command of weatherview pays for loading them.
int font_libraries_load(char *error, size_t size);

/// 1 when they are loaded (tests: `get` must not load them).
int font_libraries_loaded(void);

#endif
