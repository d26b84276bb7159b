import KadrPersistence
import Testing

/// How a URL image store downloads. Apple platforms always use `URLSession`; Linux drives the
/// system libcurl itself (decoding off) when it loads, else `URLSession`. The URL store's
/// suites run over each fetcher the platform has, so Apple's path is tested on Linux too
/// (swift-corelibs-foundation's `URLSession` is the same API, over libcurl).
enum URLFetcher: String, Sendable, CustomTestStringConvertible {
  /// The store's own choice: libcurl on Linux, `URLSession` on Apple platforms.
  case platform
  /// `URLSession` on every platform: Apple's path.
  case urlSession

  /// The fetchers the platform has: both on Linux, `URLSession` alone on Apple platforms.
  static var all: [URLFetcher] {
    #if os(Linux)
      [.platform, .urlSession]
    #else
      [.platform]
    #endif
  }

  /// A store with `configuration` that downloads with this fetcher.
  func store(_ configuration: URLImageStore.Configuration = .init()) -> URLImageStore {
    switch self {
    case .platform: URLImageStore(configuration: configuration)
    case .urlSession: URLImageStore(foundationSessionWith: configuration)
    }
  }

  var testDescription: String {
    #if os(Linux)
      self == .platform ? "libcurl" : "URLSession"
    #else
      "URLSession"
    #endif
  }
}
