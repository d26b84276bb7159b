import Foundation
import KadrModel
import KadrPersistence
import Testing

@Suite("Prefetched image store")
struct PrefetchedImageStoreTests {
  typealias Support = StoreTestSupport

  @Test func servesExactlyTheTokensItWasGiven() throws {
    let image = Support.png(1)
    let store = PrefetchedImageStore(["photo:A": image])
    #expect(try store.image(for: "photo:A") === image)
    #expect(throws: PersistenceError.imageUnresolvable(token: "photo:B")) {
      try store.image(for: "photo:B")
    }
    #expect(store.tokens == ["photo:A"])
    #expect(store.count == 1)
  }

  @Test func mapsItsImageObjectsBackToTheirTokens() throws {
    let image = Support.png(1)
    let store = PrefetchedImageStore(["photo:A": image])
    #expect(try store.token(for: image) == "photo:A")
    #expect(store.recalledToken(for: image) == "photo:A")
    // Equal bytes in another object are a new image, which this store cannot save.
    #expect(throws: PersistenceError.imageNotEncodable) { try store.token(for: Support.png(1)) }
    #expect(store.recalledToken(for: Support.png(1)) == nil)
  }

  @Test func givesTheSmallestTokenForAnImageGivenTwice() throws {
    let image = Support.png(2)
    for _ in 0..<20 {
      let store = PrefetchedImageStore(["photo:b": image, "photo:a": image, "photo:c": image])
      #expect(try store.token(for: image) == "photo:a")
    }
  }
}
