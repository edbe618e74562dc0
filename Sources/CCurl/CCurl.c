#include "CCurl.h"

#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

// The libcurl functions used, resolved once. libcurl is opened with dlopen, not linked: linked,
// it and the 28 libraries it needs would load at every start of every command (4.9 -> 23.2
// million instructions for `--version`, notify 10.0 -> 28.4 million), where only a fetch uses
// it (docs/performance.md).
static struct {
    int loaded;
    char error[200];
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    void (*easy_reset)(CURL *);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    const char *(*easy_strerror)(CURLcode);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_cleanup)(CURLM *);
    CURLMcode (*multi_add_handle)(CURLM *, CURL *);
    CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
    CURLMcode (*multi_perform)(CURLM *, int *);
    CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd[], unsigned int, int, int *);
    CURLMcode (*multi_wakeup)(CURLM *);
    CURLMsg *(*multi_info_read)(CURLM *, int *);
    const char *(*multi_strerror)(CURLMcode);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
} lib;

static pthread_once_t lib_once = PTHREAD_ONCE_INIT;

#define RESOLVE(field, name)                                                                  \
    if (!(*(void **)&lib.field = dlsym(handle, name))) {                                      \
        snprintf(lib.error, sizeof lib.error, "libcurl.so.4 lacks %s (libcurl 7.68 or later needed)", name); \
        return;                                                                               \
    }

static void load_library(void) {
    void *handle = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        snprintf(lib.error, sizeof lib.error, "HTTP needs libcurl.so.4 (Debian: libcurl4): %s", dlerror());
        return;
    }
    RESOLVE(global_init, "curl_global_init")
    RESOLVE(easy_init, "curl_easy_init")
    RESOLVE(easy_cleanup, "curl_easy_cleanup")
    RESOLVE(easy_reset, "curl_easy_reset")
    RESOLVE(easy_setopt, "curl_easy_setopt")
    RESOLVE(easy_getinfo, "curl_easy_getinfo")
    RESOLVE(easy_strerror, "curl_easy_strerror")
    RESOLVE(multi_init, "curl_multi_init")
    RESOLVE(multi_cleanup, "curl_multi_cleanup")
    RESOLVE(multi_add_handle, "curl_multi_add_handle")
    RESOLVE(multi_remove_handle, "curl_multi_remove_handle")
    RESOLVE(multi_perform, "curl_multi_perform")
    RESOLVE(multi_poll, "curl_multi_poll")
    RESOLVE(multi_wakeup, "curl_multi_wakeup")
    RESOLVE(multi_info_read, "curl_multi_info_read")
    RESOLVE(multi_strerror, "curl_multi_strerror")
    RESOLVE(slist_append, "curl_slist_append")
    RESOLVE(slist_free_all, "curl_slist_free_all")
    if (lib.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        snprintf(lib.error, sizeof lib.error, "libcurl failed to initialise");
        return;
    }
    lib.loaded = 1;
}

struct dq_http {
    CURLM *multi;
    CURL *easy;
    atomic_int cancelled;
    long status;
    int too_large;
    size_t max_body;
    unsigned char *body;
    size_t length;
    size_t capacity;
    char *location;
    char message[CURL_ERROR_SIZE + 64];
    char curl_error[CURL_ERROR_SIZE];
};

dq_http *dq_http_new(char *message, size_t message_size) {
    pthread_once(&lib_once, load_library);
    if (!lib.loaded) {
        snprintf(message, message_size, "%s", lib.error);
        return NULL;
    }
    dq_http *http = calloc(1, sizeof *http);
    if (http) http->multi = lib.multi_init();
    if (http && http->multi) http->easy = lib.easy_init();
    if (!http || !http->easy) {
        dq_http_free(http);
        snprintf(message, message_size, "libcurl could not start a transfer");
        return NULL;
    }
    atomic_init(&http->cancelled, 0);
    return http;
}

void dq_http_free(dq_http *http) {
    if (!http) return;
    if (http->easy) lib.easy_cleanup(http->easy);
    if (http->multi) lib.multi_cleanup(http->multi);
    free(http->body);
    free(http->location);
    free(http);
}

void dq_http_cancel(dq_http *http) {
    atomic_store(&http->cancelled, 1);
    lib.multi_wakeup(http->multi);
}

long dq_http_status(const dq_http *http) { return http->status; }
const char *dq_http_location(const dq_http *http) { return http->location; }
const char *dq_http_message(const dq_http *http) { return http->message; }

const unsigned char *dq_http_body(const dq_http *http, size_t *length) {
    *length = http->length;
    return http->body;
}

// Keeps the decoded body up to max_body; one byte more aborts the transfer.
static size_t on_body(char *data, size_t size, size_t count, void *context) {
    dq_http *http = context;
    size_t bytes = size * count;
    if (bytes > http->max_body - http->length) {
        http->too_large = 1;
        return 0;
    }
    if (http->length + bytes > http->capacity) {
        size_t capacity = http->capacity ? http->capacity : 16384;
        while (capacity < http->length + bytes) capacity *= 2;
        unsigned char *grown = realloc(http->body, capacity);
        if (!grown) return 0;
        http->body = grown;
        http->capacity = capacity;
    }
    memcpy(http->body + http->length, data, bytes);
    http->length += bytes;
    return bytes;
}

