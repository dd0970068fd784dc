#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H
#include <sys/socket.h>
#include <microhttpd.h>

/* MHD_start_daemon, MHD_get_daemon_info and MHD_get_connection_info are variadic: Swift
   cannot call them. One typed wrapper each, with the options the push listener sets. */

typedef void *(*cmhd_uri_callback)(void *cls, const char *uri, struct MHD_Connection *connection);

/* A daemon with its own polling thread (epoll where available, else poll) on `listen_socket`,
   a bound and listening socket the caller made (so that a failure to bind has its errno).
   No error log (MHD_USE_ERROR_LOG unset): the listener reports what matters itself. */
static inline struct MHD_Daemon *cmhd_start(unsigned int flags, int listen_socket, unsigned int timeout_seconds,
                                            unsigned int connection_limit, unsigned int per_address_limit,
                                            size_t connection_memory, MHD_AccessHandlerCallback handler,
                                            cmhd_uri_callback uri, MHD_RequestCompletedCallback completed,
                                            void *context) {
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, context,
                            MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listen_socket,
                            MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_address_limit,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, connection_memory,
                            MHD_OPTION_URI_LOG_CALLBACK, uri, context,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, context,
                            MHD_OPTION_END);
}

/* The peer's address, or NULL. */
static inline const struct sockaddr *cmhd_client_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}
#endif
