#include "KadrCurl.h"

#if defined(__linux__)

#include <dlfcn.h>
#include <pthread.h>
#include <signal.h>

// libcurl's option-type bases and the options this file sets itself (stable ABI values).
enum {
  option_write_data = 10001,
  option_header_data = 10029,
  option_progress_data = 10057,
  option_no_progress = 43,
  option_write_function = 20011,
  option_header_function = 20079,
  option_progress_function = 20219,
  global_init_default = 3,
};

typedef int (*setopt_function)(void *, int, ...);

static struct {
  int loaded;
  int (*global_init)(long);
  void *(*easy_init)(void);
  void (*easy_cleanup)(void *);
  setopt_function easy_setopt;
  int (*easy_perform)(void *);
  const char *(*easy_strerror)(int);
  void *(*slist_append)(void *, const char *);
  void (*slist_free_all)(void *);
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
  void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) return;
  curl.global_init = (int (*)(long))dlsym(library, "curl_global_init");
  curl.easy_init = (void *(*)(void))dlsym(library, "curl_easy_init");
  curl.easy_cleanup = (void (*)(void *))dlsym(library, "curl_easy_cleanup");
  curl.easy_setopt = (setopt_function)dlsym(library, "curl_easy_setopt");
  curl.easy_perform = (int (*)(void *))dlsym(library, "curl_easy_perform");
  curl.easy_strerror = (const char *(*)(int))dlsym(library, "curl_easy_strerror");
  curl.slist_append = (void *(*)(void *, const char *))dlsym(library, "curl_slist_append");
  curl.slist_free_all = (void (*)(void *))dlsym(library, "curl_slist_free_all");
  if (!curl.global_init || !curl.easy_init || !curl.easy_cleanup || !curl.easy_setopt ||
      !curl.easy_perform || !curl.easy_strerror || !curl.slist_append || !curl.slist_free_all) {
    return;
  }
  // Reference-counted by libcurl, so a call by swift-corelibs-foundation as well is harmless.
  if (curl.global_init(global_init_default) != 0) return;
  curl.loaded = 1;
}

int kadr_curl_available(void) {
  pthread_once(&load_once, load);
  return curl.loaded;
}

void *kadr_curl_easy_init(void) { return kadr_curl_available() ? curl.easy_init() : NULL; }

void kadr_curl_easy_cleanup(void *easy) {
  if (easy != NULL && curl.loaded) curl.easy_cleanup(easy);
}

int kadr_curl_setopt_long(void *easy, int option, long value) {
  return curl.easy_setopt(easy, option, value);
}

int kadr_curl_setopt_pointer(void *easy, int option, const void *value) {
  return curl.easy_setopt(easy, option, value);
}

int kadr_curl_set_callbacks(void *easy, kadr_curl_data_callback header,
                            kadr_curl_data_callback body, kadr_curl_progress_callback progress,
                            void *context) {
  int codes[] = {
      curl.easy_setopt(easy, option_header_function, header),
      curl.easy_setopt(easy, option_header_data, context),
      curl.easy_setopt(easy, option_write_function, body),
      curl.easy_setopt(easy, option_write_data, context),
      curl.easy_setopt(easy, option_progress_function, progress),
      curl.easy_setopt(easy, option_progress_data, context),
      curl.easy_setopt(easy, option_no_progress, 0L),
  };
  for (size_t index = 0; index < sizeof codes / sizeof codes[0]; index++) {
    if (codes[index] != 0) return codes[index];
  }
  return 0;
}

int kadr_curl_easy_perform(void *easy) {
  // With CURLOPT_NOSIGNAL (needed with threads) libcurl leaves SIGPIPE alone, and a TLS write
  // to a peer that went away would raise it and end the process. A write's SIGPIPE goes to the
  // thread that wrote, so it is blocked on this thread, a download's own: one raised stays
  // pending and is discarded with the thread.
  sigset_t pipe;
  sigemptyset(&pipe);
  sigaddset(&pipe, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe, NULL);
  return curl.easy_perform(easy);
}

const char *kadr_curl_strerror(int code) {
  const char *text = curl.loaded ? curl.easy_strerror(code) : NULL;
  return text != NULL ? text : "libcurl error";
}

void *kadr_curl_slist_append(void *list, const char *line) {
  return curl.slist_append(list, line);
}

void kadr_curl_slist_free_all(void *list) {
  if (list != NULL) curl.slist_free_all(list);
}

#else

int kadr_curl_available(void) { return 0; }
void *kadr_curl_easy_init(void) { return NULL; }
void kadr_curl_easy_cleanup(void *easy) { (void)easy; }
int kadr_curl_setopt_long(void *easy, int option, long value) {
  (void)easy, (void)option, (void)value;
  return 1;
}
int kadr_curl_setopt_pointer(void *easy, int option, const void *value) {
  (void)easy, (void)option, (void)value;
  return 1;
}
int kadr_curl_set_callbacks(void *easy, kadr_curl_data_callback header,
                            kadr_curl_data_callback body, kadr_curl_progress_callback progress,
                            void *context) {
  (void)easy, (void)header, (void)body, (void)progress, (void)context;
  return 1;
}
int kadr_curl_easy_perform(void *easy) {
  (void)easy;
  return 1;
}
const char *kadr_curl_strerror(int code) {
  (void)code;
  return "libcurl is not used on this platform";
}
void *kadr_curl_slist_append(void *list, const char *line) {
  (void)line;
  return list;
}
void kadr_curl_slist_free_all(void *list) { (void)list; }

#endif
