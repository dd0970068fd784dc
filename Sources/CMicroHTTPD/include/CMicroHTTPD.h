#ifndef CMICROHTTPD_H
#define CMICROHTTPD_H
// libmicrohttpd's header, and the few calls the HTTP server (Sources/HTTPServer) makes, typed for Swift (three of
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

/// What a daemon is started with: its socket, its limits and every callback (each gets `context`).
struct cmhd_settings {
    unsigned int flags;
    /// A bound and listening socket the caller made (so that a failure to bind has its errno).
    int listen_socket;
    /// libmicrohttpd's idle timeout (every byte received resets it).
    unsigned int timeout_seconds;
    /// libmicrohttpd's own limits (0 per address: none); an `accept` policy may keep tighter ones.
    unsigned int connection_limit;
    unsigned int per_address_limit;
    size_t connection_memory;
    /// Asked with each accepted connection's address before it is taken; MHD_NO closes it.
    MHD_AcceptPolicyCallback accept;
    /// Told when a connection starts (before its first byte is read) and when it is closed
    /// (before its socket is).
    MHD_NotifyConnectionCallback connection;
    MHD_AccessHandlerCallback handler;
    cmhd_uri_callback uri;
    MHD_RequestCompletedCallback completed;
    void *context;
};

/// A daemon with its own polling thread (epoll where available, else poll). No error log
/// (MHD_USE_ERROR_LOG unset): the server reports what matters itself. NULL on failure.
struct MHD_Daemon *cmhd_start(const struct cmhd_settings *settings);

/// Stops the daemon: joins its thread, closes its socket and every connection.
void cmhd_stop(struct MHD_Daemon *daemon);

/// A connection's socket, or -1. Open until the connection's close notification has returned.
int cmhd_connection_socket(struct MHD_Connection *connection);

/// The peer's address, or NULL.
const struct sockaddr *cmhd_client_address(struct MHD_Connection *connection);

/// A request header's value, or NULL.
const char *cmhd_header(struct MHD_Connection *connection, const char *name);

/// Calls `iterator` with each request header (name, value) of `connection`; returns how many.
int cmhd_headers(struct MHD_Connection *connection, MHD_KeyValueIterator iterator, void *context);

/// An answer holding a copy of `length` bytes of `body`; NULL when out of memory.
struct MHD_Response *cmhd_response(const void *body, size_t length);

/// Adds a header to `response`: 0, or -1 when refused (a name or value with a line break).
int cmhd_add_header(struct MHD_Response *response, const char *name, const char *value);

void cmhd_destroy_response(struct MHD_Response *response);

enum MHD_Result cmhd_queue(struct MHD_Connection *connection, unsigned int status, struct MHD_Response *response);

#endif
