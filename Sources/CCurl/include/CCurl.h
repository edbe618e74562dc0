// One HTTP GET through libcurl, loaded with dlopen when the fetch stage first needs it.
//
// Linking libcurl would load it and its 40-odd libraries into every command; only `refresh`
// and `run` ever fetch. The declarations come from <curl/curl.h>; no libcurl symbol is linked.
#ifndef C_CURL_H
#define C_CURL_H

#include <stddef.h>

/// How a transfer ended.
typedef enum {
    DQ_HTTP_OK = 0,          ///< a reply was read (any status)
    DQ_HTTP_UNAVAILABLE,     ///< libcurl.so.4 could not be loaded
    DQ_HTTP_TIMED_OUT,       ///< the total timeout passed
    DQ_HTTP_TOO_LARGE,       ///< the body (declared or decoded) passed the limit
    DQ_HTTP_CANCELLED,       ///< dq_http_cancel was called
    DQ_HTTP_FAILED,          ///< any other failure; see message
} dq_http_result;

/// A transfer: one easy handle in one multi handle, reused for each redirect hop.
typedef struct dq_http dq_http;

/// A new transfer, or NULL with `message` filled (libcurl missing or out of memory).
dq_http *dq_http_new(char *message, size_t message_size);

/// Frees the transfer and everything it owns.
void dq_http_free(dq_http *http);

/// GETs `url` with `header_count` extra "Name: value" lines, within `timeout_ms`, keeping at
/// most `max_body` bytes of the decoded body. Redirects are not followed: the status and the
/// Location header are returned for the caller to judge. Blocks; safe to cancel from another
/// thread.
dq_http_result dq_http_get(dq_http *http, const char *url, const char *const *headers, size_t header_count, long timeout_ms,
                           size_t max_body);

/// Ends a dq_http_get in progress (or the next one) with DQ_HTTP_CANCELLED. Thread-safe.
void dq_http_cancel(dq_http *http);

/// The HTTP status of the last reply.
long dq_http_status(const dq_http *http);

/// The Location header of the last reply, or NULL.
const char *dq_http_location(const dq_http *http);

/// The body of the last reply and its length.
const unsigned char *dq_http_body(const dq_http *http, size_t *length);

/// A one-line description of the last failure.
const char *dq_http_message(const dq_http *http);

#endif
