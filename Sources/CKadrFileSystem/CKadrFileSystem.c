#include "CKadrFileSystem.h"

#include <errno.h>
#include <stdio.h>

#if defined(__linux__)
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>
#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE (1 << 0)
#endif
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif
#elif defined(__APPLE__)
#include <stdio.h>
#endif

int kadr_exchange_paths(const char *first, const char *second) {
#if defined(__linux__) && defined(SYS_renameat2)
  // The system call itself: glibc's wrapper is missing before 2.28 and in some C libraries.
  return (int)syscall(SYS_renameat2, AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
#elif defined(__APPLE__)
  return renamex_np(first, second, RENAME_SWAP);
#else
  (void)first;
  (void)second;
  errno = ENOSYS;
  return -1;
#endif
}

int kadr_rename_no_replace(const char *source, const char *destination) {
#if defined(__linux__) && defined(SYS_renameat2)
  return (int)syscall(SYS_renameat2, AT_FDCWD, source, AT_FDCWD, destination, RENAME_NOREPLACE);
#elif defined(__APPLE__)
  return renamex_np(source, destination, RENAME_EXCL);
#else
  (void)source;
  (void)destination;
  errno = ENOSYS;
  return -1;
#endif
}
