#ifndef CMOSQUITTO_SHIM_H
#define CMOSQUITTO_SHIM_H
#include <mosquitto.h>
#include <mqtt_protocol.h>

#ifdef __linux__
#include <sys/prctl.h>
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

#endif
