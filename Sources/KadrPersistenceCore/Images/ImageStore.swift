import Foundation
import KadrModel

/// Maps images to tokens (strings written in files) and tokens back to images.
///
/// A token carries a scheme (`file:`, `https:`, `photo:`), so a routing store can send each token
/// to the store that understands it. Documents never hold pixels, only tokens.
///
/// ## Implementation requirements
///
/// - **Stable tokens.** Saving the same image twice gives the same token.
/// - **Round trip.** `image(for: token(for: x))` has the same bytes as `x`.
/// - **Errors, not guesses.** A token the store cannot resolve throws; it never returns a
///   different picture.
/// - **Thread safety.** Stores are used from many tasks at once.
public protocol ImageStore: Sendable {
  /// Returns the token under which `image` is saved, saving it first if needed.
  ///
  /// - Parameter image: The image to save.
  /// - Returns: The token to write in the document.
  /// - Throws: Any error of the store; the coder reports it with the JSON pointer.
  func token(for image: PlatformImage) throws -> String

  /// Returns the image saved under `token`.
  ///
  /// - Parameter token: A token read from a document.
  /// - Returns: The image.
  /// - Throws: Any error of the store; the coder reports it with the token and JSON pointer.
  func image(for token: String) throws -> PlatformImage
}
