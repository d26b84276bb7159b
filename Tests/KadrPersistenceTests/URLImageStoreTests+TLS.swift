import Foundation
import KadrPersistence
import Testing

/// A real TLS server on loopback (Python's `ssl` with a certificate `openssl` makes for the
/// test): the store must check the server's certificate, on Linux where it drives libcurl
/// itself as on Apple platforms.
@Suite("URL image store: TLS")
struct URLImageStoreTLSTests {
  /// A one-shot HTTPS server with a self-signed certificate for 127.0.0.1.
  final class SelfSignedServer {
    let directory: URL
    let process = Process()
    let port: Int

    init() throws {
      directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "kadr-tls-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let certificate = directory.appendingPathComponent("certificate.pem").path
      let key = directory.appendingPathComponent("key.pem").path
      try Self.run(
        "/usr/bin/env",
        [
          "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
          "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out",
          certificate,
        ])
      let output = Pipe()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["python3", "-c", Self.server, certificate, key]
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
      let line = output.fileHandleForReading.availableData
      guard
        let port = Int(
          String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
      else { throw CocoaError(.fileReadCorruptFile) }
      self.port = port
    }

    deinit {
      process.terminate()
      try? FileManager.default.removeItem(at: directory)
    }

    /// Answers every GET with the 8 bytes of a PNG signature, over TLS; prints its port.
    static let server = """
      import http.server, ssl, sys
      class Handler(http.server.BaseHTTPRequestHandler):
          def do_GET(self):
              self.send_response(200)
              self.send_header("Content-Length", "8")
              self.end_headers()
              self.wfile.write(b"\\x89PNG\\r\\n\\x1a\\n")
          def log_message(self, *arguments):
              pass
      server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
      context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
      context.load_cert_chain(sys.argv[1], sys.argv[2])
      server.socket = context.wrap_socket(server.socket, server_side=True)
      print(server.server_address[1], flush=True)
      server.timeout = 60
      for _ in range(4):
          try:
              server.handle_request()
          except Exception:
              pass
      """

    private static func run(_ executable: String, _ arguments: [String]) throws {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = arguments
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
    }
  }

  @Test(arguments: URLFetcher.all)
  func aServerWhoseCertificateIsNotTrustedIsRefused(_ fetcher: URLFetcher) async throws {
    let server = try SelfSignedServer()
    let token = "https://127.0.0.1:\(server.port)/image.png"
    let error = await prefetchFailure([token], from: fetcher.store())
    guard case .transport(let refused, let reason)? = error else {
      Issue.record("expected a transport refusal, got \(String(describing: error))")
      return
    }
    #expect(refused == token)
    #expect(reason.lowercased().contains("certificate"))
  }
}
