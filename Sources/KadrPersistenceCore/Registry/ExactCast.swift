import KadrModel

// Casting from the registry's existentials (`any Clip`, …) to a codec's model type by opening
// the existential and comparing types (a pointer comparison), not by `as?`, which searched
// protocol conformances for every value saved. Exact, as the registry's lookup by dynamic type is.

/// `value` as `Model`, when that is its dynamic type.
@inlinable
func exactCast<Model>(_ value: any Clip, to model: Model.Type) -> Model? {
  func open<Opened: Clip>(_ opened: Opened) -> Model? { same(opened, as: model) }
  return open(value)
}

/// `value` as `Model`, when that is its dynamic type.
@inlinable
func exactCast<Model>(_ value: any Overlay, to model: Model.Type) -> Model? {
  func open<Opened: Overlay>(_ opened: Opened) -> Model? { same(opened, as: model) }
  return open(value)
}

/// `value` as `Model`, when that is its dynamic type.
@inlinable
func exactCast<Model>(_ value: any TextAnimation, to model: Model.Type) -> Model? {
  func open<Opened: TextAnimation>(_ opened: Opened) -> Model? { same(opened, as: model) }
  return open(value)
}

/// `value` as `Model`, when that is its dynamic type.
@inlinable
func exactCast<Model>(_ value: any CustomFilter, to model: Model.Type) -> Model? {
  func open<Opened: CustomFilter>(_ opened: Opened) -> Model? { same(opened, as: model) }
  return open(value)
}

/// `value` as `Model`, when that is its dynamic type.
@inlinable
func exactCast<Model>(_ value: any Sendable, to model: Model.Type) -> Model? {
  func open<Opened: Sendable>(_ opened: Opened) -> Model? { same(opened, as: model) }
  return open(value)
}

/// `value` as `Model` if `Opened` is exactly `Model`: a comparison of two types, then the
/// standard library's identity cast, which checks the same equality and reinterprets nothing
/// else (the run-time's general cast cost about 125 instructions a value unspecialised).
@inlinable @inline(__always)
func same<Opened, Model>(_ value: Opened, as model: Model.Type) -> Model? {
  guard Opened.self == Model.self else { return nil }
  return _identityCast(value, to: Model.self)
}
