import Foundation
import Testing

@testable import KadrPersistenceCore

/// The keeper that lends the decoders their context: it lends each object to one borrower at a
/// time, lends it again once given back, and never deallocates it, so a `Lent` reference kept
/// past its borrower (or its keeper) still reaches a live object.
@Suite("Keeper")
struct KeeperTests {
  private final class Box {
    var value = 0
  }

  @Test func lendsOneObjectToEachBorrowerAndTheSameAgainOnceGivenBack() {
    let keeper = Keeper<Box>()
    var made = 0
    let first = keeper.lend {
      made += 1
      return Box()
    }
    let second = keeper.lend {
      made += 1
      return Box()
    }
    #expect(made == 2)
    #expect(first.object !== second.object)
    first.with { $0.value = 7 }
    keeper.giveBack(first)
    let third = keeper.lend {
      made += 1
      return Box()
    }
    #expect(made == 2)
    #expect(third.object === first.object)
    #expect(third.with { $0.value } == 7)
  }

  @Test func anObjectOutlivesItsKeeper() {
    weak var watched: Box?
    var lent: Lent<Box>?
    do {
      let keeper = Keeper<Box>()
      let box = keeper.lend { Box() }
      box.with { $0.value = 3 }
      watched = box.object
      lent = box
    }
    // The keeper is gone; what it lent is not.
    #expect(watched != nil)
    #expect(lent?.with { $0.value } == 3)
  }

  @Test func givingAnObjectBackTwiceTraps() async {
    await #expect(processExitsWith: .failure) {
      let keeper = Keeper<NSObject>()
      let lent = keeper.lend { NSObject() }
      keeper.giveBack(lent)
      keeper.giveBack(lent)
    }
  }

  @Test func givingAnObjectBackToAnotherKeeperTraps() async {
    await #expect(processExitsWith: .failure) {
      let lent = Keeper<NSObject>().lend { NSObject() }
      Keeper<NSObject>().giveBack(lent)
    }
  }

  @Test func aDecodingContextIsLentAgainAfterItsOpen() {
    // Two opens one after the other read with the same context, each with a reading number
    // of its own (what the tapes' shape notes are remembered for).
    let session = CodingSession(registry: CodecRegistry(), options: CodingOptions(), images: nil)
    let first = DecodingContexts.lend(to: session)
    let firstReader = first.with { $0.reader }
    DecodingContexts.giveBack(first)
    let second = DecodingContexts.lend(to: session)
    defer { DecodingContexts.giveBack(second) }
    #expect(second.with { $0.reader } > firstReader)
  }
}
