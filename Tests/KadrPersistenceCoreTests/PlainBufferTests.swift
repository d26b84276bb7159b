import Foundation
import Testing

@testable import KadrPersistenceCore

/// The buffer the decoding contexts keep their path nodes and member positions in: every slot
/// holds a value, growing keeps them all, and an index past the room traps rather than reading
/// memory that is not the buffer's.
@Suite("Plain buffer")
struct PlainBufferTests {
  @Test func growingKeepsEveryValueAndFillsTheNewSlots() {
    var buffer = PlainBuffer(capacity: 4, filler: -1)
    for index in 0..<4 { buffer[index] = index * 10 }
    buffer.reserve(5)
    // At least twice the room, so that pushing one slot at a time grows rarely.
    #expect(buffer.capacity == 8)
    #expect((0..<4).map { buffer[$0] } == [0, 10, 20, 30])
    #expect((4..<8).map { buffer[$0] } == [-1, -1, -1, -1])
    buffer.reserve(100)
    #expect(buffer.capacity == 100)
    #expect(buffer[3] == 30)
    #expect(buffer[99] == -1)
  }

  @Test func reservingWhatItHasChangesNothing() {
    var buffer = PlainBuffer(capacity: 16, filler: 0)
    buffer[15] = 7
    buffer.reserve(16)
    #expect(buffer.capacity == 16)
    #expect(buffer[15] == 7)
  }

  @Test func shrinkingPastTheLimitStartsOverWithTheFiller() {
    var buffer = PlainBuffer(capacity: 8, filler: 0)
    buffer[1] = 5
    // Not past the limit: kept as it is.
    buffer.shrink(to: 2, ifAbove: 8)
    #expect(buffer.capacity == 8)
    #expect(buffer[1] == 5)
    buffer.reserve(64)
    buffer[40] = 9
    buffer.shrink(to: 2, ifAbove: 8)
    #expect(buffer.capacity == 2)
    #expect(buffer[0] == 0 && buffer[1] == 0)
  }

  @Test func anIndexPastTheRoomTraps() async {
    await #expect(processExitsWith: .failure) {
      var buffer = PlainBuffer(capacity: 4, filler: 0)
      buffer.reserve(8)
      _ = buffer[8]
    }
  }

  @Test func aNegativeIndexTraps() async {
    await #expect(processExitsWith: .failure) {
      let buffer = PlainBuffer(capacity: 4, filler: 0)
      _ = buffer[-1]
    }
  }
}
