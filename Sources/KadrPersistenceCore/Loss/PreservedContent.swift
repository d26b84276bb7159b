import Foundation

/// Content that was kept without being understood: a kind no codec is registered for, read with
/// `preservingUnknown` and written back verbatim.
public struct PreservedContent: Sendable, Hashable, Codable, CustomStringConvertible {
  /// Where the content is.
  public let extensionPoint: ExtensionPoint
  /// Its kind id.
  public let kindID: KindID
  /// Its payload version, when it is not 1.
  public let payloadVersion: Int
  /// Where it is in the file.
  public let pointer: String

  /// Creates a record of preserved content.
  ///
  /// - Parameters:
  ///   - extensionPoint: Where the content is.
  ///   - kindID: Its kind id.
  ///   - payloadVersion: Its payload version.
  ///   - pointer: Where it is in the file.
  public init(extensionPoint: ExtensionPoint, kindID: KindID, payloadVersion: Int, pointer: String)
  {
    self.extensionPoint = extensionPoint
    self.kindID = kindID
    self.payloadVersion = payloadVersion
    self.pointer = pointer
  }

  /// For example `clip 'com.example.countdown' at /video/clips/2 (kept as read, not understood)`.
  public var description: String {
    let version = payloadVersion == 1 ? "" : " version \(payloadVersion)"
    return "\(extensionPoint) '\(kindID)'\(version) at \(pointer) (kept as read, not understood)"
  }
}
