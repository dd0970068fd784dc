// libmicrohttpd on first use. Debian's libmicrohttpd12 is built with HTTPS support, and its
// library constructor calls gnutls_global_init() as soon as the library is loaded: about 0.9 MB
// more resident (docs/LISTENERS.md) for a TLS stack the listener never uses, which is what the
// bridge's `_gnutls_global_init_skip` (HTTPClient/GnuTLSUnused.swift) saves at start. Two things
// keep that saving with an HTTP station: nothing links libmicrohttpd (Package.swift), so a bridge
// without an HTTP listener never loads it, and the first listener opens it with dlopen while the
// bridge's own `gnutls_global_init` below answers that one constructor call. The .deb depends on
// the package holding the soname (deploy/debian/build-deb).
#define _GNU_SOURCE  // RTLD_NEXT
#include "CMicroHTTPD.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

/// The soname of the ABI the header describes.
static const char soname[] = "libmicrohttpd.so.12";

static struct {
    struct MHD_Daemon *(*start_daemon)(unsigned int, uint16_t, MHD_AcceptPolicyCallback, void *,
                                       MHD_AccessHandlerCallback, void *, ...);
    void (*stop_daemon)(struct MHD_Daemon *);
    const union MHD_ConnectionInfo *(*get_connection_info)(struct MHD_Connection *, enum MHD_ConnectionInfoType, ...);
    const char *(*lookup_connection_value)(struct MHD_Connection *, enum MHD_ValueKind, const char *);
    int (*get_connection_values)(struct MHD_Connection *, enum MHD_ValueKind, MHD_KeyValueIterator, void *);
    struct MHD_Response *(*create_response_from_buffer)(size_t, void *, enum MHD_ResponseMemoryMode);
    enum MHD_Result (*add_response_header)(struct MHD_Response *, const char *, const char *);
    void (*destroy_response)(struct MHD_Response *);
    enum MHD_Result (*queue_response)(struct MHD_Connection *, unsigned int, struct MHD_Response *);
} real;

/// Why loading failed; empty once loaded (pthread_once orders its writes before every later read).
static char failure[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

#define RESOLVE(field, name)                                                                             \
    if ((*(void **)&real.field = dlsym(handle, name)) == NULL) {                                         \
        snprintf(failure, sizeof failure, "%s has no %s (libmicrohttpd12 0.9.75 or later is needed)",    \
                 soname, name);                                                                          \
        return;                                                                                          \
    }

/// Set on the thread that opens libmicrohttpd while it does, so its constructor's call is told apart.
static _Thread_local int loading;
/// How many gnutls_global_init calls were answered without initialising GnuTLS.
static atomic_int skipped;

/// Interposes GnuTLS's `gnutls_global_init` (the bridge exports it: Package.swift,
/// `bridgeExports`; an unversioned definition in the executable satisfies the library's
/// `gnutls_global_init@GNUTLS_3_4` reference, as `LD_DEBUG=bindings` shows). During the dlopen
/// of libmicrohttpd it answers success and does nothing: the listener speaks plain HTTP and never
/// asks GnuTLS for anything. Any other caller (libldap, librtmp when they start TLS) gets the
/// real function. No gnutls_global_deinit is needed: libmicrohttpd's destructor calls it at exit,
/// and GnuTLS's deinit of a library never initialised does nothing.
int gnutls_global_init(void) {
    if (loading) {
        atomic_fetch_add(&skipped, 1);
        return 0;
    }
    int (*real_init)(void) = (int (*)(void))dlsym(RTLD_NEXT, "gnutls_global_init");
    return real_init != NULL ? real_init() : -59;  // GNUTLS_E_INTERNAL_ERROR
}

int cmhd_gnutls_inits_skipped(void) { return atomic_load(&skipped); }

static void load(void) {
    loading = 1;
    void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    loading = 0;
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(failure, sizeof failure, "cannot load %s, which the HTTP listener needs: %s", soname,
                 reason ? reason : "unknown error");
        return;
    }
    RESOLVE(start_daemon, "MHD_start_daemon")
    RESOLVE(stop_daemon, "MHD_stop_daemon")
    RESOLVE(get_connection_info, "MHD_get_connection_info")
    RESOLVE(lookup_connection_value, "MHD_lookup_connection_value")
    RESOLVE(get_connection_values, "MHD_get_connection_values")
    RESOLVE(create_response_from_buffer, "MHD_create_response_from_buffer")
    RESOLVE(add_response_header, "MHD_add_response_header")
    RESOLVE(destroy_response, "MHD_destroy_response")
    RESOLVE(queue_response, "MHD_queue_response")
}

int cmhd_load(char *error, size_t size) {
    pthread_once(&once, load);
    if (failure[0] == '\0') return 0;
    if (error != NULL && size > 0) snprintf(error, size, "%s", failure);
    return -1;
}

struct MHD_Daemon *cmhd_start(const struct cmhd_settings *s) {
    return real.start_daemon(s->flags, 0, s->accept, s->context, s->handler, s->context,
                             MHD_OPTION_LISTEN_SOCKET, (MHD_socket)s->listen_socket,
                             MHD_OPTION_CONNECTION_TIMEOUT, s->timeout_seconds,
                             MHD_OPTION_CONNECTION_LIMIT, s->connection_limit,
                             MHD_OPTION_PER_IP_CONNECTION_LIMIT, s->per_address_limit,
                             MHD_OPTION_CONNECTION_MEMORY_LIMIT, s->connection_memory,
                             MHD_OPTION_URI_LOG_CALLBACK, s->uri, s->context,
                             MHD_OPTION_NOTIFY_COMPLETED, s->completed, s->context,
                             MHD_OPTION_NOTIFY_CONNECTION, s->connection, s->context,
                             MHD_OPTION_END);
}

void cmhd_stop(struct MHD_Daemon *daemon) { real.stop_daemon(daemon); }

int cmhd_connection_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = real.get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : (int)info->connect_fd;
}

const struct sockaddr *cmhd_client_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = real.get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}

const char *cmhd_header(struct MHD_Connection *connection, const char *name) {
    return real.lookup_connection_value(connection, MHD_HEADER_KIND, name);
}

int cmhd_headers(struct MHD_Connection *connection, MHD_KeyValueIterator iterator, void *context) {
    return real.get_connection_values(connection, MHD_HEADER_KIND, iterator, context);
}

struct MHD_Response *cmhd_response(const void *body, size_t length) {
    return real.create_response_from_buffer(length, (void *)body, MHD_RESPMEM_MUST_COPY);
}

int cmhd_add_header(struct MHD_Response *response, const char *name, const char *value) {
    return real.add_response_header(response, name, value) == MHD_YES ? 0 : -1;
}

void cmhd_destroy_response(struct MHD_Response *response) { real.destroy_response(response); }

enum MHD_Result cmhd_queue(struct MHD_Connection *connection, unsigned int status, struct MHD_Response *response) {
    return real.queue_response(connection, status, response);
}
