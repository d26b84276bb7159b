import Foundation

/// Everything a save would lose, and everything kept without being understood.
///
/// A versioned `Codable` value: ``version`` changes when the shape changes.
public struct LossReport: Sendable, Hashable, Codable {
  /// The version of this report's shape.
  public static let currentVersion = 2

  /// The version of this report's shape.
  public let version: Int
  /// Content the file cannot hold.
  public let losses: [Loss]
  /// Content kept verbatim without being understood.
  public let preserved: [PreservedContent]

  /// Creates a report.
  ///
  /// - Parameters:
  ///   - losses: Content the file cannot hold.
  ///   - preserved: Content kept verbatim without being understood.
  public init(losses: [Loss], preserved: [PreservedContent] = []) {
    self.version = LossReport.currentVersion
    self.losses = losses
    self.preserved = preserved
  }

  /// Whether nothing would be lost (preserved content is not loss).
  public var isLossless: Bool { losses.isEmpty }

  /// A readable rendering: one line per loss, then one per preserved item.
  public func rendered() -> String {
    var lines: [String] = []
    if losses.isEmpty {
      lines.append("No loss: everything in the composition is saved.")
    } else {
      lines.append(
        losses.count == 1 ? "1 item cannot be saved:" : "\(losses.count) items cannot be saved:")
      lines += losses.map { "  - \($0)" }
    }
    if !preserved.isEmpty {
      lines.append(
        preserved.count == 1
          ? "1 item kept as read without being understood:"
          : "\(preserved.count) items kept as read without being understood:")
      lines += preserved.map { "  - \($0)" }
    }
    return lines.joined(separator: "\n")
  }
}
