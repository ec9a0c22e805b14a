import Foundation
import Testing

/// Checks that every line of the ```swift blocks of the DocC article at
/// `articlePath` (relative to the repository root) appears, in order, in the
/// calling test file, so the article's code is the code the test compiles
/// and runs. Indentation and comment lines are ignored: the test may nest the
/// code in a function and turn the article's `// x == y` notes into `#expect`s.
public func expectArticleCodeIsCompiled(
  article articlePath: String, filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let root = URL(fileURLWithPath: filePath)
  var directory = root.deletingLastPathComponent()
  while directory.path != "/",
    !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path)
  {
    directory = directory.deletingLastPathComponent()
  }
  let articleURL = directory.appendingPathComponent(articlePath)
  guard let article = try? String(contentsOf: articleURL, encoding: .utf8),
    let test = try? String(contentsOf: root, encoding: .utf8)
  else {
    Issue.record("cannot read \(articleURL.path) or \(filePath)", sourceLocation: sourceLocation)
    return
  }
  let blocks = codeBlocks(in: article)
  if blocks.isEmpty {
    Issue.record("\(articlePath) has no swift code", sourceLocation: sourceLocation)
  }
  // Each block's lines must appear in the test in order; the test may add
  // checks between them.
  let testLines = normalizedLines(test)
  var next = 0
  for block in blocks {
    for line in normalizedLines(block) {
      guard let found = testLines[next...].firstIndex(of: line) else {
        Issue.record(
          "this line of \(articlePath) is not in the test, in order: \(line)",
          sourceLocation: sourceLocation)
        return
      }
      next = found + 1
    }
  }
}

/// The contents of the ```swift fences of a Markdown text.
func codeBlocks(in markdown: String) -> [String] {
  var blocks: [String] = []
  var current: [Substring]?
  for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    if current == nil, trimmed == "```swift" {
      current = []
    } else if let block = current, trimmed == "```" {
      blocks.append(block.joined(separator: "\n"))
      current = nil
    } else {
      current?.append(line)
    }
  }
  return blocks
}

/// The lines of `text` without their indentation, blank and comment lines dropped.
private func normalizedLines(_ text: String) -> [String] {
  text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
    !$0.isEmpty && !$0.hasPrefix("//")
  }
}
