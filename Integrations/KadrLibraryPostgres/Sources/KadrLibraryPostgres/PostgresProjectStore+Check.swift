// The PostgreSQL trait of kadr-persistence builds this module; without it, it is empty.
#if PostgreSQL
  import Foundation
  import KadrPersistence
  import KadrProjectLibrary

  extension PostgresProjectStore {
    /// Lists the projects and opens each with its images, moving those that do not open to the
    /// skipped; a project with missing images is skipped with every missing token (in the
    /// database, or, with an external image store, in its bucket), not only the first.
    ///
    /// - Returns: The listing; a project with missing images is skipped for
    ///   `SkippedProject.Reason.missingImages`, with a detail that names every missing token
    ///   (``PostgresProjectStoreError/missingImages(_:tokens:)``'s description).
    /// - Throws: What ``list()`` throws.
    public func check() throws -> ProjectListing<Metadata> {
      let listing = try list()
      var projects: [ProjectSummary<Metadata>] = []
      var skipped = listing.skipped
      for project in listing.projects {
        do {
          let opened = try open(project.id, preservingUnknown: false, missingImages: .placeholder)
          var missing = Set(opened.unresolvedImageTokens)
          if let thumbnail = project.thumbnailToken, !missing.contains(thumbnail) {
            do {
              _ = try images.image(for: thumbnail)
            } catch PersistenceError.imageUnresolvable {
              missing.insert(thumbnail)
            }
          }
          guard missing.isEmpty else {
            let error = PostgresProjectStoreError.missingImages(
              project.id, tokens: missing.sorted())
            skipped.append(
              SkippedProject(
                id: project.id, name: project.name, file: Self.location(of: project.id),
                reason: .missingImages, detail: error.description))
            continue
          }
          projects.append(project)
        } catch {
          skipped.append(
            SkippedProject(
              id: project.id, name: project.name,
              file: Self.location(of: project.id),
              openError: error))
        }
      }
      return ProjectListing(projects: projects, skipped: skipped.sorted { $0.id < $1.id })
    }

    /// A project's place in a listing: the store has no files, so a URL of its id.
    static func location(of id: ProjectID) -> URL {
      URL(string: "kadr-project:\(id.rawValue)") ?? URL(fileURLWithPath: "/")
    }
  }
#endif
