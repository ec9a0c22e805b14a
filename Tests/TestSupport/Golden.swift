import Foundation
import Testing

/// Compares `text` with the golden file `Goldens/<name>.txt` beside the calling
/// test file. With `SHELF_RECORD_GOLDENS=1` it writes the file instead and
/// records an issue, so a re-record never passes silently.
public func expectGolden(
  _ text: String, named name: String, filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    .appendingPathComponent("Goldens")
  let file = directory.appendingPathComponent(name + ".txt")
  if ProcessInfo.processInfo.environment["SHELF_RECORD_GOLDENS"] == "1" {
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    do {
      try Data(text.utf8).write(to: file)
      Issue.record("re-recorded golden \(name)", sourceLocation: sourceLocation)
    } catch {
      Issue.record("cannot write golden \(file.path): \(error)", sourceLocation: sourceLocation)
    }
    return
  }
  guard let data = FileManager.default.contents(atPath: file.path) else {
    Issue.record(
      "missing golden \(file.path): run `make goldens` to record it", sourceLocation: sourceLocation
    )
    return
  }
  let expected = String(decoding: data, as: UTF8.self)
  if expected != text {
    let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let got = text.split(separator: "\n", omittingEmptySubsequences: false)
    let firstDifference =
      zip(want, got).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(want.count, got.count)
    Issue.record(
      """
      golden \(name) differs at line \(firstDifference + 1):
      expected: \(firstDifference < want.count ? String(want[firstDifference]) : "<end>")
      actual:   \(firstDifference < got.count ? String(got[firstDifference]) : "<end>")
      --- actual screen ---
      \(text)
      """, sourceLocation: sourceLocation)
  }
}

/// The repository's root folder, found from this file's path.
public let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
