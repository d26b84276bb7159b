import Foundation
import KadrPersistence

/// Where a still's asset points: a `FileImageStore` image by its file URL, a web image by its
/// URL, any other image by its token (a URI of the store's scheme). ``token(forSource:in:)``
/// turns a source back into the token the same store reads.
enum ImageSource {
  static func source(forToken token: String, in store: any ImageStore) -> String {
    if isRemote(token) { return token }
    if FileImageStore.isToken(token), let files = fileStore(in: store) {
      let name = String(token.dropFirst(FileImageStore.scheme.count + 1))
      return files.directory.appendingPathComponent(name).absoluteString
    }
    return token
  }

  /// The token of `source` for `store`: a file URL inside a file store's directory is that
  /// store's token; anything else is the source itself.
  static func token(forSource source: String, in store: any ImageStore) -> String {
    if let url = URL(string: source), url.isFileURL, let files = fileStore(in: store),
      url.deletingLastPathComponent().standardizedFileURL.path
        == files.directory.standardizedFileURL.path
    {
      let token = FileImageStore.scheme + ":" + url.lastPathComponent
      if FileImageStore.isToken(token) { return token }
    }
    return source
  }

  private static func isRemote(_ text: String) -> Bool {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else { return false }
    return (scheme == "https" || scheme == "http") && url.host != nil
  }

  private static func fileStore(in store: any ImageStore) -> FileImageStore? {
    if let files = store as? FileImageStore { return files }
    if let routing = store as? RoutingImageStore {
      return routing.store(forScheme: FileImageStore.scheme) as? FileImageStore
    }
    return nil
  }
}
