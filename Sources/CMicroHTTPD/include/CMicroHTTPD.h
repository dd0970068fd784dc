#ifndef CMICROHTTPD_H
#define CMICROHTTPD_H
// libmicrohttpd's header, and the few calls the push listener makes, typed for Swift (three of
// them are variadic in the library). The library is opened on the first start of a listener,
// not linked: see CMicroHTTPD.c for why.
#include <stddef.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// Opens libmicrohttpd once per process. Returns 0 when it is loaded, else -1 with the loader's
/// message in `error`. Every function below but this one needs it loaded first.
int cmhd_load(char *error, size_t size);

/// How many times libmicrohttpd's constructor asked for GnuTLS's initialisation and was answered
/// without it (1 once the library is loaded in a process that exports `gnutls_global_init`).
int cmhd_gnutls_inits_skipped(void);

typedef void *(*cmhd_uri_callback)(void *cls, const char *uri, struct MHD_Connection *connection);

/// A daemon with its own polling thread (epoll where available, else poll) on `listen_socket`, a
/// bound and listening socket the caller made (so that a failure to bind has its errno). No error
/// log (MHD_USE_ERROR_LOG unset): the listener reports what matters itself. NULL on failure.
struct MHD_Daemon *cmhd_start(unsigned int flags, int listen_socket, unsigned int timeout_seconds,
                              unsigned int connection_limit, unsigned int per_address_limit,
                              size_t connection_memory, MHD_AccessHandlerCallback handler, cmhd_uri_callback uri,
                              MHD_RequestCompletedCallback completed, void *context);

/// Stops the daemon: joins its thread, closes its socket and every connection.
void cmhd_stop(struct MHD_Daemon *daemon);

/// The peer's address, or NULL.
const struct sockaddr *cmhd_client_address(struct MHD_Connection *connection);

/// A request header's value, or NULL.
const char *cmhd_header(struct MHD_Connection *connection, const char *name);

/// A `text/plain` answer holding a copy of `text`, to queue any number of times; NULL when out
/// of memory.
struct MHD_Response *cmhd_text_response(const char *text, size_t length);

void cmhd_destroy_response(struct MHD_Response *response);

enum MHD_Result cmhd_queue(struct MHD_Connection *connection, unsigned int status, struct MHD_Response *response);

#endif
