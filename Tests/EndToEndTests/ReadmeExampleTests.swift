import Foundation
import TestSupport
import Testing

/// The README's command blocks marked `<!-- example -->`, run as written: each
/// line a command from the repository's root, which must succeed, print
/// something and say nothing on stderr.
@Suite(.serialized) struct ReadmeExamples {
  /// The marker before a fenced block that the test runs.
  static let marker = "<!-- example -->"

  /// The commands of every marked block, in order.
  static func commands() throws -> [String] {
    let readme = try String(
      contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
    var commands: [String] = []
    var lines = readme.split(separator: "\n", omittingEmptySubsequences: false)[...]
    while let line = lines.popFirst() {
      guard line.trimmingCharacters(in: .whitespaces) == marker else { continue }
      // The fence may follow a blank line; anything else means no block.
      while lines.first?.trimmingCharacters(in: .whitespaces).isEmpty == true {
        lines.removeFirst()
      }
      guard lines.popFirst()?.hasPrefix("```") == true else {
        throw TmuxError.failed("README.md: \(marker) is not followed by a fenced block")
      }
      while let command = lines.popFirst(), !command.hasPrefix("```") {
        let text = command.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty && !text.hasPrefix("#") { commands.append(text) }
      }
    }
    return commands
  }

  @Test func theReadmeMarksExamples() throws {
    let commands = try Self.commands()
    #expect(commands.count >= 3)
    #expect(commands.contains { $0.hasPrefix(".build/debug/shelf render") })
  }

  @Test func everyMarkedCommandRuns() throws {
    for command in try Self.commands() {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", command]
      process.currentDirectoryURL = repositoryRoot
      var environment = ProcessInfo.processInfo.environment
      environment["PATH"] =
        shelfBinary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin")
      process.environment = environment
      let output = Pipe()
      let error = Pipe()
      process.standardOutput = output
      process.standardError = error
      process.standardInput = FileHandle.nullDevice
      try process.run()
      guard let (printed, complaint) = collect(process, output: output, error: error, timeout: 60)
      else {
        Issue.record("\(command): did not finish within 60 s")
        continue
      }
      #expect(process.terminationStatus == 0, "\(command)")
      #expect(!printed.isEmpty, "\(command) printed nothing")
      #expect(complaint.isEmpty, "\(command): \(String(decoding: complaint, as: UTF8.self))")
    }
  }
}
