import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends requests with `URLSession` and waits for them (the image store protocol is
/// synchronous), with a deadline of its own and a body size limit enforced while receiving.
///
/// Redirects are not followed: an S3 redirect means a wrong region or endpoint, which the
/// caller reports.
final class HTTPTransport: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  // @unchecked Sendable: the only mutable state is `transfers`, read and written with `lock`
  // held; `session` is set once in `init`.
  private let lock = NSLock()
  private var transfers: [Int: Transfer] = [:]
  private var session: URLSession?

  /// One task's progress.
  private struct Transfer {
    let limit: Int
    var body = Data()
    var response: HTTPURLResponse?
    var failure: HTTPExchange.Failure?
    let done: DispatchSemaphore
  }

  override init() {
    super.init()
    let configuration = URLSessionConfiguration.ephemeral
    // The deadline is this transport's own (see `send`); URLSession's only backs it up.
    configuration.timeoutIntervalForRequest = 3600
    configuration.timeoutIntervalForResource = 3600
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    configuration.httpCookieStorage = nil
    session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
  }

  /// Ends the session (its delegate holds this object).
  func invalidate() {
    session?.invalidateAndCancel()
  }

  /// Sends `request` and waits for the whole answer, at most `timeout` seconds.
  ///
  /// - Parameters:
  ///   - request: The request, signed.
  ///   - limit: The largest body accepted.
  ///   - timeout: Seconds until the request is cancelled.
  func send(_ request: URLRequest, limit: Int, timeout: TimeInterval) -> Result<
    HTTPExchange.Response, HTTPExchange.Failure
  > {
    guard let session else { return .failure(.transport("the session is closed")) }
    let done = DispatchSemaphore(value: 0)
    let task = session.dataTask(with: request)
    lock.lock()
    transfers[task.taskIdentifier] = Transfer(limit: limit, done: done)
    lock.unlock()
    task.resume()
    if done.wait(timeout: .now() + max(0.001, timeout)) == .timedOut {
      fail(task, .timedOut)
      task.cancel()
      // A cancelled task completes at once; should it not, the transfer is dropped anyway.
      _ = done.wait(timeout: .now() + 5)
    }
    lock.lock()
    let transfer = transfers.removeValue(forKey: task.taskIdentifier)
    lock.unlock()
    guard let transfer else { return .failure(.transport("the request was lost")) }
    if let failure = transfer.failure { return .failure(failure) }
    guard let response = transfer.response else {
      return .failure(.transport("no response"))
    }
    var headers: [String: String] = [:]
    for (name, value) in response.allHeaderFields {
      if let name = name as? String, let value = value as? String {
        headers[name.lowercased()] = value
      }
    }
    return .success(.init(status: response.statusCode, headers: headers, body: transfer.body))
  }

  /// Records `failure` for `task` unless one is there.
  private func fail(_ task: URLSessionTask, _ failure: HTTPExchange.Failure) {
    lock.lock()
    if transfers[task.taskIdentifier]?.failure == nil {
      transfers[task.taskIdentifier]?.failure = failure
    }
    lock.unlock()
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    lock.lock()
    let limit = transfers[dataTask.taskIdentifier]?.limit ?? 0
    transfers[dataTask.taskIdentifier]?.response = response as? HTTPURLResponse
    lock.unlock()
    let declared = response.expectedContentLength
    if declared > limit {
      fail(dataTask, .tooLarge(size: Int(declared), limit: limit))
      completionHandler(.cancel)
      return
    }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    lock.lock()
    var over: (Int, Int)?
    if var transfer = transfers[dataTask.taskIdentifier] {
      transfer.body.append(data)
      if transfer.body.count > transfer.limit { over = (transfer.body.count, transfer.limit) }
      transfers[dataTask.taskIdentifier] = transfer
    }
    lock.unlock()
    if let (size, limit) = over {
      fail(dataTask, .tooLarge(size: size, limit: limit))
      dataTask.cancel()
    }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping (URLRequest?) -> Void
  ) {
    completionHandler(nil)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    if let error { fail(task, .transport(error.localizedDescription)) }
    lock.lock()
    let done = transfers[task.taskIdentifier]?.done
    lock.unlock()
    done?.signal()
  }
}
