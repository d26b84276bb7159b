import Foundation
import KadrModel
import KadrPersistence

/// Where an image token's file is, and which token a file or URL is.
///
/// Uses only public API: a `FileImageStore` token is `file:<name>` for the file `<name>` in the
/// store's directory, and a URL store's token is the URL itself.
enum ImageLocation {
  /// The URL that `token` names through `store`, or `nil` when the store gives none: a file
  /// store's file (also behind a routing store), or the token itself when it is an `http` or
  /// `https` URL.
  ///
  /// - Parameters:
  ///   - token: An image token.
  ///   - store: The store the token came from.
  static func url(forToken token: String, in store: (any ImageStore)?) -> URL? {
    if let remote = remoteURL(token) { return remote }
    guard FileImageStore.isToken(token), let files = fileStore(in: store) else { return nil }
    let name = String(token.dropFirst(FileImageStore.scheme.count + 1))
    return files.directory.appendingPathComponent(name)
  }

  /// The token that `url` names: `file:<name>` for a file whose name is a file store's (a
  /// content hash and an extension), the URL itself for an `http` or `https` URL; else `nil`.
  ///
  /// - Parameter url: A media reference's target URL.
  static func token(for url: URL) -> String? {
    if let remote = remoteURL(url.absoluteString) { return remote.absoluteString }
    guard url.isFileURL else { return nil }
    let token = FileImageStore.scheme + ":" + url.lastPathComponent
    return FileImageStore.isToken(token) ? token : nil
  }

  private static func remoteURL(_ text: String) -> URL? {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "https" || scheme == "http", url.host != nil
    else { return nil }
    return url
  }

  private static func fileStore(in store: (any ImageStore)?) -> FileImageStore? {
    if let files = store as? FileImageStore { return files }
    if let routing = store as? RoutingImageStore {
      return routing.store(forScheme: FileImageStore.scheme) as? FileImageStore
    }
    return nil
  }
}

/// The names this module gives clips and overlays, shared by the writer and the reader (which
/// takes a name that differs from this one as a new identity).
enum ItemNaming {
  /// A clip's name: its id, or else a label of its content.
  ///
  /// - Parameters:
  ///   - clip: The clip.
  ///   - kind: Its kind id.
  static func name(of clip: any Clip, kind: String) -> String {
    if let id = clip.clipID { return id.rawValue }
    switch clip {
    case let video as VideoClip: return video.url.lastPathComponent
    case let title as TitleSequence: return title.text
    default: return kind
    }
  }

  /// An overlay's name: its layer id, or else its text or kind.
  ///
  /// - Parameters:
  ///   - overlay: The overlay.
  ///   - kind: Its kind id.
  static func name(of overlay: any Overlay, kind: String) -> String {
    if let id = overlay.layerID { return id.rawValue }
    if let text = overlay as? TextOverlay { return text.text }
    return kind
  }

  /// A track's name: its label, or empty.
  static func name(of track: Track) -> String { track.name ?? "" }

  /// The name of the main chain's track.
  static let mainTrack = "Main"

  /// The name of a transition.
  static func name(of transition: Transition) -> String {
    switch transition {
    case .fade: "Fade"
    case .slide: "Slide"
    case .dissolve: "Dissolve"
    }
  }
}
