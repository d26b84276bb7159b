import Foundation

/// A request signed by ``SignatureV4``, with the intermediate texts that the test suite checks.
package struct SignedRequest: Sendable, Hashable {
  /// The request as it is sent: the original headers and query with the signer's added after.
  package var request: SignableRequest
  /// The canonical request that was hashed.
  package var canonicalRequest: String
  /// The string to sign.
  package var stringToSign: String
  /// The signature, 64 lowercase hex digits.
  package var signature: String
}
