#include "CMicroHTTPD.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>

/// What the shim keeps of a request between libmicrohttpd's calls: its body so far.
typedef struct request_state {
    char *body;
    size_t length;
    /// 0: within the limit; 1: over it, answered when the body has ended; 2: over it, answered.
    int too_large;
} request_state;

/// The daemon's handler, its context and its body limit.
typedef struct daemon_state {
    flipbook_http_handler handler;
    void *context;
    size_t body_limit;
} daemon_state;

static enum MHD_Result refuse(struct MHD_Connection *connection, unsigned int status, const char *text) {
    struct MHD_Response *response =
        MHD_create_response_from_buffer(strlen(text), (void *)text, MHD_RESPMEM_PERSISTENT);
    if (response == NULL) return MHD_NO;
    MHD_add_response_header(response, "Content-Type", "text/plain; charset=utf-8");
    MHD_add_response_header(response, "Connection", "close");
    enum MHD_Result result = MHD_queue_response(connection, status, response);
    MHD_destroy_response(response);
    return result;
}

static enum MHD_Result access_handler(
    void *cls, struct MHD_Connection *connection, const char *url, const char *method,
    const char *version, const char *upload_data, size_t *upload_data_size, void **req_cls) {
    (void)version;
    daemon_state *daemon = cls;
    request_state *state = *req_cls;
    if (state == NULL) {
        // The headers have come: refuse a body announced as too long before reading it.
        const char *announced = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, "Content-Length");
        state = calloc(1, sizeof(request_state));
        if (state == NULL) return MHD_NO;
        *req_cls = state;
        if (announced != NULL && strtoull(announced, NULL, 10) > daemon->body_limit) {
            state->too_large = 2;
            return refuse(connection, MHD_HTTP_CONTENT_TOO_LARGE, "request body too large\n");
        }
        return MHD_YES;
    }
    if (*upload_data_size > 0) {
        size_t size = *upload_data_size;
        *upload_data_size = 0;
        if (state->too_large) return MHD_YES;
        if (state->length + size > daemon->body_limit) {
            // Read and dropped: the answer comes once the body has ended.
            state->too_large = 1;
            free(state->body);
            state->body = NULL;
            state->length = 0;
            return MHD_YES;
        }
        char *grown = realloc(state->body, state->length + size + 1);
        if (grown == NULL) return MHD_NO;
        memcpy(grown + state->length, upload_data, size);
        state->body = grown;
        state->length += size;
        state->body[state->length] = 0;
        return MHD_YES;
    }
    if (state->too_large == 2) return MHD_YES;
    if (state->too_large) return refuse(connection, MHD_HTTP_CONTENT_TOO_LARGE, "request body too large\n");
    flipbook_http_request request = {
        .connection = connection, .path = url, .method = method,
        .body = state->body != NULL ? state->body : "", .body_length = state->length,
    };
    return daemon->handler(daemon->context, &request);
}

static void request_completed(
    void *cls, struct MHD_Connection *connection, void **req_cls, enum MHD_RequestTerminationCode code) {
    (void)cls;
    (void)connection;
    (void)code;
    request_state *state = *req_cls;
    if (state == NULL) return;
    free(state->body);
    free(state);
    *req_cls = NULL;
}

struct MHD_Daemon *flipbook_http_start(
    const char *address, uint16_t port, flipbook_http_limits limits, flipbook_http_handler handler,
    void *context) {
    struct sockaddr_in v4;
    struct sockaddr_in6 v6;
    const struct sockaddr *socket_address;
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION;
    memset(&v4, 0, sizeof v4);
    memset(&v6, 0, sizeof v6);
    if (inet_pton(AF_INET, address, &v4.sin_addr) == 1) {
        v4.sin_family = AF_INET;
        v4.sin_port = htons(port);
        socket_address = (const struct sockaddr *)&v4;
    } else if (inet_pton(AF_INET6, address, &v6.sin6_addr) == 1) {
        v6.sin6_family = AF_INET6;
        v6.sin6_port = htons(port);
        socket_address = (const struct sockaddr *)&v6;
        flags |= MHD_USE_IPv6;
    } else {
        errno = EINVAL;
        return NULL;
    }
    // Kept for the daemon's life: freed by the process's end (one daemon per `flipbook preview`).
    daemon_state *state = malloc(sizeof(daemon_state));
    if (state == NULL) return NULL;
    state->handler = handler;
    state->context = context;
    state->body_limit = limits.body;
    struct MHD_Daemon *daemon = MHD_start_daemon(
        flags, port, NULL, NULL, access_handler, state,
        MHD_OPTION_SOCK_ADDR, socket_address,
        MHD_OPTION_CONNECTION_LIMIT, limits.connections,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, limits.connection_memory,
        MHD_OPTION_CONNECTION_TIMEOUT, limits.timeout_seconds,
        MHD_OPTION_NOTIFY_COMPLETED, request_completed, NULL,
        MHD_OPTION_END);
    if (daemon == NULL) free(state);
    return daemon;
}

uint16_t flipbook_http_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

struct MHD_Response *flipbook_http_buffer_response(const void *data, size_t length) {
    return MHD_create_response_from_buffer(length, (void *)data, MHD_RESPMEM_MUST_COPY);
}
