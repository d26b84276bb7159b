import Foundation
import KadrModel
import KadrPersistenceCore

/// The store a loss search saves images with: it answers as the real store would, writing
/// nothing.
struct DryRunImageStore: ImageStore {
  let store: any ImageStore

  init(_ store: any ImageStore) { self.store = store }

  func token(for image: PlatformImage) throws -> String {
    guard let recalling = store as? any TokenRecallingImageStore else { return "dry-run:" }
    guard let token = recalling.recalledToken(for: image) else {
      throw ImageStoreError.cannotStoreNewImages("dry run")
    }
    return token
  }

  func image(for token: String) throws -> PlatformImage {
    throw PersistenceError.imageUnresolvable(token: token)
  }
}
