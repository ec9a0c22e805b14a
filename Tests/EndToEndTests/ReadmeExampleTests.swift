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

  /// Issue #40's bound: a newcomer reads the README in one sitting; the
  /// option reference is the man page's and `--help`'s.
  @Test func theReadmeIsUnder250Lines() throws {
    let readme = try String(
      contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count
    #expect(lines - (readme.hasSuffix("\n") ? 1 : 0) < 250)
  }

  @Test func everyMarkedCommandRuns() throws {
    for command in try Self.commands() {
      var environment = ProcessInfo.processInfo.environment
      environment["PATH"] =
        shelfBinary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin")
      guard
        let run = try runProcess(
          "/bin/sh", ["-c", command], in: repositoryRoot, environment: environment)
      else {
        Issue.record("\(command): did not finish within 60 s")
        continue
      }
      #expect(run.status == 0, "\(command)")
      #expect(!run.output.isEmpty, "\(command) printed nothing")
      #expect(run.error.isEmpty, "\(command): \(run.error)")
    }
  }
}
