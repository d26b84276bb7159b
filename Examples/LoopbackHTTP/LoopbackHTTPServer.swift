import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 with an ephemeral port, for the URL image store's tests
/// and example.
///
/// Every loop is bounded: the server accepts at most ``maximumConnections`` connections, reads
/// at most 16 KiB of request head, stops accepting after ``lifetime`` seconds even if nobody
/// calls ``stop()``, and every socket has send and receive timeouts. Each connection is answered
/// once and closed (`Connection: close`).
public final class LoopbackHTTPServer: @unchecked Sendable {
  // @unchecked Sendable: the mutable statistics are used only while `lock` is held; the
  // listening descriptor is closed only by the accept thread.
  /// What to answer to one request path.
  public enum Response: Sendable {
    /// A complete response with a status, headers and body.
    case bytes(status: Int, headers: [String: String], body: Data)
    /// A 200 that streams `total` bytes in 64 KiB chunks 2 ms apart (as a network would, so a
    /// client that stops reading is noticed), with or without `Content-Length`.
    case stream(total: Int, declaresLength: Bool)
    /// A complete response sent after `delay` seconds (the wait stops early when stopped).
    case delayed(TimeInterval, body: Data)
    /// A 200 whose body does not end: sent as fast as the socket takes it until the peer
    /// leaves, the server stops, or `cap` body bytes (on the wire) are sent.
    case endless(Flood, cap: Int)
  }

  /// How an ``Response/endless(_:cap:)`` body is sent.
  public enum Flood: Sendable {
    /// Raw bytes, no `Content-Length`.
    case plain
    /// `Transfer-Encoding: chunked`, 64 KiB chunks.
    case chunked
    /// `Content-Encoding: gzip`: a deflate stream of zeros that inflates about 160 times
    /// (every 64 KiB sent is 10 MiB decoded).
    case gzip
  }

  /// The port the server listens on.
  public let port: UInt16
  /// The most connections it accepts before it stops by itself.
  public let maximumConnections = 500
  /// How long it accepts connections before it stops by itself, in seconds: long enough for a
  /// test on a loaded machine, whose task can wait a minute for a thread of the cooperative pool
  /// before it sends its first request (60 s was too short once).
  public let lifetime: TimeInterval = 600

  private let routes: @Sendable (String) -> Response
  private let listener: Int32
  private let lock = NSLock()
  private var stopped = false
  private var requestedPaths: [String] = []
  private var streamedBytes = 0
  private var streamsEnded = 0
  private var inFlight = 0
  private var maximumInFlight = 0

