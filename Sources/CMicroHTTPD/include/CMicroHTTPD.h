#ifndef FLIPBOOK_CMICROHTTPD_H
#define FLIPBOOK_CMICROHTTPD_H

// libmicrohttpd, with a shim over what Swift cannot call: MHD_start_daemon is variadic, and
// its access handler is called several times per request (once for the headers, once per piece
// of the body, once more at the end). The shim starts a daemon with a fixed set of options and
// calls one handler per request, with the whole body, which it holds to a limit.

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// One request as the shim hands it on: its connection (for MHD_lookup_connection_value and
/// MHD_queue_response), the path as libmicrohttpd decoded it (no query), the method and the
/// body, complete. Valid only during the call.
typedef struct flipbook_http_request {
    struct MHD_Connection *connection;
    const char *path;
    const char *method;
    const char *body;
    size_t body_length;
} flipbook_http_request;

/// Answers `request` (queues a response on its connection) and returns MHD_YES, or MHD_NO to
/// close the connection.
typedef enum MHD_Result (*flipbook_http_handler)(void *context, const flipbook_http_request *request);

/// Limits a daemon holds every connection to.
typedef struct flipbook_http_limits {
    /// Connections open at once; more are refused at accept.
    unsigned int connections;
    /// The memory of one connection, which its request line and headers must fit (libmicrohttpd
    /// answers 431 otherwise).
    size_t connection_memory;
    /// The largest body accepted; a longer one (by its Content-Length or by what arrives) is
    /// answered 413 without calling the handler.
    size_t body;
    /// Seconds an idle connection is kept.
    unsigned int timeout_seconds;
} flipbook_http_limits;

/// Starts a daemon listening on `address` (IPv4 or IPv6, numeric) and `port` (0: any free port),
/// one thread per connection, calling `handler` with `context` for each request. NULL when the
/// address does not parse or the port cannot be bound (errno says why).
struct MHD_Daemon *flipbook_http_start(
    const char *address, uint16_t port, flipbook_http_limits limits, flipbook_http_handler handler,
    void *context);

/// The port `daemon` listens on (the one chosen, when started on port 0).
uint16_t flipbook_http_port(struct MHD_Daemon *daemon);

/// A response with a copy of `length` bytes of `data`.
struct MHD_Response *flipbook_http_buffer_response(const void *data, size_t length);

#endif
