import Foundation
import KadrModel
import KadrPersistenceCore

extension KeyedEncoder {
  /// Writes the token of an image the value cannot stand without (an image clip's, an image
  /// overlay's); when the image cannot be saved, its loss is reported and the whole value is left
  /// out, rather than written without a field that opening requires.
  ///
  /// - Parameters:
  ///   - image: The image.
  ///   - key: The key of its token.
  /// - Returns: Whether the token was written; when `false`, write nothing more.
  /// - Throws: ``PersistenceError`` when the image store fails.
  @discardableResult
  public mutating func encode(requiredImage image: PlatformImage, for key: Key)
    throws -> Bool
  {
    guard try encode(image: image, for: key) else {
      omitValue()
      return false
    }
    return true
  }
}
