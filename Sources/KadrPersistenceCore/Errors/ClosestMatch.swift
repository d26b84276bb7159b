import Foundation

/// The candidate a mistyped name most likely meant, for "did you mean …?" in messages.
package enum ClosestMatch {
  /// The candidate nearest to `name` by edit distance (ignoring case), when it is near enough to
  /// be a typo: at most a third of the name's length, and at least one edit.
  ///
  /// - Parameters:
  ///   - name: What was written.
  ///   - candidates: What could have been meant.
  package static func of(_ name: String, in candidates: some Sequence<String>) -> String? {
    let written = Array(name.lowercased().unicodeScalars)
    let limit = max(1, written.count / 3)
    var best: (candidate: String, distance: Int)?
    for candidate in candidates where candidate != name {
      let distance = editDistance(written, Array(candidate.lowercased().unicodeScalars))
      guard distance <= limit else { continue }
      if let current = best,
        current.distance < distance
          || (current.distance == distance && current.candidate < candidate)
      {
        continue
      }
      best = (candidate, distance)
    }
    return best?.candidate
  }

  /// The Levenshtein distance between two strings of scalars.
  static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
