import Foundation
import KadrPersistenceCore

extension ZipArchive {
  /// Reads the central directory and each entry's local header, checking them against `policy`.
  static func directory(_ descriptor: Int32, fileSize: Int, policy: ZipPolicy) throws -> [Entry] {
    guard fileSize >= 22 else { throw Failure(reason: "the file is too short to be a zip") }
    let tailLength = min(fileSize, 22 + 65_535)
    var tail = [UInt8](repeating: 0, count: tailLength)
    guard try pread(descriptor, &tail, tailLength, fileSize - tailLength) == tailLength else {
      throw Failure(reason: "the file could not be read to its end")
    }
    var end = -1
    var position = tailLength - 22
    while position >= 0 {
      if u32(tail, position) == 0x0605_4b50 {
        end = position
        break
      }
      position -= 1
    }
    guard end >= 0 else {
      throw Failure(reason: "no zip end-of-directory record was found (the file is cut short)")
    }
    let count = Int(u16(tail, end + 10))
    let length = Int(u32(tail, end + 12))
    let start = Int(u32(tail, end + 16))
    guard count != 0xFFFF, start != 0xFFFF_FFFF else {
      throw Failure(reason: "zip64 archives are not read")
    }
    guard length <= maximumDirectoryBytes, start + length <= fileSize, count * 46 <= length
    else { throw Failure(reason: "the zip's central directory is corrupt or too large") }
    guard count <= policy.maximumEntries else {
      throw Failure(
        reason: "it lists \(count) entries, more than the \(policy.maximumEntries) allowed")
    }
    if policy.isStrict {
      let endOffset = fileSize - tailLength + end
      let commentLength = Int(u16(tail, end + 20))
      guard u16(tail, end + 4) == 0, u16(tail, end + 6) == 0, Int(u16(tail, end + 8)) == count
      else { throw Failure(reason: "it spans several disks") }
      guard endOffset + 22 + commentLength == fileSize, start + length == endOffset else {
        throw Failure(
          reason: "bytes follow or precede its central directory (two zips joined, or a cut "
            + "one)")
      }
    }
    var bytes = [UInt8](repeating: 0, count: length)
    guard try pread(descriptor, &bytes, length, start) == length else {
      throw Failure(reason: "the zip's central directory could not be read")
    }
    var entries: [Entry] = []
    entries.reserveCapacity(count)
    var cursor = 0
    var header = [UInt8](repeating: 0, count: 30)
    var declared = 0
    var names = Set<String>()
    for _ in 0..<count {
      guard cursor + 46 <= bytes.count, u32(bytes, cursor) == 0x0201_4b50 else {
        throw Failure(reason: "the zip's central directory is corrupt")
      }
      let flags = u16(bytes, cursor + 8)
      let nameLength = Int(u16(bytes, cursor + 28))
      let extraLength = Int(u16(bytes, cursor + 30))
      let commentLength = Int(u16(bytes, cursor + 32))
      guard cursor + 46 + nameLength + extraLength + commentLength <= bytes.count else {
        throw Failure(reason: "the zip's central directory is corrupt")
      }
      let nameBytes = Array(bytes[cursor + 46..<cursor + 46 + nameLength])
      let name = String(decoding: nameBytes, as: UTF8.self)
      guard flags & 1 == 0 else { throw Failure(reason: "the entry '\(name)' is encrypted") }
      let local = Int(u32(bytes, cursor + 42))
      guard local + 30 <= fileSize, try pread(descriptor, &header, 30, local) == 30,
        u32(header, 0) == 0x0403_4b50
      else { throw Failure(reason: "the local header of '\(name)' is corrupt") }
      let entry = Entry(
        name: name, method: u16(bytes, cursor + 10), flags: flags, crc: u32(bytes, cursor + 16),
        compressedSize: Int(u32(bytes, cursor + 20)), size: Int(u32(bytes, cursor + 24)),
        localOffset: local,
        dataOffset: local + 30 + Int(u16(header, 26)) + Int(u16(header, 28)))
      guard entry.dataOffset + entry.compressedSize <= fileSize else {
        throw Failure(reason: "the entry '\(name)' runs past the end of the file")
      }
      declared += entry.size
      guard declared <= policy.maximumTotalBytes else {
        throw Failure(
          reason: "its entries declare more than the \(policy.maximumTotalBytes) bytes allowed "
            + "in all")
      }
      if declared > policy.expansionFloor,
        declared / max(fileSize, 1) >= policy.maximumExpansion
      {
        throw Failure(
          reason: "its entries declare more than \(declared) bytes from a file of \(fileSize), "
            + "\(policy.maximumExpansion) times its size or more (a compression bomb)")
      }
      if entry.size > 1 << 20 && entry.size / max(entry.compressedSize, 1) > policy.maximumRatio {
        throw Failure(
          reason: "the entry '\(name)' declares \(entry.size) bytes from \(entry.compressedSize) "
            + "(a compression bomb)")
      }
      if policy.isStrict {
        try checkUntrusted(
          entry, nameBytes: nameBytes, central: bytes, at: cursor, localHeader: header,
          descriptor: descriptor, names: &names)
      }
      entries.append(entry)
      cursor += 46 + nameLength + extraLength + commentLength
    }
    try refuseOverlaps(entries)
    if policy.isStrict { try refuseGaps(entries, directoryStart: start, descriptor: descriptor) }
    return entries
  }

