// The storage layer's public types (JSONValue, JSONObject, JSONPointer) are this module's API.
@_exported import KadrStorage
