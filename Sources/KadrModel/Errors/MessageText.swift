import Foundation

extension URL {
  /// The name an error message shows for this URL: its last path component (`clip-04.mov`); the
  /// host for a URL with no path; the whole URL only when it has neither.
  ///
  /// Messages end up in alerts, where a whole sandbox path is noise to the user and shows the
  /// device's layout; the error value itself keeps the whole URL for the developer.
  var nameForMessages: String {
    let name = lastPathComponent
    if !name.isEmpty, name != "/" { return name }
    if let host, !host.isEmpty { return host }
    return absoluteString
  }
}

extension String {
  /// This text ending with a full stop, without doubling one it already ends with (a sentence
  /// from elsewhere, such as a parser's reason, is put into ours as it is).
  var endingAsSentence: String {
    guard let last else { return self }
    return ".!?…".contains(last) ? self : self + "."
  }
}
