#ifndef CMOSQUITTO_SHIM_H
#define CMOSQUITTO_SHIM_H
#include <mosquitto.h>
// The MQTT 5 constants: mosquitto 2.1's mosquitto.h includes them (and its mqtt_protocol.h
// warns); 2.0's (Debian 12 and 13) are a header of their own.
#if !__has_include(<mosquitto/mqtt_protocol.h>)
#include <mqtt_protocol.h>
#endif

#ifdef __linux__
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/eventfd.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#endif

/// Names the calling thread (shown by `top -H`, gdb, crash reports); prctl is variadic,
/// which Swift cannot call. No-op off Linux.
static inline void cmosq_set_thread_name(const char *name) {
#ifdef __linux__
    prctl(PR_SET_NAME, name, 0, 0, 0);
#else
    (void)name;
#endif
}

/// Acknowledges what arrives on the client's socket at once instead of after the delayed-ACK
/// timer (40 ms on Linux). A broker with Nagle's algorithm on (mosquitto's default) holds its
/// next small packet until that ACK comes, so a retained message queued right behind another
/// arrived 40 ms late. Linux leaves quick-ACK mode by itself, so this is called after every
/// packet that arrives. No-op off Linux or without a socket.
static inline void cmosq_quick_ack(struct mosquitto *mosq) {
#ifdef __linux__
    int fd = mosquitto_socket(mosq);
    int on = 1;
    if (fd >= 0) (void)setsockopt(fd, IPPROTO_TCP, TCP_QUICKACK, &on, sizeof on);
#else
    (void)mosq;
#endif
}

/// A non-blocking, close-on-exec eventfd for waking the network thread (its flags are macros
/// Swift does not import); -1 with errno on failure, or off Linux.
static inline int cmosq_wake_fd(void) {
#ifdef __linux__
    return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
#else
    return -1;
#endif
}

#endif
