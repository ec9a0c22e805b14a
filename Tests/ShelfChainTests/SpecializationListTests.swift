import Foundation
import TestSupport
import Testing

/// `make specialization` checks the methods that each link names in a
/// `// make specialization:` line above its declaration: a link added
/// without one would go unchecked, so every public source of the module
/// must have one, naming methods of its own, or say in a
/// `// make specialization skips:` line which of its methods a client's
/// release build does not specialise yet.
@Test func everyLinkNamesTheMethodsMakeSpecializationChecks() throws {
  let directory = repositoryRoot.appendingPathComponent("Sources/ShelfChain")
  let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    .filter { $0.hasSuffix(".swift") }
  let declaration = /public final class (\w+)<[^\n]*>:[^\n{]*\bSectionSource\b/
  var links: [String] = []
  for file in files.sorted() {
    let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
    let names = text.matches(of: declaration).map { String($0.output.1) }
    let checked = text.split(separator: "\n").flatMap { line in
      ["// make specialization: ", "// make specialization skips: "]
        .filter { line.hasPrefix($0) }
        .flatMap { line.dropFirst($0.count).split(separator: " ") }
    }
    for name in names {
      links.append(name)
      let own = checked.filter { $0.hasPrefix("\(name).") }
      #expect(!own.isEmpty, "\(file): \(name) names no method for make specialization")
    }
  }
  // The links the module has today, so that a broken pattern finds none.
  #expect(links.count >= 10, "found only \(links)")
}
