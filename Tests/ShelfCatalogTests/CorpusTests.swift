import Foundation
import ShelfCatalog
import TestSupport
import Testing

/// One malformed catalog of `Tests/EndToEndTests/Corpus` and what loading it must say.
struct CorpusCase: CustomTestStringConvertible, Sendable {
  var file: String
  var exitCode: Int32
  /// The one-line message with `{file}` where the path goes.
  var message: String

  var testDescription: String { file }

  static let folder = repositoryRoot.appendingPathComponent("Tests/EndToEndTests/Corpus")

  /// The cases of `expected.tsv`: file, exit code and message, tab-separated; `#` lines are comments.
  static let all: [CorpusCase] = {
    let manifest = folder.appendingPathComponent("expected.tsv")
    guard let text = try? String(contentsOf: manifest, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").compactMap { line in
      guard !line.hasPrefix("#") else { return nil }
      let fields = line.split(separator: "\t", maxSplits: 2).map(String.init)
      guard fields.count == 3, let code = Int32(fields[1]) else { return nil }
      return CorpusCase(file: fields[0], exitCode: code, message: fields[2])
    }
  }()
}

@Test func corpusHasAManifestLineForEveryFile() throws {
  let files = try FileManager.default.contentsOfDirectory(atPath: CorpusCase.folder.path)
    .filter { $0 != "expected.tsv" && $0 != "README.md" }
  let listed = Set(CorpusCase.all.map(\.file))
  #expect(Set(files).subtracting(listed).isEmpty, "files missing from expected.tsv")
  #expect(CorpusCase.all.count >= 40)
}

@Test(arguments: CorpusCase.all)
func corpusCatalogFailsWithItsMessage(_ corpusCase: CorpusCase) {
  let path = CorpusCase.folder.appendingPathComponent(corpusCase.file).path
  do {
    let loaded = try CatalogLoader.load(contentsOf: path)
    Issue.record("loaded \(loaded.catalog.rows.count) rows")
  } catch {
    #expect(error.exitCode == corpusCase.exitCode)
    #expect(error.description == corpusCase.message.replacingOccurrences(of: "{file}", with: path))
    // One line, and nothing from the data that could drive a terminal.
    #expect(
      !error.description.unicodeScalars.contains {
        $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
      })
  }
}
