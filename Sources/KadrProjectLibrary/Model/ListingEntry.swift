/// One project directory as listed: a summary, or why it is skipped.
enum ListingEntry<Metadata: ProjectMetadata> {
  case listed(ProjectSummary<Metadata>)
  case skipped(SkippedProject)
}
