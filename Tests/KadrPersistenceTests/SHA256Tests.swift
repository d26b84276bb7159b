import Foundation
import KadrPersistence
import Testing

@Suite("SHA-256")
struct SHA256Tests {
  /// The examples of FIPS 180-4 (and its companion example document), with their digests.
  static let fipsVectors: [(message: String, digest: String)] = [
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
  ]

  @Test(arguments: fipsVectors)
  func matchesFIPSExample(message: String, digest: String) {
    #expect(SHA256.hash(Data(message.utf8)).hexString == digest)
  }

  @Test func matchesFIPSExampleOfOneMillionA() {
    let message = Data(repeating: UInt8(ascii: "a"), count: 1_000_000)
    #expect(
      SHA256.hash(message).hexString
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test func givesThirtyTwoBytesAndSixtyFourLowercaseDigits() {
    let digest = SHA256.hash(Data("abc".utf8))
    #expect(digest.bytes.count == 32)
    #expect(digest.hexString.count == 64)
    #expect(digest.hexString.allSatisfy { "0123456789abcdef".contains($0) })
    #expect(digest.description == digest.hexString)
  }

  @Test func givesTheSameDigestWhateverThePieces() {
    let message = Data((0..<300).map { UInt8(truncatingIfNeeded: $0 &* 7) })
    let whole = SHA256.hash(message)
    for split in [1, 55, 56, 63, 64, 65, 128, 299] {
      var hasher = SHA256()
      hasher.update(message.prefix(split))
      hasher.update(message.dropFirst(split))
      #expect(hasher.finalize() == whole, "split at \(split)")
    }
    var byteByByte = SHA256()
    for byte in message { byteByByte.update(Data([byte])) }
    #expect(byteByByte.finalize() == whole)
  }

  @Test func finalizeLeavesTheHasherUsable() {
    var hasher = SHA256()
    hasher.update(Data("ab".utf8))
    _ = hasher.finalize()
    hasher.update(Data("c".utf8))
    #expect(hasher.finalize() == SHA256.hash(Data("abc".utf8)))
  }

  /// Lengths around the padding boundaries (55/56 and 63/64/65 bytes) and a few larger ones.
  static let randomLengths = [0, 1, 3, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1_000, 65_537]

  @Test(.enabled(if: SystemDigest.isAvailable), arguments: randomLengths)
  func agreesWithTheSystemCommandOnRandomData(length: Int) throws {
    var generator = SystemRandomNumberGenerator()
    let data = Data((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
    let expected = try SystemDigest.sha256(of: data)
    #expect(SHA256.hash(data).hexString == expected, "length \(length)")
  }

  /// The digest a content-addressed store names a picture by, public for stores outside the
  /// package: the system command's digest of the picture's file.
  @Test(.enabled(if: SystemDigest.isAvailable))
  func aPicturesDigestIsItsFilesDigest() throws {
    let picture = PlatformImage.solidColor(PlatformColor(red: 0.3, green: 0.6, blue: 0.9), width: 9)
    #expect(picture.sha256 == (try SystemDigest.sha256(of: picture.data)))
    #expect(picture.sha256.count == 64)
  }
}

/// Runs `sha256sum` (or `shasum -a 256` where that is what the system has) on a file.
enum SystemDigest {
  static let command: (path: String, arguments: [String])? = {
    let candidates: [(String, [String])] = [
      ("/usr/bin/sha256sum", []), ("/bin/sha256sum", []), ("/usr/bin/shasum", ["-a", "256"]),
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.0) }
  }()

  static var isAvailable: Bool { command != nil }

  static func sha256(of data: Data) throws -> String {
    guard let command else { throw CocoaError(.featureUnsupported) }
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("kadr-sha-\(UUID().uuidString)")
    try data.write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: command.path)
    process.arguments = command.arguments + [file.path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return String(text.prefix(64))
  }
}
