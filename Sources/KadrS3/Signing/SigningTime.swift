import Foundation

/// The two spellings of the signing time: `20150830T123600Z` and `20150830`, in UTC.
struct SigningTime: Sendable {
  /// The date and time, `yyyyMMdd'T'HHmmss'Z'`.
  let dateTime: String
  /// The date alone, `yyyyMMdd`.
  let date: String

  /// The spellings of `instant`, to the second (fractions dropped).
  init(_ instant: Date) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    let parts = calendar.dateComponents(
      [.year, .month, .day, .hour, .minute, .second], from: instant)
    func digits(_ value: Int?, _ width: Int) -> String {
      let text = String(value ?? 0)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    date = digits(parts.year, 4) + digits(parts.month, 2) + digits(parts.day, 2)
    dateTime =
      date + "T" + digits(parts.hour, 2) + digits(parts.minute, 2)
      + digits(parts.second, 2) + "Z"
  }

  /// The credential scope: `<date>/<region>/<service>/aws4_request`.
  func scope(_ region: String, _ service: String) -> String {
    "\(date)/\(region)/\(service)/aws4_request"
  }
}
