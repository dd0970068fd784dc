#ifndef FONT_LIBRARIES_H
#define FONT_LIBRARIES_H

#include <stddef.h>

/// Loads FreeType, HarfBuzz and fontconfig with dlopen, once per process. Returns 0 when they are
/// loaded, else -1 with the loader's message in `error`. Every function of theirs that FontEngine
/// calls is defined in FontLibraries.c and calls this on its first use, so no command of
/// weatherview but `render` loads them.
int font_libraries_load(char *error, size_t size);

#endif
