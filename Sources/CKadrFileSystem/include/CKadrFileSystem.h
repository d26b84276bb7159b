// File-system calls the Swift overlays of the C library do not import: the atomic exchange of
// two directory entries (Linux renameat2 with RENAME_EXCHANGE, Darwin renamex_np with
// RENAME_SWAP), and a rename that never replaces what is at its destination. The project library commits a save by exchanging a complete new project folder
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

/// Renames `source` to `destination` only if nothing is at `destination` (Linux renameat2 with
/// RENAME_NOREPLACE, Darwin renamex_np with RENAME_EXCL). Returns 0, or -1 with errno set:
/// EEXIST when something is there; ENOSYS or EINVAL where the system or the file system cannot
/// promise it (the caller then checks and renames, a narrow race it states).
int kadr_rename_no_replace(const char *source, const char *destination);

#ifdef __cplusplus
}
#endif

#endif
