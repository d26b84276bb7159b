// File-system calls the Swift overlays of the C library do not import: the atomic exchange of
// two directory entries (Linux renameat2 with RENAME_EXCHANGE, Darwin renamex_np with
// RENAME_SWAP). The project library commits a save by exchanging a complete new project folder
// with the old one: one system call, so a crash leaves either folder whole.
#ifndef CKADR_FILE_SYSTEM_H
#define CKADR_FILE_SYSTEM_H

#ifdef __cplusplus
extern "C" {
#endif

/// Exchanges the entries at `first` and `second` atomically; both must exist. Returns 0, or -1
/// with errno set: ENOSYS or EINVAL where the system or the file system cannot exchange
/// (the caller then falls back to two renames).
int kadr_exchange_paths(const char *first, const char *second);

#ifdef __cplusplus
}
#endif

#endif
