import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Downloads one URL per call for ``URLImageStore``, enforcing a size limit while receiving, a
/// redirect limit, a 2xx status, identity encoding and a total timeout.
protocol ImageFetching: Sendable {
  /// Downloads `url`, the URL of `token`; never throws, every failure names the token.
  func fetch(_ url: URL, token: String) async -> Result<Data, URLImageStoreError>
}

extension URLImageStoreError {
  /// The refusal of a body the server sent compressed although only identity was accepted.
  package static func compressedBody(_ token: String, encoding: String) -> URLImageStoreError {
    .transport(
      token,
      reason: "the server sent the image compressed (Content-Encoding: \(encoding)) although "
        + "only identity was accepted")
  }
}

/// The fetcher a store uses: on Linux the one driving libcurl itself when libcurl can be
/// loaded (see ``CurlImageFetcher``), otherwise `URLSession`'s.
///
/// - Parameters:
///   - configuration: The store's limits.
///   - foundationOnly: Use `URLSession` on every platform (for tests of that path).
func makeImageFetcher(configuration: URLImageStore.Configuration, foundationOnly: Bool = false)
  -> any ImageFetching
{
  #if os(Linux)
    if !foundationOnly, let curl = CurlImageFetcher(configuration: configuration) { return curl }
  #endif
  return SessionImageFetcher(configuration: configuration)
}

/// Downloads with `URLSession`. The session's delegate sees every chunk, so an oversized body
/// is cancelled as soon as it passes the limit (or at once, when `Content-Length` already says
/// so), not read to the end.
final class SessionImageFetcher: ImageFetching {
  private let session: URLSession
  private let delegate: FetchDelegate
  private let limits: URLImageStore.Configuration

  init(configuration limits: URLImageStore.Configuration) {
    self.limits = limits
    let configuration = URLSessionConfiguration.ephemeral
    // The deadline is enforced by this fetcher's own timer (see `fetch`). URLSession's timeouts
    // are only a backstop, set far beyond it: swift-corelibs-foundation's timers can fire long
    // before their interval when tasks of one session follow each other.
    configuration.timeoutIntervalForRequest = Self.backstopTimeout
    configuration.timeoutIntervalForResource = Self.backstopTimeout
    configuration.httpMaximumConnectionsPerHost = limits.maximumConcurrentRequests
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    configuration.httpCookieStorage = nil
    delegate = FetchDelegate(limits: limits)
    session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
  }

  /// URLSession's own timeouts: beyond any configured deadline, which is at most an hour.
  static let backstopTimeout: TimeInterval = 2 * 3600

  deinit {
    session.invalidateAndCancel()
  }

  /// Downloads `url`, the URL of `token`.
  func fetch(_ url: URL, token: String) async -> Result<Data, URLImageStoreError> {
    if Task.isCancelled { return .failure(.cancelled(token)) }
    var request = URLRequest(url: url)
    request.timeoutInterval = Self.backstopTimeout
    request.cachePolicy = .reloadIgnoringLocalCacheData
    // Images are compressed already; a compressed body would make the size limit count bytes
    // that inflate without bound before the delegate sees them. A body sent compressed anyway
    // is refused (see the delegate's response check).
    request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
    let task = session.dataTask(with: request)
    let delegate = delegate
    let timeout = limits.requestTimeout
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let timer = DispatchWorkItem {
          delegate.fail(task, with: .timedOut(token, seconds: timeout))
        }
        delegate.begin(task, token: token, timer: timer, continuation: continuation)
        task.resume()
        // Cancellation that came before `begin` found no transfer to fail; fail it now.
        if Task.isCancelled { delegate.fail(task, with: .cancelled(token)) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer)
      }
    } onCancel: {
      delegate.fail(task, with: .cancelled(token))
    }
  }
}

/// One download in flight.
private struct Transfer {
  let token: String
  /// Fails the transfer when the timeout passes; cancelled when it completes.
  let timer: DispatchWorkItem
  let continuation: CheckedContinuation<Result<Data, URLImageStoreError>, Never>
  var data = Data()
  var redirects = 0
  var failure: URLImageStoreError?
}

