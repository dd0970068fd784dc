/* The arm64 executables' glibc floor: 2.36 (Raspberry Pi OS 12 and Debian 12), linked into the
 * arm64 release build only (deploy/debian/build-deb --arch arm64; deploy/link/README.md).
 *
 * The arm64 build links against Debian 13's glibc 2.41 (its sysroot), and the static Swift runtime
 * and libstdc++.a that come with Debian's swiftlang were compiled against glibc >= 2.38 headers.
 * Seven of the functions they call have a symbol version newer than 2.36. Each is defined here,
 * so the linker binds the executables' calls to these definitions instead of the new versions:
 *
 *   __isoc23_strtol, __isoc23_strtoll, __isoc23_strtoul, __isoc23_sscanf: the C23 spellings that
 *     glibc 2.38's headers select. C23 adds only binary numbers (a 0b prefix with base 0 or 2, and
 *     sscanf's %b); the calls here go to the C99 functions, which read the same text otherwise.
 *   fmod, fmodf: glibc 2.38 gave them a new version without the old wrapper that set errno (the
 *     results are the same, every input); these call the 2.17 version aarch64 has always had.
 *   strlcpy: new in glibc 2.38; written here as the BSD function it copies.
 *
 * Compiled as C11 without _GNU_SOURCE, so the headers do not rename strtol and vsscanf to their
 * __isoc23 spellings here (which would make these functions call themselves). Hidden: the link binds
 * the executables' own calls here, and the executables export none of them (a shared library's
 * calls go to glibc's own functions, as without this file).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if !defined(__aarch64__)
#error "glibc-2.36.c names aarch64's glibc symbol versions (GLIBC_2.17)"
#endif

#define FLOOR __attribute__((visibility("hidden")))

FLOOR long __isoc23_strtol(const char *text, char **end, int base) { return strtol(text, end, base); }

FLOOR long long __isoc23_strtoll(const char *text, char **end, int base) { return strtoll(text, end, base); }

FLOOR unsigned long __isoc23_strtoul(const char *text, char **end, int base) { return strtoul(text, end, base); }

FLOOR int __isoc23_sscanf(const char *text, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    int assigned = vsscanf(text, format, arguments);
    va_end(arguments);
    return assigned;
}

double w2m_fmod_2_17(double x, double y);
float w2m_fmodf_2_17(float x, float y);
__asm__(".symver w2m_fmod_2_17, fmod@GLIBC_2.17");
__asm__(".symver w2m_fmodf_2_17, fmodf@GLIBC_2.17");

FLOOR double fmod(double x, double y) { return w2m_fmod_2_17(x, y); }

FLOOR float fmodf(float x, float y) { return w2m_fmodf_2_17(x, y); }

FLOOR size_t strlcpy(char *restrict destination, const char *restrict source, size_t size) {
    size_t length = strlen(source);
    if (size > 0) {
        size_t copied = length < size - 1 ? length : size - 1;
        memcpy(destination, source, copied);
        destination[copied] = '\0';
    }
    return length;
}
