import Foundation

extension URLImageStore {
  /// What a ``URLImageStore`` may fetch, and its limits.
  ///
  /// Out-of-range values are clamped when the store is created, as each property says.
  public struct Configuration: Sendable, Hashable {
    /// Whether `http:` URLs (and redirects to them) are fetched; `https:` only by default.
    public var allowsHTTP: Bool
    /// Whether `file:` URLs (absolute paths) are read; refused by default, since a document
    /// could otherwise read any file the process can.
    public var allowsFileURLs: Bool
    /// The most requests of one prefetch in flight at once; clamped to 1…64.
    public var maximumConcurrentRequests: Int
    /// The longest one request may take, redirects included, in seconds; clamped to
    /// 0.001…3600 (NaN gives 30).
    public var requestTimeout: TimeInterval
    /// The largest image accepted, in bytes; a download stops as soon as it exceeds this.
    /// Clamped to 1…2^40.
    public var maximumImageBytes: Int
    /// The most redirects one request may follow; clamped to 0…20.
    public var maximumRedirects: Int
    /// The most distinct tokens one prefetch may ask for; clamped to at least 1.
    public var maximumTokensPerPrefetch: Int
    /// The longest one prefetch may take in all, every request and wait included, in seconds;
    /// clamped to 0.001…86400 (NaN gives 300). When it passes, the requests still running are
    /// cancelled and the prefetch throws ``URLImageStoreError/prefetchTimedOut(seconds:pending:)``.
    public var prefetchTimeout: TimeInterval

    /// Creates a configuration from all of its stored properties.
    ///
    /// - Parameters:
    ///   - allowsHTTP: Fetch `http:` URLs too; `false` by default.
    ///   - allowsFileURLs: Read `file:` URLs; `false` by default.
    ///   - maximumConcurrentRequests: Requests in flight at once; 6 by default.
    ///   - requestTimeout: Seconds per request; 30 by default.
    ///   - maximumImageBytes: Largest image; 50 MiB by default.
    ///   - maximumRedirects: Redirects per request; 5 by default.
    ///   - maximumTokensPerPrefetch: Distinct tokens per prefetch; 10 000 by default.
    ///   - prefetchTimeout: Seconds per prefetch in all; 300 by default.
    public init(
      allowsHTTP: Bool = false, allowsFileURLs: Bool = false, maximumConcurrentRequests: Int = 6,
      requestTimeout: TimeInterval = 30, maximumImageBytes: Int = 50 * 1024 * 1024,
      maximumRedirects: Int = 5, maximumTokensPerPrefetch: Int = 10_000,
      prefetchTimeout: TimeInterval = 300
    ) {
      self.allowsHTTP = allowsHTTP
      self.allowsFileURLs = allowsFileURLs
      self.maximumConcurrentRequests = maximumConcurrentRequests
      self.requestTimeout = requestTimeout
      self.maximumImageBytes = maximumImageBytes
      self.maximumRedirects = maximumRedirects
      self.maximumTokensPerPrefetch = maximumTokensPerPrefetch
      self.prefetchTimeout = prefetchTimeout
    }

    /// This configuration with every value in its documented range.
    var clamped: Configuration {
      var copy = self
      copy.maximumConcurrentRequests = min(max(maximumConcurrentRequests, 1), 64)
      copy.requestTimeout = requestTimeout.isNaN ? 30 : min(max(requestTimeout, 0.001), 3600)
      copy.maximumImageBytes = min(max(maximumImageBytes, 1), 1 << 40)
      copy.maximumRedirects = min(max(maximumRedirects, 0), 20)
      copy.maximumTokensPerPrefetch = max(maximumTokensPerPrefetch, 1)
      copy.prefetchTimeout = prefetchTimeout.isNaN ? 300 : min(max(prefetchTimeout, 0.001), 86400)
      return copy
    }

    /// The URL schemes fetched over the network.
    var networkSchemes: Set<String> { allowsHTTP ? ["https", "http"] : ["https"] }
  }
}