/// The session delegate: routes each task's events to its ``Transfer``.
private final class FetchDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  // @unchecked Sendable: an `NSObject` subclass whose only mutable state is `transfers`, reached
  // under its lock; `limits` is a constant.
  private let transfers = Locked<[Int: Transfer]>([:])
  private let limits: URLImageStore.Configuration

  init(limits: URLImageStore.Configuration) {
    self.limits = limits
  }

  func begin(
    _ task: URLSessionTask, token: String, timer: DispatchWorkItem,
    continuation: CheckedContinuation<Result<Data, URLImageStoreError>, Never>
  ) {
    transfers.withLock { transfers in
      transfers[task.taskIdentifier] = Transfer(
        token: token, timer: timer, continuation: continuation)
    }
  }

  /// Ends the transfer with `failure` (or the failure recorded before it) and cancels the task.
  ///
  /// The fetch returns at once, without waiting for the session to report the task complete:
  /// on Linux a cancelled task can go on receiving (and inflating a compressed body) until the
  /// server stops, and a hostile server never stops. What the task still receives is dropped.
  func fail(_ task: URLSessionTask, with failure: URLImageStoreError) {
    guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) })
    else { return }
    transfer.timer.cancel()
    task.cancel()
    transfer.continuation.resume(returning: .failure(transfer.failure ?? failure))
  }

  /// Records `failure` unless one is recorded already; `false` when the task is not running.
  @discardableResult
  private func record(_ failure: URLImageStoreError, for task: URLSessionTask) -> Bool {
    transfers.withLock { transfers in
      guard transfers[task.taskIdentifier] != nil else { return false }
      if transfers[task.taskIdentifier]?.failure == nil {
        transfers[task.taskIdentifier]?.failure = failure
      }
      return true
    }
  }

  private func token(of task: URLSessionTask) -> String? {
    transfers.withLock { $0[task.taskIdentifier]?.token }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    guard let token = token(of: dataTask) else { return completionHandler(.cancel) }
    var refusal: URLImageStoreError?
    let http = response as? HTTPURLResponse
    if let status = http?.statusCode, !(200...299).contains(status) {
      refusal = .httpStatus(token, code: status)
    } else if let encoding = http.flatMap({ Self.header("Content-Encoding", of: $0) }),
      !["", "identity"].contains(encoding.lowercased().trimmingCharacters(in: .whitespaces))
    {
      refusal = .compressedBody(token, encoding: encoding)
    } else if response.expectedContentLength > Int64(limits.maximumImageBytes) {
      refusal = .tooLarge(token, limit: limits.maximumImageBytes)
    }
    guard let refusal else {
      // Room for the declared body (within the limit) at once, so receiving never regrows.
      let expected = response.expectedContentLength
      if expected > 0 {
        transfers.withLock { transfers in
          transfers[dataTask.taskIdentifier]?.data.reserveCapacity(Int(expected))
        }
      }
      return completionHandler(.allow)
    }
    // The task is cancelled itself: swift-corelibs-foundation ignores `.cancel` here, and after
    // it even ignores cancelling the task until the body ends (an endless compressed body was
    // inflated for minutes). What arrives before the cancellation lands is dropped.
    completionHandler(.allow)
    fail(dataTask, with: refusal)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let limit = limits.maximumImageBytes
    let id = dataTask.taskIdentifier
    let exceeded: URLImageStoreError? = transfers.withLock { transfers in
      // Appended in place through the dictionary: a copy of the transfer held here would make
      // every chunk copy all the bytes received so far (a 48 MiB image took minutes).
      guard let received = transfers[id]?.data.count else { return nil }
      if let failure = transfers[id]?.failure { return failure }
      guard received + data.count <= limit else {
        return transfers[id].map { .tooLarge($0.token, limit: limit) }
      }
      transfers[id]?.data.append(data)
      return nil
    }
    // Also when the transfer failed already: a cancellation requested while the body was
    // starting can be lost on Linux, and the task would receive (and inflate) to the end.
    if let exceeded { fail(dataTask, with: exceeded) }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping (URLRequest?) -> Void
  ) {
    let limit = limits.maximumRedirects
    let refusal: URLImageStoreError? = transfers.withLock { transfers in
      guard var transfer = transfers[task.taskIdentifier] else { return nil }
      transfer.redirects += 1
      transfers[task.taskIdentifier] = transfer
      if transfer.redirects > limit { return .tooManyRedirects(transfer.token, limit: limit) }
      // The `Location` the server sent, not only the request built from it: on Linux,
      // swift-corelibs-foundation turns `Location: file:///etc/hosts` into a request for
      // /etc/hosts on the same host and scheme, which would pass a check of the new request.
      let location = Self.header("Location", of: response)
      let target = location.flatMap { URL(string: $0, relativeTo: response.url) }
      for scheme in [target?.scheme, request.url?.scheme] {
        guard limits.networkSchemes.contains(scheme?.lowercased() ?? "") else {
          return .redirectNotAllowed(
            transfer.token, location: location ?? request.url?.absoluteString ?? "(no URL)")
        }
      }
      return nil
    }
    if let refusal {
      // Not followed: the redirect response becomes the final one and fails on its status. The
      // task is not cancelled here: swift-corelibs-foundation traps when a task is cancelled
      // while it waits for this completion handler.
      record(refusal, for: task)
      return completionHandler(nil)
    }
    completionHandler(request)
  }

  /// A header of a response, whatever the case of its name.
  private static func header(_ wanted: String, of response: HTTPURLResponse) -> String? {
    for (name, value) in response.allHeaderFields {
      if let name = name as? String, name.lowercased() == wanted.lowercased(),
        let value = value as? String
      {
        return value
      }
    }
    return nil
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) })
    else { return }
    transfer.timer.cancel()
    transfer.continuation.resume(returning: result(of: transfer, task: task, error: error))
  }

  private func result(of transfer: Transfer, task: URLSessionTask, error: (any Error)?)
    -> Result<Data, URLImageStoreError>
  {
    let token = transfer.token
    if let failure = transfer.failure { return .failure(failure) }
    if let error {
      if let urlError = error as? URLError, urlError.code == .timedOut {
        return .failure(.timedOut(token, seconds: limits.requestTimeout))
      }
      if let urlError = error as? URLError, urlError.code == .cancelled {
        return .failure(.cancelled(token))
      }
      return .failure(.transport(token, reason: error.localizedDescription))
    }
    if let status = (task.response as? HTTPURLResponse)?.statusCode,
      !(200...299).contains(status)
    {
      return .failure(.httpStatus(token, code: status))
    }
    return .success(transfer.data)
  }
}
