/// GnuTLS comes into the process with libcurl (Debian's `libcurl4` links librtmp and libldap,
/// which link GnuTLS) but does nothing here: libcurl speaks TLS through OpenSSL. GnuTLS
/// initialises itself anyway, in a library constructor before `main` (0.9 MB resident: its
/// tables, p11-kit's modules, the system trust store), unless the program defines
/// `_gnutls_global_init_skip` returning 1, which is what GnuTLS's own `GNUTLS_SKIP_GLOBAL_INIT`
/// macro (`gnutls/gnutls.h`) writes. The constructor finds it through the dynamic symbol table,
/// so the bridge's release link exports it by name (`Package.swift`, `deploy/link/README.md`).
/// Should anything call into GnuTLS later, `gnutls_global_init` still initialises it on demand
/// (librtmp does so for `rtmpe://`, which the bridge never asks for).
@_cdecl("_gnutls_global_init_skip")
public func gnutlsGlobalInitSkip() -> Int32 { 1 }