  /// Starts a server answering each request path with `routes(path)`.
  public init(routes: @escaping @Sendable (String) -> Response) throws {
    self.routes = routes
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw POSIXError(.EIO) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    #if canImport(Darwin)
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
    }
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(descriptor, $0, &length)
      }
    }
    guard bound == 0, named == 0, listen(descriptor, 64) == 0 else {
      _ = close(descriptor)
      throw POSIXError(.EADDRNOTAVAIL)
    }
    listener = descriptor
    port = UInt16(bigEndian: address.sin_port)
    Thread.detachNewThread { [self] in acceptLoop() }
  }

  deinit { stop() }

  /// The base URL, such as `http://127.0.0.1:54321`.
  public var baseURL: String { "http://127.0.0.1:\(port)" }

  /// Stops accepting; connections in progress finish on their own timeouts.
  public func stop() { lock.withLock { stopped = true } }

  /// The paths requested so far, in order.
  public var paths: [String] { lock.withLock { requestedPaths } }
  /// The body bytes written by streaming responses so far.
  public var bytesStreamed: Int { lock.withLock { streamedBytes } }
  /// The number of streaming responses that ended (completely or because the peer left).
  public var finishedStreams: Int { lock.withLock { streamsEnded } }
  /// The most requests handled at the same moment.
  public var peakConcurrency: Int { lock.withLock { maximumInFlight } }

  private var isStopped: Bool { lock.withLock { stopped } }

  private func acceptLoop() {
    let deadline = Date().addingTimeInterval(lifetime)
    var accepted = 0
    defer { _ = close(listener) }
    while !isStopped, accepted < maximumConnections, Date() < deadline {
      var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 50) > 0 else { continue }
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { continue }
      accepted += 1
      Thread.detachNewThread { [self] in serve(connection) }
    }
  }

  private func serve(_ connection: Int32) {
    defer { _ = close(connection) }
    Self.configure(connection)
    guard let path = Self.readRequestPath(connection) else { return }
    lock.withLock {
      requestedPaths.append(path)
      inFlight += 1
      maximumInFlight = max(maximumInFlight, inFlight)
    }
    defer { lock.withLock { inFlight -= 1 } }
    switch routes(path) {
    case .bytes(let status, let headers, let body):
      _ = send(connection, Self.head(status: status, headers: headers, length: body.count) + body)
    case .stream(let total, let declaresLength):
      stream(total: total, declaresLength: declaresLength, to: connection)
    case .delayed(let delay, let body):
      let until = Date().addingTimeInterval(min(delay, 10))
      while Date() < until, !isStopped { usleep(20_000) }
      _ = send(connection, Self.head(status: 200, headers: [:], length: body.count) + body)
    case .endless(let flood, let cap):
      self.flood(flood, cap: cap, to: connection)
    }
  }

  private func flood(_ flood: Flood, cap: Int, to connection: Int32) {
    defer { lock.withLock { streamsEnded += 1 } }
    let headers: [String: String]
    let first: Data
    let piece: Data
    switch flood {
    case .plain:
      (headers, first, piece) = ([:], Data(), Data(repeating: 0x42, count: 64 * 1024))
    case .chunked:
      let body = Data(repeating: 0x42, count: 64 * 1024)
      let framed = Data("10000\r\n".utf8) + body + Data("\r\n".utf8)
      (headers, first, piece) = (["Transfer-Encoding": "chunked"], Data(), framed)
    case .gzip:
      (headers, first, piece) = (["Content-Encoding": "gzip"], Self.gzipHeader, Self.zeroBlock)
    }
    guard send(connection, Self.head(status: 200, headers: headers, length: nil) + first) else {
      return
    }
    var sent = 0
    while sent < cap, !isStopped {
      guard send(connection, piece) else { return }
      sent += piece.count
      lock.withLock { streamedBytes += piece.count }
    }
  }

  private func stream(total: Int, declaresLength: Bool, to connection: Int32) {
    defer { lock.withLock { streamsEnded += 1 } }
    guard
      send(connection, Self.head(status: 200, headers: [:], length: declaresLength ? total : nil))
    else { return }
    let chunk = Data(repeating: 0x42, count: 64 * 1024)
    var sent = 0
    while sent < total, !isStopped {
      let piece = min(chunk.count, total - sent)
      guard send(connection, chunk.prefix(piece)) else { return }
      sent += piece
      lock.withLock { streamedBytes += piece }
      usleep(2_000)
    }
  }

  /// Writes all of `data`; `false` when the peer went away or the send timed out.
  private func send(_ connection: Int32, _ data: Data) -> Bool {
    data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Bool in
      var offset = 0
      while offset < buffer.count {
        guard let base = buffer.baseAddress else { return false }
        #if canImport(Glibc)
          let written = Glibc.send(
            connection, base + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
        #else
          let written = Darwin.send(connection, base + offset, buffer.count - offset, 0)
        #endif
        if written <= 0 { return false }
        offset += written
      }
      return true
    }
  }

  private static func head(status: Int, headers: [String: String], length: Int?) -> Data {
    var lines = ["HTTP/1.1 \(status) \(status < 400 ? "OK" : "Error")", "Connection: close"]
    if let length { lines.append("Content-Length: \(length)") }
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
      lines.append("\(name): \(value)")
    }
    return Data((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
  }

  /// Reads the request head (at most 16 KiB, bounded by the receive timeout) and returns the
  /// path of its request line.
  private static func readRequestPath(_ connection: Int32) -> String? {
    var head = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while head.count < 16 * 1024 {
      let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { return nil }
      head.append(contentsOf: buffer[0..<count])
      if head.range(of: Data("\r\n\r\n".utf8)) != nil { break }
    }
    let requestLine = String(decoding: head, as: UTF8.self).split(separator: "\r\n").first ?? ""
    let parts = requestLine.split(separator: " ")
    return parts.count >= 2 ? String(parts[1]) : nil
  }

  /// Send and receive timeouts of 5 s, and no SIGPIPE on Apple platforms.
  private static func configure(_ connection: Int32) {
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    let size = socklen_t(MemoryLayout<timeval>.size)
    _ = setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, size)
    _ = setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, size)
    #if canImport(Darwin)
      var one: Int32 = 1
      _ = setsockopt(
        connection, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
    #endif
  }
}
