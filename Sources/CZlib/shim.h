// The system zlib, for reading and writing the deflated entries of .otioz bundles (zip files).
// On Linux it needs zlib's headers (Debian: zlib1g-dev); Apple platforms have them in the SDK.
#include <zlib.h>
