// The system zlib, for the deflated entries of zip files (.otioz bundles, project packages).
// On Linux it needs zlib's headers (Debian: zlib1g-dev); Apple platforms have them in the SDK.
#include <zlib.h>
