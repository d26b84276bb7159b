import Foundation
import KadrModel
import KadrPersistenceCore

extension FileImageStore {
  /// A store for opening documents whose image tokens are absolute paths (`file:/Users/…/a.png`,
  /// as hand-written stores of the original kadr-persistence wrote them): each such image is
  /// copied into this store (``adoptImage(at:)``) as it is opened, and every other token is
  /// resolved by this store. Save the composition with this store and its tokens are the
  /// store's own, relative ones.
  ///
  /// ```swift
  /// let store = try FileImageStore(directory: images)
  /// let video = try KadrCoding.video(from: old, images: store.adoptingAbsolutePaths())
  /// let migrated = try KadrCoding.data(for: video, images: store)
  /// ```
  ///
  /// Use it only for documents the app itself wrote: it reads whatever file a token names.
  public func adoptingAbsolutePaths() -> some ImageStore {
    AbsolutePathAdoptingStore(store: self)
  }
}

/// Resolves absolute-path `file:` tokens by adopting the files into a ``FileImageStore``.
struct AbsolutePathAdoptingStore: ImageStore {
  let store: FileImageStore

  func token(for image: PlatformImage) throws -> String {
    try store.token(for: image)
  }

  func image(for token: String) throws -> PlatformImage {
    let scheme = FileImageStore.scheme + ":"
    guard token.hasPrefix(scheme + "/") else { return try store.image(for: token) }
    let path = String(token.dropFirst(scheme.count))
    return try store.image(for: store.adoptImage(at: URL(fileURLWithPath: path)))
  }
}
