import Foundation

/// Fixed model types: plain objects found by the static type.
extension CodecRegistry {
  func encodeModel<Model: Sendable>(_ model: Model, to encoder: ValueEncoder)
    throws -> WrittenJSON
  {
    let pointer = encoder.pointer
    guard let codec = models.codec(forType: ObjectIdentifier(Model.self)) else {
      throw PersistenceError(.noCodecForRoot(type: String(reflecting: Model.self)), at: pointer)
    }
    do throws {
      guard
        let written = try codec.encode(model, encoder, nil, true)
      else {
        throw PersistenceError(.noCodecForRoot(type: String(reflecting: Model.self)), at: pointer)
      }
      return written
    } catch {
      throw PersistenceError.wrapping(error).attributed(to: codec.kindID, at: .model)
    }
  }

  func decodeModel<Model: Sendable>(
    _ type: Model.Type, from decoder: ValueDecoder, session: CodingSession
  ) throws -> Model {
    let context = decoder.context
    guard let codec = context.modelCodecs.codec(for: ObjectIdentifier(Model.self))
    else {
      throw decoder.error(.noCodecForRoot(type: String(reflecting: Model.self)))
    }
    guard decoder.tape.tag(at: decoder.index) == .object else {
      throw decoder.typeMismatch(expected: "an object")
    }
    // The path nodes of this model are no use once its codec has returned.
    let mark = context.nodeMark
    defer { context.drop(to: mark) }
    do throws {
      guard let model = try codec.decodePayload(decoder, -1) as? Model
      else {
        throw decoder.error(.noCodecForRoot(type: String(reflecting: Model.self)))
      }
      return model
    } catch {
      throw PersistenceError.wrapping(error).attributed(to: codec.codec.kindID, at: .model)
    }
  }
}
