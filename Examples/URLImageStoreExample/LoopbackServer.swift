import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 with an ephemeral port, serving fixed files.
///
/// Every loop is bounded: it accepts at most ``maximumConnections`` connections, stops accepting
/// after ``lifetime`` seconds even if nobody calls ``stop()``, reads at most 16 KiB of request
/// head, and every socket has send and receive timeouts. Each connection gets one answer and is
/// closed (`Connection: close`).
final class LoopbackServer: @unchecked Sendable {
  // @unchecked Sendable: `stopped` and `requested` are used only while `lock` is held; the
  // listening socket is closed only by the accept thread; everything else is a constant.
  let port: UInt16
  let maximumConnections = 64
  let lifetime: TimeInterval = 30

  private let files: [String: Data]
  private let listener: Int32
  private let lock = NSLock()
  private var stopped = false
  private var requested: [String] = []

  /// Starts serving `files` (path → body, such as `"/photos/sea.png"`); other paths are 404.
  ///
  /// - Throws: `POSIXError` when no socket can be bound on the loopback interface.
  init(files: [String: Data]) throws {
    self.files = files
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
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    guard bound == 0, named == 0, listen(descriptor, 16) == 0 else {
      _ = close(descriptor)
      throw POSIXError(.EADDRNOTAVAIL)
    }
    listener = descriptor
    port = UInt16(bigEndian: address.sin_port)
    Thread.detachNewThread { [self] in acceptLoop() }
  }

  /// `http://127.0.0.1:<port>`.
  var baseURL: String { "http://127.0.0.1:\(port)" }

  /// The paths requested so far, in order.
  var requestedPaths: [String] { lock.withLock { requested } }

  /// Stops accepting connections.
  func stop() { lock.withLock { stopped = true } }

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
    lock.withLock { requested.append(path) }
    let body = files[path]
    let status = body == nil ? "404 Not Found" : "200 OK"
    let payload = body ?? Data("not found".utf8)
    let head = [
      "HTTP/1.1 \(status)", "Connection: close", "Content-Length: \(payload.count)",
      "Content-Type: \(body == nil ? "text/plain" : "image/png")",
    ]
    _ = send(connection, Data((head.joined(separator: "\r\n") + "\r\n\r\n").utf8) + payload)
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

  /// Reads the request head (at most 16 KiB) and returns the path of its request line.
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
