import Foundation
import Testing

@testable import KadrS3

/// HMAC-SHA256 against RFC 4231's test cases (1, 2, 6: short key, text key, key over a block).
@Suite("HMAC-SHA256")
struct HMACSHA256Tests {
  @Test(
    "Matches RFC 4231",
    arguments: [
      (
        [UInt8](repeating: 0x0B, count: 20), Array("Hi There".utf8),
        "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
      ),
      (
        Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
      ),
      (
        [UInt8](repeating: 0xAA, count: 131),
        Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
        "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
      ),
    ])
  func matchesRFC4231(key: [UInt8], message: [UInt8], expected: String) {
    #expect(HMACSHA256.authenticationCode(key: key, message: message).lowercaseHex == expected)
  }
}
