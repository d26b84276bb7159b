@_exported import KadrModel
@_exported import KadrPersistenceCore
