import Foundation

/// How a `target_url` is read: as OpenTimelineIO's tools mean it, not as a strict URL.
///
/// OpenTimelineIO leaves `target_url` free-form and its tools fill it with whatever they have:
/// URLs, POSIX and Windows paths, paths relative to the `.otio` file (OTIO viewers, bundles).
/// Each form maps to the URL it names, and each rule that changed something is reported once.
enum MediaPath {
  /// The rule a target URL was read by.
  enum Rule: String, CaseIterable {
    /// A URL with a scheme, used as it is.
    case url
    /// `file://localhost/…`, the host dropped.
    case localhostFileURL
    /// A POSIX path, `/Users/…`.
    case posixPath
    /// A Windows drive path, `G:/media/a.mov` or `S:\path\x.exr`, or a file URL of one with an
    /// escaped colon.
    case windowsDrive
    /// A Windows UNC path, `\\server\share\x.mov`.
    case windowsUNC
    /// A relative path, resolved against the file's directory or the media root.
    case relativePath

    /// What the rule did, as a phrase for the report.
    var phrase: String {
      switch self {
      case .url: "used as URLs"
      case .localhostFileURL: "file://localhost/ URLs read as local file URLs"
      case .posixPath: "POSIX paths read as file URLs"
      case .windowsDrive: "Windows drive paths read as file URLs of the drive (file:///C:/…)"
      case .windowsUNC: "Windows UNC paths read as file URLs of their server (file://server/…)"
      case .relativePath: "relative paths resolved against"
      }
    }
  }

  /// What a target URL names.
  enum Resolution: Equatable {
    /// A URL kadr can play, and the rule that read it.
    case url(URL, Rule)
    /// A relative path with nothing to resolve it against.
    case unresolvedRelative(String)
    /// Empty or unreadable.
    case unusable
  }

  /// Reads `text`.
  ///
  /// - Parameters:
  ///   - text: A `target_url`.
  ///   - base: The directory relative paths resolve against, or `nil`.
  static func resolve(_ text: String, base: URL?) -> Resolution {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { return .unusable }
    if let drive = windowsDrivePath(trimmed) { return fileURL(path: "/" + drive, .windowsDrive) }
    if trimmed.hasPrefix("\\\\") || (trimmed.hasPrefix("//") && !trimmed.hasPrefix("///")) {
      let parts = trimmed.replacingOccurrences(of: "\\", with: "/").drop { $0 == "/" }
      let host = parts.prefix { $0 != "/" }
      let path = parts.dropFirst(host.count)
      var components = URLComponents()
      components.scheme = "file"
      components.host = String(host)
      components.path = path.isEmpty ? "/" : String(path)
      guard !host.isEmpty, let url = components.url else { return .unusable }
      return .url(url, .windowsUNC)
    }
    if trimmed.hasPrefix("/") { return fileURL(path: trimmed, .posixPath) }
    if let scheme = scheme(of: trimmed) {
      guard scheme == "file" else {
        guard let url = URL(string: trimmed) else { return .unusable }
        return .url(url, .url)
      }
      return fileURLText(trimmed)
    }
    let relative = trimmed.replacingOccurrences(of: "\\", with: "/")
    guard let base else { return .unresolvedRelative(relative) }
    let decoded = relative.removingPercentEncoding ?? relative
    return .url(base.appendingPathComponent(decoded).standardizedFileURL, .relativePath)
  }

  /// A `file:` URL's text: the host `localhost` dropped, a drive letter's escaped colon read.
  private static func fileURLText(_ text: String) -> Resolution {
    guard let components = URLComponents(string: text) else { return .unusable }
    var rule = Rule.url
    var path = components.percentEncodedPath.removingPercentEncoding ?? components.path
    let host = components.host ?? ""
    if host.lowercased() == "localhost" { rule = .localhostFileURL }
    if let drive = windowsDrivePath(String(path.drop { $0 == "/" })) {
      if !path.hasPrefix("/\(drive.prefix(2))") || text.contains("%3") { rule = .windowsDrive }
      path = "/" + drive
    }
    if host.isEmpty || host.lowercased() == "localhost" {
      return fileURL(path: path, rule)
    }
    var rebuilt = URLComponents()
    rebuilt.scheme = "file"
    rebuilt.host = host
    rebuilt.path = path
    guard let url = rebuilt.url else { return .unusable }
    return .url(url, rule)
  }

  private static func fileURL(path: String, _ rule: Rule) -> Resolution {
    .url(URL(fileURLWithPath: path).standardizedFileURL, rule)
  }

  /// `C:/media/a.mov` for `C:\media\a.mov`, `C:/media/a.mov` or `C%3a/media/a.mov`; else `nil`.
  static func windowsDrivePath(_ text: String) -> String? {
    var text = text
    for escaped in ["%3a", "%3A"] where text.dropFirst().hasPrefix(escaped) {
      text = String(text.prefix(1)) + ":" + text.dropFirst(1 + escaped.count)
    }
    let characters = Array(text.prefix(3))
    guard characters.count == 3, characters[0].isASCII, characters[0].isLetter,
      characters[1] == ":", characters[2] == "/" || characters[2] == "\\"
    else { return nil }
    return text.replacingOccurrences(of: "\\", with: "/")
  }

  /// The scheme of a URL's text: two or more letters, digits, `+`, `-` or `.` before `:`
  /// (one letter is a Windows drive).
  private static func scheme(of text: String) -> String? {
    guard let colon = text.firstIndex(of: ":") else { return nil }
    let scheme = text[..<colon]
    guard scheme.count >= 2, let first = scheme.first, first.isASCII, first.isLetter,
      scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
    else { return nil }
    return scheme.lowercased()
  }
}
