// The system libpq (PostgreSQL's C client library), for the PostgresClient target only.
// On Linux it needs libpq's headers (Debian: libpq-dev, found through pkg-config libpq, which
// adds -I/usr/include/postgresql); on macOS, Homebrew's libpq.
#include <libpq-fe.h>

// The error fields libpq names with character macros ('C', 'M', …), which Swift cannot import.
static const int CLIBPQ_DIAG_SQLSTATE = PG_DIAG_SQLSTATE;
static const int CLIBPQ_DIAG_MESSAGE_PRIMARY = PG_DIAG_MESSAGE_PRIMARY;
static const int CLIBPQ_DIAG_MESSAGE_DETAIL = PG_DIAG_MESSAGE_DETAIL;
static const int CLIBPQ_DIAG_MESSAGE_HINT = PG_DIAG_MESSAGE_HINT;
