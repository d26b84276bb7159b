import Foundation

/// Fixed model types: plain objects found by the static type.
extension CodecRegistry {
  func encodeModel<Model: Sendable>(_ model: Model, to encoder: ValueEncoder)
    throws(PersistenceError) -> WrittenJSON
  {
    let pointer = encoder.pointer
    guard let codec = models.codec(forType: ObjectIdentifier(Model.self)) else {
      throw PersistenceError(.noCodecForRoot(type: String(reflecting: Model.self)), at: pointer)
    }
    do throws(PersistenceError) {
      guard
        let written = try codec.encode(
          model, encoder, [], { _, findings in encoder.session.record(findings, at: encoder) })
      else {
        throw PersistenceError(.noCodecForRoot(type: String(reflecting: Model.self)), at: pointer)
      }
      return written
    } catch {
      throw error.attributed(to: codec.kindID, at: .model)
    }
  }

  func decodeModel<Model: Sendable>(
    _ type: Model.Type, from decoder: ValueDecoder, session: CodingSession
  ) throws(PersistenceError) -> Model {
    guard let codec = models.codec(forType: ObjectIdentifier(Model.self)) else {
      throw decoder.error(.noCodecForRoot(type: String(reflecting: Model.self)))
    }
    guard case .object(let object) = decoder.json else {
      throw decoder.typeMismatch(expected: "an object")
    }
    do throws(PersistenceError) {
      guard let model = try codec.decode(object, session, decoder.pointer) as? Model else {
        throw decoder.error(.noCodecForRoot(type: String(reflecting: Model.self)))
      }
      return model
    } catch {
      throw error.attributed(to: codec.kindID, at: .model)
    }
  }
}
