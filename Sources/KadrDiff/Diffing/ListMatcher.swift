import KadrPersistence

/// Matches the values of two lists by identity and finds which matched values moved.
///
/// Values are matched by key. Among values with equal keys (values with no identity of their
/// own, such as two titles with no clip id), identical values are paired first, in order; the
/// rest pair in order, the first left before with the first left after (the documented
/// fallback). A matched value moved when it is outside the longest increasing
/// subsequence of after positions taken in before order: inserting one value moves nothing,
/// and swapping two moves one.
struct ListMatcher {
  /// The matched pairs `(before, after)`, in before order.
  private(set) var pairs: [(before: Int, after: Int)] = []
  /// The after index matched to each before index.
  private(set) var afterOfBefore: [Int?]
  /// The before index matched to each after index.
  private(set) var beforeOfAfter: [Int?]
  /// The after indices of matched values that moved.
  private(set) var moved: Set<Int> = []

  /// Matches `before` against `after` by their records' keys and contents.
  init(before: [Record], after: [Record]) {
    afterOfBefore = Array(repeating: nil, count: before.count)
    beforeOfAfter = Array(repeating: nil, count: after.count)
    // Keys that occur more than once on either side get the identical-first pass.
    var counts: [String: Int] = [:]
    counts.reserveCapacity(after.count)
    for record in after { counts[record.key, default: 0] += 1 }
    var repeated = Set(counts.filter { $0.value > 1 }.keys)
    var seen = Set<String>()
    for record in before where !seen.insert(record.key).inserted { repeated.insert(record.key) }
    if !repeated.isEmpty {
      pair(before, after) { record in
        repeated.contains(record.key) ? ExactKey(key: record.key, content: record.content) : nil
      }
    }
    pair(before, after) { ExactKey(key: $0.key, content: nil) }
    pairs.sort { $0.before < $1.before }
    let stable = Set(Self.longestIncreasing(pairs.map(\.after)))
    moved = Set(pairs.map(\.after).filter { !stable.contains($0) })
  }

  /// A key, with the whole content for the identical-first pass.
  private struct ExactKey: Hashable {
    let key: String
    let content: JSONValue?
  }

  /// Pairs the values still unpaired whose `identity` is equal, in order.
  private mutating func pair(_ before: [Record], _ after: [Record], identity: (Record) -> ExactKey?)
  {
    var queues: [ExactKey: [Int]] = [:]
    for (index, record) in after.enumerated() where beforeOfAfter[index] == nil {
      if let key = identity(record) { queues[key, default: []].append(index) }
    }
    guard !queues.isEmpty else { return }
    var cursors: [ExactKey: Int] = [:]
    for (index, record) in before.enumerated() where afterOfBefore[index] == nil {
      guard let key = identity(record), let queue = queues[key] else { continue }
      let cursor = cursors[key, default: 0]
      guard cursor < queue.count else { continue }
      cursors[key] = cursor + 1
      pairs.append((index, queue[cursor]))
      afterOfBefore[index] = queue[cursor]
      beforeOfAfter[queue[cursor]] = index
    }
  }

  /// The values of the longest strictly increasing subsequence of `values` (patience sorting,
  /// O(n log n)).
  static func longestIncreasing(_ values: [Int]) -> [Int] {
    var tails: [Int] = []  // index into values of the smallest tail of each length
    var previous = Array(repeating: -1, count: values.count)
    for (index, value) in values.enumerated() {
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
      }
      if low > 0 { previous[index] = tails[low - 1] }
      if low == tails.count { tails.append(index) } else { tails[low] = index }
    }
    var result: [Int] = []
    var cursor = tails.last ?? -1
    while cursor >= 0 {
      result.append(values[cursor])
      cursor = previous[cursor]
    }
    return result.reversed()
  }
}
