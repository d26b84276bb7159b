/// Which id an imported project gets (see ``ProjectStore/importPackage(at:as:)``).
public enum ImportIdentity: Sendable, Hashable {
  /// What happens when the store already has a project under the package's id.
  public enum WhenTaken: Sendable, Hashable {
    /// Refuse the import with ``ProjectLibraryError/projectExists(_:)``; nothing is written.
    case refuse
    /// Save the package over the existing project (its document, metadata, thumbnail and
    /// name), as a save from this store would; its history and created date stay.
    case replace
    /// Import the package as a copy under a new id.
    case duplicate
  }

  /// A new project under a new id, as a copy is: importing one package twice gives two
  /// projects. The default.
  case copy
  /// The package's own id, as moving a project between stores needs; `whenTaken` says what
  /// happens when the store already has a project of that id (in its list or its trash).
  case packageID(whenTaken: WhenTaken)
}
