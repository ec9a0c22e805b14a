import Foundation
import TestSupport
import Testing

/// `shelf --generate-completion-script`: scripts a shell can load, that know
/// the subcommands, the options and the values of each.
@Suite struct Completion {
  @Test(arguments: ["bash", "zsh", "fish"])
  func eachShellGetsAScriptNamingEveryCommandAndOption(shell: String) throws {
    let result = try runShelf(["--generate-completion-script", shell])
    #expect(result.status == 0)
    #expect(result.standardError.isEmpty)
    // fish names options without their dashes.
    for word in ["render", "frames", "diff", "record", "catalog", "reduced-motion", "ludicrous"] {
      #expect(result.standardOutput.contains(word), "\(shell) script lacks \(word)")
    }
  }

  @Test func anUnknownShellIsAUsageError() throws {
    let result = try runShelf(["--generate-completion-script", "tcsh"])
    #expect(result.status == 64)
    #expect(result.standardError.hasPrefix("shelf: can't generate completion scripts for 'tcsh'."))
    #expect(result.standardError.filter { $0 == "\n" }.count == 1)
  }

  /// What bash offers after `line` (the cursor at its end), from the script.
  private func bashCompletions(of line: String) throws -> [String] {
    let script = try runShelf(["--generate-completion-script", "bash"]).standardOutput
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("shelf-completion-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("shelf.bash")
    try script.write(to: path, atomically: true, encoding: .utf8)
    var words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    if words.isEmpty { words = [""] }
    let quoted = words.map { "'\($0)'" }.joined(separator: " ")
    let program = """
      source '\(path.path)'
      COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
      COMP_LINE='\(line)'; COMP_POINT=\(line.utf8.count)
      _shelf shelf '\(words[words.count - 1])' '\(words[max(0, words.count - 2)])'
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["--norc", "-c", program]
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] =
      shelfBinary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "")
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  @Test func bashCompletesSubcommandsOptionsAndValues() throws {
    #expect(try bashCompletions(of: "shelf fr") == ["frames"])
    #expect(try bashCompletions(of: "shelf --ra") == ["--rate", "--rating"])
    #expect(try bashCompletions(of: "shelf --rate ") == ["slow", "fast", "ludicrous"])
    #expect(
      try bashCompletions(of: "shelf frames a.json b.json --format ") == ["text", "asciicast"])
    #expect(try !bashCompletions(of: "shelf render --").contains("--rate"))
  }
}
