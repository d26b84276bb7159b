import Foundation
import KadrModel
import Testing

@Suite("Colour LUT files")
final class LUTTests {
  /// This test's folder for the files it writes, removed when the test ends.
  private let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("LUTTests-\(UUID().uuidString)", isDirectory: true)

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }

  /// A valid 2×2×2 cube with every kind of line the parser must skip.
  static let validCube = """
    # Made by hand
    TITLE "Identity"
    DOMAIN_MIN 0 0 0
    DOMAIN_MAX 1 1 1

    LUT_3D_SIZE 2
    0 0 0
    1 0 0
    0 1 0
    1 1 0  # a trailing comment
    0 0 1
    1 0 1
    0 1 1
    1.0 1.0 1.0
    """

  /// Writes `text` to a `.cube` file in the test's folder and returns its URL.
  private func write(_ text: String, name: String = "test.cube") throws -> URL {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url
  }

  private func loadError(_ text: String) throws -> LUTError? {
    let url = try write(text)
    do {
      _ = try LUT(url: url).load()
      return nil
    } catch let error as LUTError {
      return error
    }
  }

  @Test func loadsAValidCubeFile() throws {
    let url = try write(LUTTests.validCube)
    let cube = try LUT(url: url).load()
    #expect(cube.dimension == 2)
    #expect(cube.values.count == 24)
    #expect(Array(cube.values.prefix(6)) == [0, 0, 0, 1, 0, 0])
    #expect(Array(cube.values.suffix(3)) == [1, 1, 1])
  }

  @Test func parsesWindowsLineEndings() throws {
    let text = LUTTests.validCube.replacingOccurrences(of: "\n", with: "\r\n")
    let cube = try LUT.parse(text, url: URL(fileURLWithPath: "/x.cube"))
    #expect(cube.dimension == 2)
    #expect(cube.values.count == 24)
  }

  @Test func dataBeforeTheSizeIsMissingSize() throws {
    let text = "TITLE \"x\"\n0 0 0\nLUT_3D_SIZE 2\n"
    let error = try loadError(text)
    #expect(error == .missingSize(url: try #require(error?.url), line: 2))
  }

  @Test func fileWithoutSizeOrDataIsMissingSize() throws {
    let error = try loadError("# nothing\nTITLE \"x\"\n")
    #expect(error?.line == 2)
    guard case .missingSize = error else {
      Issue.record("expected missingSize, got \(String(describing: error))")
      return
    }
  }

  @Test func oneDimensionalLUTIsRejectedAtItsLine() throws {
    let error = try loadError("# 1D\nLUT_1D_SIZE 2\n0 0 0\n1 1 1\n")
    #expect(error == .oneDimensional(url: try #require(error?.url), line: 2))
  }

  @Test(arguments: [
    (7, "0 0 x"), (8, "0 0"), (10, "0 0 0 0"), (3, "BOGUS 1"), (14, "nan 0 0"),
    (9, "0 inf 0"), (12, "1,0 0 0"),
  ])
  func badLineIsReportedWithItsLineNumber(line: Int, text: String) throws {
    var lines = LUTTests.validCube.components(separatedBy: "\n")
    lines[line - 1] = text
    let error = try loadError(lines.joined(separator: "\n"))
    #expect(error == .badDataLine(url: try #require(error?.url), line: line, text: text))
    #expect(error?.errorDescription?.contains("line \(line)") == true)
  }

  @Test(arguments: ["LUT_3D_SIZE 1", "LUT_3D_SIZE 257", "LUT_3D_SIZE two", "LUT_3D_SIZE"])
  func sizeOutsideTwoTo256IsBadSize(sizeLine: String) throws {
    let error = try loadError("TITLE \"t\"\n\(sizeLine)\n")
    #expect(error == .badSize(url: try #require(error?.url), line: 2, text: sizeLine))
  }

  @Test func tooFewDataLinesIsWrongCount() throws {
    let text = "LUT_3D_SIZE 2\n" + String(repeating: "0 0 0\n", count: 7)
    let error = try loadError(text)
    #expect(error == .wrongCount(url: try #require(error?.url), line: 8, expected: 8, found: 7))
  }

  @Test func tooManyDataLinesNamesTheFirstExtraLine() throws {
    let text = "LUT_3D_SIZE 2\n" + String(repeating: "0 0 0\n", count: 10)
    let error = try loadError(text)
    #expect(error == .wrongCount(url: try #require(error?.url), line: 10, expected: 8, found: 10))
  }

  @Test func buildingALUTNeverTouchesTheFile() throws {
    let url = URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString).cube")
    let table = LUT(url: url)
    let filter = Filter.lut(url: url)
    #expect(table.url == url)
    #expect(!table.isLoaded)
    #expect(filter.kind == .lut)
    #expect(throws: LUTError.self) { try table.load() }
    #expect(throws: LUTError.self) { try Filter.lut(loading: url) }
    do {
      _ = try table.load()
    } catch let error as LUTError {
      #expect(error.url == url)
      #expect(error.line == nil)
      #expect(error.errorDescription?.contains("'\(url.lastPathComponent)'") == true)
      #expect(error.errorDescription?.contains("/nonexistent") == false)
      #expect(error.errorDescription?.hasSuffix("..") == false)
    }
  }

  @Test func parsedTableIsCachedForCopies() throws {
    let url = try write(LUTTests.validCube)
    let table = LUT(url: url)
    let copy = table
    let first = try table.load()
    try FileManager.default.removeItem(at: url)
    #expect(copy.isLoaded)
    #expect(try copy.load() == first)
    #expect(!LUT(url: url).isLoaded)
  }

  @Test func equalityIsByURL() throws {
    let url = try write(LUTTests.validCube)
    let loaded = LUT(url: url)
    _ = try loaded.load()
    #expect(loaded == LUT(url: url))
    #expect(Set([loaded, LUT(url: url)]).count == 1)
    #expect(loaded != LUT(url: url.appendingPathExtension("other")))
  }

  @Test func loadingFilterChecksTheFileNow() throws {
    let url = try write(LUTTests.validCube)
    let filter = try Filter.lut(loading: url)
    guard case .lut(let table) = filter else {
      Issue.record("expected a LUT filter")
      return
    }
    #expect(table.isLoaded)
  }
}
