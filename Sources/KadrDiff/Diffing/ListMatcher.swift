import KadrPersistence

/// Matches the values of two lists by identity and finds which matched values moved.
///
/// Matching goes in three passes, as patience diff does:
/// 1. Values whose key occurs once on each side (a clip id, a media URL and in-point) are
///    matched; those in the longest increasing run of positions are the anchors.
/// 2. Between two consecutive anchors, values with equal keys (values with no identity of their
///    own, such as transitions or titles without a clip id) are matched: identical values first,
///    then the rest in order, the first left before with the first left after.
/// 3. What is left is matched the same way across the whole list (such a value moved past an
///    anchor).
///
/// A matched value moved when it is outside the longest increasing subsequence of after
/// positions taken in before order: inserting one value moves nothing, and swapping two moves
/// one.
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
    var afterCounts: [String: Int] = [:]
    afterCounts.reserveCapacity(after.count)
    var afterIndex: [String: Int] = [:]
    afterIndex.reserveCapacity(after.count)
    for (index, record) in after.enumerated() {
      afterCounts[record.key, default: 0] += 1
      afterIndex[record.key] = index
    }
    var beforeCounts: [String: Int] = [:]
    beforeCounts.reserveCapacity(before.count)
    for record in before { beforeCounts[record.key, default: 0] += 1 }
    var anchors: [(before: Int, after: Int)] = []
    for (index, record) in before.enumerated()
    where beforeCounts[record.key] == 1 && afterCounts[record.key] == 1 {
      if let other = afterIndex[record.key] {
        link(index, other)
        anchors.append((index, other))
      }
    }
    if anchors.count < before.count || anchors.count < after.count {
      let stable = Set(Self.longestIncreasing(anchors.map(\.after)))
      var low = (before: 0, after: 0)
      for anchor in anchors.filter({ stable.contains($0.after) }) + [(before.count, after.count)] {
        pairEqualKeys(before, low.before..<anchor.before, after, low.after..<anchor.after)
        low = (anchor.before + 1, anchor.after + 1)
      }
      pairEqualKeys(before, 0..<before.count, after, 0..<after.count)
    }
    pairs.sort { $0.before < $1.before }
    let stable = Set(Self.longestIncreasing(pairs.map(\.after)))
    moved = Set(pairs.map(\.after).filter { !stable.contains($0) })
  }

  private mutating func link(_ before: Int, _ after: Int) {
    pairs.append((before, after))
    afterOfBefore[before] = after
    beforeOfAfter[after] = before
  }

  /// A key, with the whole content for the identical-first pass.
  private struct ExactKey: Hashable {
    let key: String
    let content: JSONValue?
  }

  /// Pairs the unpaired values of two ranges: identical ones first, then by key, in order.
  private mutating func pairEqualKeys(
    _ before: [Record], _ beforeRange: Range<Int>, _ after: [Record], _ afterRange: Range<Int>
  ) {
    guard !beforeRange.isEmpty, !afterRange.isEmpty else { return }
    // Most gaps between anchors hold a value or two (a transition, a title): scanning them
    // directly avoids two dictionaries per gap (2.3 % of a kadr-bench --diff profile).
    if beforeRange.count * afterRange.count <= 64 {
      for identical in [true, false] {
        for index in beforeRange where afterOfBefore[index] == nil {
          let record = before[index]
          let match = afterRange.first { other in
            beforeOfAfter[other] == nil && after[other].key == record.key
              && (!identical || after[other].content == record.content)
          }
          if let match { link(index, match) }
        }
      }
      return
    }
    // Contents are hashed only for keys with a choice to make (two candidates on a side):
    // hashing every content was 5.6 % of a kadr-bench --diff profile (10,000 clips).
    var counts: [String: (before: Int, after: Int)] = [:]
    for index in beforeRange where afterOfBefore[index] == nil {
      counts[before[index].key, default: (0, 0)].before += 1
    }
    for index in afterRange where beforeOfAfter[index] == nil {
      counts[after[index].key, default: (0, 0)].after += 1
    }
    let ambiguous = Set(
      counts.filter {
        $0.value.before > 0 && $0.value.after > 0 && max($0.value.before, $0.value.after) > 1
      }
      .keys)
    if !ambiguous.isEmpty {
      pair(before, beforeRange, after, afterRange) { record in
        ambiguous.contains(record.key) ? ExactKey(key: record.key, content: record.content) : nil
      }
    }
    pair(before, beforeRange, after, afterRange) { ExactKey(key: $0.key, content: nil) }
  }

  /// Pairs the values still unpaired whose `identity` is equal, in order.
  private mutating func pair(
    _ before: [Record], _ beforeRange: Range<Int>, _ after: [Record], _ afterRange: Range<Int>,
    identity: (Record) -> ExactKey?
  ) {
    var queues: [ExactKey: [Int]] = [:]
    for index in afterRange where beforeOfAfter[index] == nil {
      if let key = identity(after[index]) { queues[key, default: []].append(index) }
    }
    guard !queues.isEmpty else { return }
    var cursors: [ExactKey: Int] = [:]
    for index in beforeRange where afterOfBefore[index] == nil {
      guard let key = identity(before[index]), let queue = queues[key] else { continue }
      let cursor = cursors[key, default: 0]
      guard cursor < queue.count else { continue }
      cursors[key] = cursor + 1
      link(index, queue[cursor])
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