  /// Refuses an entry whose name could leave the folder it is unpacked to, a link, a folder, a
  /// duplicate, or a local header that disagrees with the central directory.
  private static func checkUntrusted(
    _ entry: Entry, nameBytes: [UInt8], central: [UInt8], at cursor: Int, localHeader: [UInt8],
    descriptor: Int32, names: inout Set<String>
  ) throws {
    guard let name = String(bytes: nameBytes, encoding: .utf8) else {
      throw Failure(reason: "an entry's name is not UTF-8")
    }
    if let problem = unsafeNameProblem(name) {
      throw Failure(reason: "the entry '\(name)' \(problem)")
    }
    let host = u16(central, cursor + 4) >> 8
    let external = u32(central, cursor + 38)
    let unixKind = (external >> 16) & 0o170000
    if (host == 3 && unixKind != 0 && unixKind != 0o100000) || external & 0x10 != 0 {
      throw Failure(
        reason: "the entry '\(name)' is a link, a folder or a device, not a file")
    }
    guard names.insert(DistinctFileNames.key(name)).inserted else {
      throw Failure(
        reason: "two entries are named '\(name)' (when case and Unicode composition are ignored)")
    }
    var localName = [UInt8](repeating: 0, count: nameBytes.count)
    let localNameLength = Int(u16(localHeader, 26))
    guard localNameLength == nameBytes.count,
      try pread(descriptor, &localName, nameBytes.count, entry.localOffset + 30)
        == nameBytes.count,
      localName == nameBytes, u16(localHeader, 8) == entry.method
    else {
      throw Failure(reason: "the local header of '\(name)' disagrees with the central directory")
    }
    if entry.flags & 8 == 0 {
      guard u32(localHeader, 14) == entry.crc, Int(u32(localHeader, 18)) == entry.compressedSize,
        Int(u32(localHeader, 22)) == entry.size
      else {
        throw Failure(
          reason: "the local header of '\(name)' declares other sizes than the central directory")
      }
    }
  }

  /// Why `name` is not a plain relative path inside the archive's folder, or `nil`.
  package static func unsafeNameProblem(_ name: String) -> String? {
    if name.isEmpty { return "has an empty name" }
    if name.hasPrefix("/") { return "is an absolute path" }
    if name.contains("\\") { return "contains a backslash (a Windows path separator)" }
    if name.contains(":") { return "contains a colon (a drive letter or a stream name)" }
    if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
      return "contains a control character"
    }
    let parts = name.split(separator: "/", omittingEmptySubsequences: false)
    if parts.contains("..") { return "climbs out of its folder with '..'" }
    if parts.contains(".") || parts.contains("") { return "has an empty or '.' path component" }
    return nil
  }

  /// Refuses entries whose data overlap: a zip's entries each have their own bytes.
  private static func refuseOverlaps(_ entries: [Entry]) throws {
    let sorted = entries.filter { $0.compressedSize > 0 }.sorted { $0.dataOffset < $1.dataOffset }
    for (previous, next) in zip(sorted, sorted.dropFirst())
    where previous.dataOffset + previous.compressedSize > next.dataOffset {
      throw Failure(
        reason: "the entries '\(previous.name)' and '\(next.name)' share their data (an archive "
          + "made to unpack to more than it holds)")
    }
  }

  /// Refuses bytes before the first entry, between entries or before the directory: hidden
  /// content, or a second zip joined in front.
  private static func refuseGaps(_ entries: [Entry], directoryStart: Int, descriptor: Int32)
    throws
  {
    var expected = 0
    var signature = [UInt8](repeating: 0, count: 4)
    for entry in entries.sorted(by: { $0.localOffset < $1.localOffset }) {
      guard entry.localOffset == expected else {
        throw Failure(
          reason: "bytes that belong to no entry lie before '\(entry.name)' (two zips joined, or "
            + "hidden content)")
      }
      expected = entry.dataOffset + entry.compressedSize
      if entry.flags & 8 != 0 {
        // A data descriptor follows: 12 bytes, or 16 with its optional signature.
        _ = try pread(descriptor, &signature, 4, expected)
        expected += u32(signature, 0) == 0x0807_4b50 ? 16 : 12
      }
    }
    guard expected == directoryStart else {
      throw Failure(reason: "bytes that belong to no entry lie before the central directory")
    }
  }

  static func u16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
    guard at >= 0, at + 2 <= bytes.count else { return 0 }
    return UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
  }

  static func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
    guard at >= 0, at + 4 <= bytes.count else { return 0 }
    return UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16
      | UInt32(bytes[at + 3]) << 24
  }
}