// Keeps the Location header of the final reply (each new status line clears it).
static size_t on_header(char *line, size_t size, size_t count, void *context) {
    dq_http *http = context;
    size_t bytes = size * count;
    if (bytes >= 5 && strncmp(line, "HTTP/", 5) == 0) {
        free(http->location);
        http->location = NULL;
    } else if (bytes > 9 && strncasecmp(line, "location:", 9) == 0) {
        size_t start = 9, end = bytes;
        while (start < end && (line[start] == ' ' || line[start] == '\t')) start++;
        while (end > start && (line[end - 1] == '\r' || line[end - 1] == '\n' || line[end - 1] == ' ')) end--;
        free(http->location);
        http->location = strndup(line + start, end - start);
    }
    return bytes;
}

static dq_http_result fail(dq_http *http, const char *what, const char *detail) {
    snprintf(http->message, sizeof http->message, "%s%s%s", what, detail && *detail ? ": " : "", detail ? detail : "");
    return DQ_HTTP_FAILED;
}

dq_http_result dq_http_get(dq_http *http, const char *url, const char *const *headers, size_t header_count, long timeout_ms,
                           size_t max_body) {
    CURL *easy = http->easy;
    http->status = 0;
    http->too_large = 0;
    http->length = 0;
    http->max_body = max_body;
    http->message[0] = 0;
    http->curl_error[0] = 0;
    free(http->location);
    http->location = NULL;
    if (atomic_load(&http->cancelled)) return DQ_HTTP_CANCELLED;
    if (timeout_ms < 1) return DQ_HTTP_TIMED_OUT;

    struct curl_slist *list = NULL;
    for (size_t i = 0; i < header_count; i++) {
        struct curl_slist *next = lib.slist_append(list, headers[i]);
        if (!next) {
            lib.slist_free_all(list);
            return fail(http, "out of memory", NULL);
        }
        list = next;
    }
    lib.easy_reset(easy);
    lib.easy_setopt(easy, CURLOPT_URL, url);
    lib.easy_setopt(easy, CURLOPT_HTTPHEADER, list);
    // Only http and https, and no automatic redirects: the caller applies its own rules.
    if (lib.easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "http,https") != CURLE_OK) {
        lib.easy_setopt(easy, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
    }
    lib.easy_setopt(easy, CURLOPT_FOLLOWLOCATION, 0L);
    lib.easy_setopt(easy, CURLOPT_TIMEOUT_MS, timeout_ms);
    lib.easy_setopt(easy, CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
    lib.easy_setopt(easy, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)max_body);
    lib.easy_setopt(easy, CURLOPT_ACCEPT_ENCODING, "");
    lib.easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
    lib.easy_setopt(easy, CURLOPT_WRITEFUNCTION, on_body);
    lib.easy_setopt(easy, CURLOPT_WRITEDATA, http);
    lib.easy_setopt(easy, CURLOPT_HEADERFUNCTION, on_header);
    lib.easy_setopt(easy, CURLOPT_HEADERDATA, http);
    lib.easy_setopt(easy, CURLOPT_ERRORBUFFER, http->curl_error);

    dq_http_result result = DQ_HTTP_OK;
    CURLMcode added = lib.multi_add_handle(http->multi, easy);
    if (added != CURLM_OK) {
        lib.slist_free_all(list);
        return fail(http, "libcurl", lib.multi_strerror(added));
    }
    int running = 1;
    CURLcode code = CURLE_OK;
    while (running) {
        CURLMcode step = lib.multi_perform(http->multi, &running);
        if (step != CURLM_OK) {
            result = fail(http, "libcurl", lib.multi_strerror(step));
            break;
        }
        if (atomic_load(&http->cancelled)) {
            result = DQ_HTTP_CANCELLED;
            break;
        }
        if (!running) break;
        step = lib.multi_poll(http->multi, NULL, 0, 1000, NULL);
        if (step != CURLM_OK) {
            result = fail(http, "libcurl", lib.multi_strerror(step));
            break;
        }
    }
    if (result == DQ_HTTP_OK) {
        int left = 0;
        CURLMsg *message;
        while ((message = lib.multi_info_read(http->multi, &left))) {
            if (message->msg == CURLMSG_DONE && message->easy_handle == easy) code = message->data.result;
        }
        lib.easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &http->status);
        if (http->too_large || code == CURLE_FILESIZE_EXCEEDED) {
            result = DQ_HTTP_TOO_LARGE;
        } else if (code == CURLE_OPERATION_TIMEDOUT) {
            result = DQ_HTTP_TIMED_OUT;
        } else if (code != CURLE_OK) {
            // The error buffer is the specific message ("Could not resolve host: x"); curl_easy_strerror
            // only names the class ("Couldn't resolve host name"), so it is the fallback, never a prefix.
            size_t length = strlen(http->curl_error);
            while (length > 0 && (http->curl_error[length - 1] == '\n' || http->curl_error[length - 1] == ' ')) {
                http->curl_error[--length] = 0;
            }
            result = fail(http, length > 0 ? http->curl_error : lib.easy_strerror(code), NULL);
        }
    }
    lib.multi_remove_handle(http->multi, easy);
    lib.slist_free_all(list);
    return result;
}
