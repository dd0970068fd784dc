#ifndef FONT_LIBRARIES_H
#define FONT_LIBRARIES_H

#include <stddef.h>

/// Loads FreeType, HarfBuzz and fontconfig with dlopen, once per process, and checks that each has
/// every function FontEngine calls (FontFunctions.h). Returns 0 when they are loaded, else -1 with
/// the reason, naming the file, in `error`; the caller chooses what to do (weatherview's `render`
/// exits 69). Every function of theirs that FontEngine calls is defined in FontLibraries.c and
/// looks itself up on its first use, so no command of weatherview but `render` loads them.
int font_libraries_load(char *error, size_t size);

#endif
