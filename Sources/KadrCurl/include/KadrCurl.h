// A few calls of the system libcurl, loaded at run time with dlopen, for URLImageStore's
// downloads on Linux. Loading it (rather than linking it) needs no libcurl development package:
// the library itself is installed wherever swift-corelibs-foundation's networking works, since
// that links it. No libcurl header is used; the option numbers are libcurl's stable ABI values,
// passed by the Swift caller. On other platforms every call reports libcurl as unavailable.
#ifndef KADR_CURL_H
#define KADR_CURL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A header line or a piece of the body: (bytes, 1, count, context) -> bytes taken; a value
/// other than count ends the transfer.
typedef size_t (*kadr_curl_data_callback)(char *bytes, size_t size, size_t count, void *context);

/// Progress: (context, total, received, upload total, uploaded) -> 0 to go on, 1 to stop.
typedef int (*kadr_curl_progress_callback)(void *context, int64_t total, int64_t received,
                                           int64_t upload_total, int64_t uploaded);

/// Whether libcurl was loaded and initialised (once, on first call; thread-safe).
int kadr_curl_available(void);

/// A new easy handle, or NULL.
void *kadr_curl_easy_init(void);
void kadr_curl_easy_cleanup(void *easy);

/// curl_easy_setopt with a long / a pointer (string or list) argument; returns the CURLcode.
int kadr_curl_setopt_long(void *easy, int option, long value);
int kadr_curl_setopt_pointer(void *easy, int option, const void *value);

/// Sets the header, write and progress callbacks (and their options), all with `context`.
int kadr_curl_set_callbacks(void *easy, kadr_curl_data_callback header,
                            kadr_curl_data_callback body, kadr_curl_progress_callback progress,
                            void *context);

/// Runs the transfer (blocking); returns the CURLcode. Blocks SIGPIPE on the calling thread for
/// good: call it on a thread of its own.
int kadr_curl_easy_perform(void *easy);

/// libcurl's sentence for a CURLcode (never NULL).
const char *kadr_curl_strerror(int code);

/// curl_slist_append / curl_slist_free_all.
void *kadr_curl_slist_append(void *list, const char *line);
void kadr_curl_slist_free_all(void *list);

#ifdef __cplusplus
}
#endif

#endif
