import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Downloads one URL at a time per call with `URLSession`, enforcing a size limit while
/// receiving, a redirect limit, a 2xx status and a total timeout; for ``URLImageStore``.
///
/// The session's delegate sees every chunk, so an oversized body is cancelled as soon as it
/// passes the limit (or at once, when `Content-Length` already says so), not read to the end.
final class URLImageFetcher: Sendable {
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
  // @unchecked Sendable: `transfers` is read and written only while `lock` is held; `limits` is
  // a constant.
  private let lock = NSLock()
  private var transfers: [Int: Transfer] = [:]
  private let limits: URLImageStore.Configuration

  init(limits: URLImageStore.Configuration) {
    self.limits = limits
  }

  func begin(
    _ task: URLSessionTask, token: String, timer: DispatchWorkItem,
    continuation: CheckedContinuation<Result<Data, URLImageStoreError>, Never>
  ) {
    lock.withLock {
      transfers[task.taskIdentifier] = Transfer(
        token: token, timer: timer, continuation: continuation)
    }
  }

  /// Records `failure` (unless one is recorded already) and cancels the task; the continuation
  /// is resumed when the session reports the task complete.
  func fail(_ task: URLSessionTask, with failure: URLImageStoreError) {
    if record(failure, for: task) { task.cancel() }
  }

  /// Records `failure` unless one is recorded already; `false` when the task is not running.
  @discardableResult
  private func record(_ failure: URLImageStoreError, for task: URLSessionTask) -> Bool {
    lock.withLock {
      guard transfers[task.taskIdentifier] != nil else { return false }
      if transfers[task.taskIdentifier]?.failure == nil {
        transfers[task.taskIdentifier]?.failure = failure
      }
      return true
    }
  }

  private func token(of task: URLSessionTask) -> String? {
    lock.withLock { transfers[task.taskIdentifier]?.token }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    guard let token = token(of: dataTask) else { return completionHandler(.cancel) }
    var refusal: URLImageStoreError?
    if let status = (response as? HTTPURLResponse)?.statusCode, !(200...299).contains(status) {
      refusal = .httpStatus(token, code: status)
    } else if response.expectedContentLength > Int64(limits.maximumImageBytes) {
      refusal = .tooLarge(token, limit: limits.maximumImageBytes)
    }
    guard let refusal else { return completionHandler(.allow) }
    completionHandler(.cancel)
    // swift-corelibs-foundation ignores `.cancel` and keeps receiving; cancel the task itself.
    fail(dataTask, with: refusal)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let limit = limits.maximumImageBytes
    let exceeded: URLImageStoreError? = lock.withLock {
      guard var transfer = transfers[dataTask.taskIdentifier], transfer.failure == nil else {
        return nil
      }
      guard transfer.data.count + data.count <= limit else {
        return .tooLarge(transfer.token, limit: limit)
      }
      transfer.data.append(data)
      transfers[dataTask.taskIdentifier] = transfer
      return nil
    }
    if let exceeded { fail(dataTask, with: exceeded) }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping (URLRequest?) -> Void
  ) {
    let limit = limits.maximumRedirects
    let refusal: URLImageStoreError? = lock.withLock {
      guard var transfer = transfers[task.taskIdentifier] else { return nil }
      transfer.redirects += 1
      transfers[task.taskIdentifier] = transfer
      if transfer.redirects > limit { return .tooManyRedirects(transfer.token, limit: limit) }
      let scheme = request.url?.scheme?.lowercased() ?? ""
      guard limits.networkSchemes.contains(scheme) else {
        return .redirectNotAllowed(
          transfer.token, location: request.url?.absoluteString ?? "(no URL)")
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

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    guard let transfer = lock.withLock({ transfers.removeValue(forKey: task.taskIdentifier) })
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
