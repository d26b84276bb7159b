import Foundation
import KadrProjectLibrary

/// The app metadata the contract's projects carry: a note (any text) and a zoom.
public struct ContractMetadata: ProjectMetadata, Hashable {
  /// Version 1.
  public static let version = 1
  /// Any text, hostile text included.
  public var note: String
  /// A number.
  public var zoom: Double

  /// Creates metadata.
  ///
  /// - Parameters:
  ///   - note: Any text.
  ///   - zoom: A number.
  public init(note: String = "", zoom: Double = 1) {
    self.note = note
    self.zoom = zoom
  }
}
