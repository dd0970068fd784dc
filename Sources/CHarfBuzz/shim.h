#ifndef CHARFBUZZ_SHIM_H
#define CHARFBUZZ_SHIM_H
// hb.h alone (not hb-ft.h): HarfBuzz reads the font file itself, so no FreeType type is
// declared in two modules. FreeType only rasterises.
#include <hb.h>
#endif
