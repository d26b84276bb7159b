#if os(Linux)
  import Foundation
  internal import KadrCurl

  /// Downloads with the system libcurl, driven by this store, for ``URLImageStore`` on Linux.
  ///
  /// swift-corelibs-foundation always lets libcurl inflate a compressed body, whatever the
  /// request's `Accept-Encoding`, and delivers the response's headers only after it has inflated
  /// and queued much of the body: a crafted deflate stream of 64 MiB cost 11 GB and 78 s before
  /// the store could refuse it. Here libcurl's content decoding is off, so bytes are counted as
  /// sent, and every response is judged when its header block ends — before a byte of its body
  /// is taken: a status that is not 2xx, a `Content-Encoding` other than identity, or a
  /// `Content-Length` past the limit ends the transfer there. Redirects are followed by this
  /// fetcher, one request per hop, each `Location` checked before it is requested.
  ///
  /// Each download blocks one thread of its own (at most the configured number of requests run
  /// at once); a cancelled or timed-out download returns at once, and its thread stops at
  /// libcurl's next callback.
  final class CurlImageFetcher: ImageFetching {
    private let limits: URLImageStore.Configuration

    /// A fetcher, or `nil` when libcurl cannot be loaded (a statically linked toolchain).
    init?(configuration limits: URLImageStore.Configuration) {
      guard kadr_curl_available() != 0 else { return nil }
      self.limits = limits
    }

    func fetch(_ url: URL, token: String) async -> Result<Data, URLImageStoreError> {
      if Task.isCancelled { return .failure(.cancelled(token)) }
      let download = CurlDownload(url: url, token: token, limits: limits)
      let timeout = limits.requestTimeout
      return await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
          let timer = Task { [weak download] in
            try await Task.sleep(nanoseconds: UInt64(timeout * 1e9))
            download?.finish(.failure(.timedOut(token, seconds: timeout)))
          }
          download.begin(continuation, timer: timer)
          let thread = Thread { download.run() }
          thread.name = "kadr URL image download"
          thread.start()
          // Cancellation that came before `begin` had no continuation to resume.
          if Task.isCancelled { download.finish(.failure(.cancelled(token))) }
        }
      } onCancel: {
        download.finish(.failure(.cancelled(token)))
      }
    }
  }

  /// One download: its result, delivered once, whichever comes first — the transfer's end, the
  /// deadline, or cancellation.
  private final class CurlDownload: Sendable {
    let url: URL
    let token: String
    let limits: URLImageStore.Configuration

    private struct State {
      var continuation: CheckedContinuation<Result<Data, URLImageStoreError>, Never>?
      /// Fails the download when the request timeout passes; cancelled when it finishes.
      var timer: Task<Void, any Error>?
      var result: Result<Data, URLImageStoreError>?
      var finished = false
    }

    private struct Waiting {
      let continuation: CheckedContinuation<Result<Data, URLImageStoreError>, Never>
      let timer: Task<Void, any Error>?
    }

    private let state = Locked(State())

    init(url: URL, token: String, limits: URLImageStore.Configuration) {
      self.url = url
      self.token = token
      self.limits = limits
    }

    /// Whether the result is delivered: the transfer stops at libcurl's next callback.
    var isFinished: Bool { state.withLock { $0.finished } }

    /// Hands over where the result goes and the deadline's timer; a result delivered before
    /// (cancellation came first) goes there at once.
    func begin(
      _ continuation: CheckedContinuation<Result<Data, URLImageStoreError>, Never>,
      timer: Task<Void, any Error>
    ) {
      let early: Result<Data, URLImageStoreError>? = state.withLock { state in
        guard state.finished else {
          state.continuation = continuation
          state.timer = timer
          return nil
        }
        return state.result
      }
      guard let early else { return }
      timer.cancel()
      continuation.resume(returning: early)
    }

    /// Delivers `result` unless a result was delivered already.
    func finish(_ result: Result<Data, URLImageStoreError>) {
      let waiting = state.withLock { state in
        guard !state.finished else { return nil as Waiting? }
        state.finished = true
        guard let continuation = state.continuation else {
          state.result = result
          return nil
        }
        defer { (state.continuation, state.timer) = (nil, nil) }
        return Waiting(continuation: continuation, timer: state.timer)
      }
      guard let waiting else { return }
      waiting.timer?.cancel()
      waiting.continuation.resume(returning: result)
    }

    /// Requests `url` and each redirect's target in turn, on the calling (blocking) thread.
    func run() {
      let start = DispatchTime.now()
      var current = url
      var redirects = 0
      while !isFinished {
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        let remaining = limits.requestTimeout - elapsed
        guard remaining > 0 else {
          return finish(.failure(.timedOut(token, seconds: limits.requestTimeout)))
        }
        switch CurlHop(download: self).perform(current, seconds: remaining) {
        case .finished(let result):
          return finish(result)
        case .redirect(let location):
          redirects += 1
          guard redirects <= limits.maximumRedirects else {
            return finish(.failure(.tooManyRedirects(token, limit: limits.maximumRedirects)))
          }
          guard let target = URL(string: location, relativeTo: current)?.absoluteURL,
            limits.networkSchemes.contains(target.scheme?.lowercased() ?? ""),
            target.host?.isEmpty == false
          else {
            return finish(.failure(.redirectNotAllowed(token, location: location)))
          }
          current = target
        }
      }
    }
  }

  /// One request of a download: the response's headers judged as their block ends, its body
  /// counted against the limit as it arrives.
  private final class CurlHop {
    enum Outcome {
      case finished(Result<Data, URLImageStoreError>)
      case redirect(String)
    }

    // libcurl's option numbers (its stable ABI; see curl.h's CURLOPT_* values).
    private enum Option: Int32 {
      case url = 10002
      case errorBuffer = 10010
      case userAgent = 10018
      case httpHeader = 10023
      case followLocation = 52
      case noSignal = 99
      case timeoutMilliseconds = 155
      case connectTimeoutMilliseconds = 156
      case httpContentDecoding = 158
      case protocols = 181
      /// CURLOPT_PROTOCOLS_STR, for a libcurl that no longer takes the bit mask (CURLOPT_PROTOCOLS
      /// is deprecated since 7.85).
      case protocolNames = 10318
    }

    /// CURLE_OPERATION_TIMEDOUT.
    private static let timedOutCode: Int32 = 28
    /// libcurl's CURL_ERROR_SIZE.
    private static let errorBufferSize = 256
    /// More header bytes than any image server sends; a flood of headers ends the transfer.
    static let maximumHeaderBytes = 256 * 1024

    private let download: CurlDownload
    private var status = 0
    private var headerBytes = 0
    private var contentEncoding: String?
    private var contentLength: Int?
    private var location: String?
    private var judged = false
    private var refusal: URLImageStoreError?
    private var redirect: String?
    private var data = Data()

    init(download: CurlDownload) {
      self.download = download
    }

    private var token: String { download.token }
    private var limit: Int { download.limits.maximumImageBytes }

    func perform(_ url: URL, seconds: Double) -> Outcome {
      guard let easy = kadr_curl_easy_init() else {
        return .finished(.failure(.transport(token, reason: "libcurl could not start a request")))
      }
      defer { kadr_curl_easy_cleanup(easy) }
      let errors = UnsafeMutablePointer<CChar>.allocate(capacity: Self.errorBufferSize)
      errors.initialize(repeating: 0, count: Self.errorBufferSize)
      defer { errors.deallocate() }
      var headers: UnsafeMutableRawPointer?
      // Images are compressed already; a compressed body would make the limit count bytes that
      // inflate without bound. Decoding stays off, and a body sent compressed anyway is refused.
      for line in ["Accept-Encoding: identity", "Accept: image/*, */*;q=0.5"] {
        headers = kadr_curl_slist_append(headers, line) ?? headers
      }
      defer { kadr_curl_slist_free_all(headers) }
      let milliseconds = max(1, Int(min(seconds, 86_400) * 1000))
      let schemes = download.limits.networkSchemes
      // CURLPROTO_HTTP (1) and CURLPROTO_HTTPS (2); redirects are not followed by libcurl.
      let protocols = (schemes.contains("http") ? 1 : 0) | (schemes.contains("https") ? 2 : 0)
      let context = Unmanaged.passUnretained(self).toOpaque()
      var code: Int32 = 0
      for (option, value) in [
        (Option.followLocation, 0), (.noSignal, 1), (.httpContentDecoding, 0),
        (.timeoutMilliseconds, milliseconds), (.connectTimeoutMilliseconds, milliseconds),
      ] where code == 0 {
        code = kadr_curl_setopt_long(easy, option.rawValue, value)
      }
      if code == 0, kadr_curl_setopt_long(easy, Option.protocols.rawValue, protocols) != 0 {
        let names = schemes.intersection(["http", "https"]).sorted().joined(separator: ",")
        code = names.withCString { set(.protocolNames, $0, on: easy) }
      }
      if code == 0 { code = url.absoluteString.withCString { set(.url, $0, on: easy) } }
      if code == 0 { code = "kadr-persistence".withCString { set(.userAgent, $0, on: easy) } }
      if code == 0 { code = set(.httpHeader, headers, on: easy) }
      if code == 0 { code = set(.errorBuffer, errors, on: easy) }
      if code == 0 {
        code = kadr_curl_set_callbacks(
          easy,
          { bytes, size, count, context in
            let length = size * count
            let line = UnsafeRawBufferPointer(start: bytes, count: length)
            return hop(context).header(line) ? length : 0
          },
          { bytes, size, count, context in
            let length = size * count
            let piece = UnsafeRawBufferPointer(start: bytes, count: length)
            return hop(context).body(piece) ? length : 0
          },
          { context, _, _, _, _ in hop(context).isWanted ? 0 : 1 }, context)
      }
      if code == 0 { code = kadr_curl_easy_perform(easy) }
      return outcome(code: code, errors: String(cString: errors))
    }

    private func set(_ option: Option, _ value: UnsafeRawPointer?, on easy: UnsafeMutableRawPointer)
      -> Int32
    {
      kadr_curl_setopt_pointer(easy, option.rawValue, value)
    }

    private func outcome(code: Int32, errors: String) -> Outcome {
      if let refusal { return .finished(.failure(refusal)) }
      if let redirect { return .redirect(redirect) }
      if download.isFinished { return .finished(.failure(.cancelled(token))) }
      guard code == 0 else {
        if code == Self.timedOutCode {
          return .finished(.failure(.timedOut(token, seconds: download.limits.requestTimeout)))
        }
        let reason = errors.isEmpty ? String(cString: kadr_curl_strerror(code)) : errors
        return .finished(.failure(.transport(token, reason: reason)))
      }
      guard (200...299).contains(status) else {
        return .finished(.failure(.httpStatus(token, code: status)))
      }
      return .finished(.success(data))
    }

    /// One header line; `false` ends the transfer.
    func header(_ bytes: UnsafeRawBufferPointer) -> Bool {
      headerBytes += bytes.count
      guard headerBytes <= Self.maximumHeaderBytes else {
        refusal = .transport(
          token, reason: "the server sent more than \(Self.maximumHeaderBytes) bytes of headers")
        return false
      }
      let line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(
        in: .whitespacesAndNewlines)
      if line.hasPrefix("HTTP/") {
        // A new response (after an interim 1xx, or a proxy's answer to CONNECT).
        let fields = line.split(separator: " ", maxSplits: 2)
        status = fields.count > 1 ? Int(fields[1]) ?? 0 : 0
        (contentEncoding, contentLength, location, judged) = (nil, nil, nil, false)
        return true
      }
      guard !line.isEmpty else { return judge() }
      guard let colon = line.firstIndex(of: ":") else { return true }
      let name = line[..<colon].lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      switch name {
      case "content-encoding": contentEncoding = value
      case "content-length": contentLength = Int(value)
      case "location": location = value
      default: break
      }
      return true
    }

    /// Judges a response whose header block has ended; `false` ends the transfer.
    private func judge() -> Bool {
      judged = true
      switch status {
      case 100...199:
        return true  // Interim; the real response follows.
      case 301, 302, 303, 307, 308:
        guard let location else {
          refusal = .httpStatus(token, code: status)
          return false
        }
        redirect = location  // Its body is not wanted.
        return false
      case 200...299:
        break
      default:
        refusal = .httpStatus(token, code: status)
        return false
      }
      if let encoding = contentEncoding,
        !["", "identity"].contains(encoding.lowercased())
      {
        refusal = .compressedBody(token, encoding: encoding)
        return false
      }
      if let length = contentLength {
        guard length <= limit else {
          refusal = .tooLarge(token, limit: limit)
          return false
        }
        // Room for the declared body at once, so receiving never regrows.
        if length > 0 { data.reserveCapacity(length) }
      }
      return true
    }

    /// A piece of the body; `false` ends the transfer.
    func body(_ bytes: UnsafeRawBufferPointer) -> Bool {
      guard judged, !download.isFinished else { return false }
      guard data.count + bytes.count <= limit else {
        refusal = .tooLarge(token, limit: limit)
        return false
      }
      data.append(contentsOf: bytes)
      return true
    }

    /// Whether the download is still wanted (not cancelled, not past its deadline).
    var isWanted: Bool { !download.isFinished }
  }

  /// The request a libcurl callback's context is.
  private func hop(_ context: UnsafeMutableRawPointer?) -> CurlHop {
    Unmanaged<CurlHop>.fromOpaque(context!).takeUnretainedValue()
  }

#endif
