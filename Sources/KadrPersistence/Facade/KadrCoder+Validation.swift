import Foundation

extension KadrCoder {
  /// Checks a document's bytes and returns every error it holds, not only the first.
  ///
  /// Reading goes on after each error it can step over: a clip or overlay that cannot be read is
  /// recorded (the first error inside it) and reading continues with the next one; a required
  /// member missing from the composition itself (its `audioTracks`, its `preset`) is recorded and
  /// reading continues as if it held an empty composition's value. Malformed JSON, a schema
  /// that cannot be read and the limits still end the check at once. Use it where a person fixes
  /// a file by hand, so one run tells them everything; use ``open(_:images:)-(Data,_)`` to open.
  ///
  /// ```swift
  /// let result = KadrCoder().validate(data)
  /// for error in result.errors { print(error.pointer?.description ?? "", error.reason) }
  /// ```
  ///
  /// - Parameters:
  ///   - data: The document.
  ///   - images: Where image tokens are resolved, as when opening.
  ///   - maximumErrors: The most errors to return (the rest are counted in
  ///     ``DocumentValidation/unreportedErrorCount``); 20 by default.
  /// - Returns: The errors, or the opened document when there are none.
  public func validate(
    _ data: Data, images: (any ImageStore)? = nil, maximumErrors: Int = 20
  ) -> DocumentValidation {
    validate(data, images: images, maximumErrors: maximumErrors, progress: nil)
  }

  /// Checks a document's bytes as ``validate(_:images:maximumErrors:)`` does, telling
  /// `progress` how far it is (0…1).
  package func validate(
    _ data: Data, images: (any ImageStore)?, maximumErrors: Int,
    progress: ((Double) -> Void)?
  ) -> DocumentValidation {
    let result = documentCoder.validate(
      Video.self, from: data, images: images,
      // The values a missing member of the composition is read as, so reading can go on.
      template: try? documentCoder.encodeJSON(Video {}).json,
      maximumErrors: max(1, maximumErrors), progress: progress)
    return DocumentValidation(
      errors: result.errors, unreportedErrorCount: result.unreported, schema: result.schema,
      opened: result.opened)
  }

  /// Opens a document's bytes as ``open(_:images:)-(Data,_)`` does, telling `progress` how far
  /// it is (0…1), for a progress display of a long open (the tool's, on a terminal).
  package func open(
    _ data: Data, images: (any ImageStore)?, progress: @escaping (Double) -> Void
  ) throws -> DecodedDocument<Video> {
    try documentCoder.decode(Video.self, from: data, images: images, progress: progress)
  }
}
