#ifndef CLINUXIO_SHIM_H
#define CLINUXIO_SHIM_H
// Linux's userspace SPI (spidev) and GPIO character device (uAPI v2) ioctls, which Swift
// cannot call directly (ioctl is variadic). Each returns 0 (or a value) on success and
// -errno on failure. Headers from linux-libc-dev; no library is linked.
#include <errno.h>
#include <string.h>
#include <stdint.h>
#include <sys/ioctl.h>
#include <linux/gpio.h>
#include <linux/spi/spidev.h>

static inline int clinuxio_spi_configure(int fd, uint8_t mode, uint32_t speed_hz) {
    if (ioctl(fd, SPI_IOC_WR_MODE, &mode) < 0) return -errno;
    if (ioctl(fd, SPI_IOC_WR_MAX_SPEED_HZ, &speed_hz) < 0) return -errno;
    return 0;
}

/// The number of lines of the chip open at `fd`.
static inline int clinuxio_gpio_chip_lines(int fd) {
    struct gpiochip_info info;
    memset(&info, 0, sizeof info);
    if (ioctl(fd, GPIO_GET_CHIPINFO_IOCTL, &info) < 0) return -errno;
    return (int)info.lines;
}

/// The name of line `offset` into `name` (GPIO_MAX_NAME_SIZE bytes, NUL-terminated).
static inline int clinuxio_gpio_line_name(int fd, uint32_t offset, char *name) {
    struct gpio_v2_line_info info;
    memset(&info, 0, sizeof info);
    info.offset = offset;
    if (ioctl(fd, GPIO_V2_GET_LINEINFO_IOCTL, &info) < 0) return -errno;
    memcpy(name, info.name, GPIO_MAX_NAME_SIZE);
    name[GPIO_MAX_NAME_SIZE - 1] = 0;
    return 0;
}

/// Requests line `offset` as an output at `initial` or an input (with a pull-down when asked);
/// returns the line's file descriptor.
static inline int clinuxio_gpio_request(
    int fd, uint32_t offset, int output, int initial, int pull_down, const char *consumer) {
    struct gpio_v2_line_request request;
    memset(&request, 0, sizeof request);
    request.offsets[0] = offset;
    request.num_lines = 1;
    strncpy(request.consumer, consumer, GPIO_MAX_NAME_SIZE - 1);
    if (output) {
        request.config.flags = GPIO_V2_LINE_FLAG_OUTPUT;
        request.config.num_attrs = 1;
        request.config.attrs[0].attr.id = GPIO_V2_LINE_ATTR_ID_OUTPUT_VALUES;
        request.config.attrs[0].attr.values = initial ? 1 : 0;
        request.config.attrs[0].mask = 1;
    } else {
        request.config.flags = GPIO_V2_LINE_FLAG_INPUT | (pull_down ? GPIO_V2_LINE_FLAG_BIAS_PULL_DOWN : 0);
    }
    if (ioctl(fd, GPIO_V2_GET_LINE_IOCTL, &request) < 0) return -errno;
    return request.fd;
}

static inline int clinuxio_gpio_set(int line_fd, int value) {
    struct gpio_v2_line_values values = {.bits = value ? 1 : 0, .mask = 1};
    if (ioctl(line_fd, GPIO_V2_LINE_SET_VALUES_IOCTL, &values) < 0) return -errno;
    return 0;
}

static inline int clinuxio_gpio_get(int line_fd) {
    struct gpio_v2_line_values values = {.bits = 0, .mask = 1};
    if (ioctl(line_fd, GPIO_V2_LINE_GET_VALUES_IOCTL, &values) < 0) return -errno;
    return (int)(values.bits & 1);
}
#endif
