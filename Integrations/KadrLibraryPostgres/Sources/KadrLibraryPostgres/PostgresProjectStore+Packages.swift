import Foundation
import KadrPersistence
import KadrProjectLibrary

extension PostgresProjectStore {
  /// The coder of the store's documents (its registry, options and migrations), so project
  /// packages keep the plugin kinds the store knows (see `ProjectStore.export(_:to:)`).
  public var projectCoder: KadrCoder { coder() }
}
