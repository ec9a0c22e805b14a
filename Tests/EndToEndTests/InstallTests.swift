import Foundation
import TestSupport
import Testing

/// `make install` and `make uninstall`: the release binary, the man page and
/// the completions under a prefix, and nothing left once uninstalled.
@Suite(.serialized) struct Install {
  /// Runs `make arguments` in the repository; its status and all it printed.
  private func make(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    // This test run holds the build folder's lock: the install's own swift
    // commands are told to build beside it.
    process.arguments =
      ["make", "--no-print-directory", "INSTALL_FLAGS=--ignore-lock", "CONFIGURATION=debug"]
      + arguments
    process.currentDirectoryURL = repositoryRoot
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    // It installs the debug build `swift build --build-tests` made: `make
    // install` builds and installs the release one the same way.
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
  }

  /// Every file and folder under `root`, relative to it, sorted.
  private func contents(of root: URL) -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: root.path)
    return ((enumerator?.allObjects as? [String]) ?? []).sorted()
  }

  /// `man -l page` at 80 columns: its status, the page as text, and what it
  /// printed on stderr (formatting warnings).
  private func manual(_ page: URL) throws -> (status: Int32, output: String, warnings: String) {
    // man formats for a pipe without bold or underline, so the text reads plain.
    guard
      let run = try runProcess(
        "/usr/bin/env", ["MANWIDTH=80", "MAN_KEEP_FORMATTING=", "man", "-l", page.path])
    else { return (-1, "", "man -l did not finish within 60 s") }
    return (run.status, run.output, run.error)
  }

  @Test(.timeLimit(.minutes(30)))
  func installRunsAndUninstallLeavesThePrefixEmpty() throws {
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("shelf-install-\(UUID().uuidString)")
    let prefix = scratch.appendingPathComponent("prefix")
    try FileManager.default.createDirectory(at: prefix, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }

    let install = try make(["install", "PREFIX=\(prefix.path)"])
    #expect(install.status == 0, "\(install.output)")
    #expect(
      contents(of: prefix).filter { !$0.hasSuffix("/") }
        == [
          "bin", "bin/shelf", "share", "share/bash-completion",
          "share/bash-completion/completions", "share/bash-completion/completions/shelf",
          "share/fish", "share/fish/vendor_completions.d",
          "share/fish/vendor_completions.d/shelf.fish", "share/man", "share/man/man1",
          "share/man/man1/shelf.1", "share/shelf", "share/shelf/catalog.json", "share/zsh",
          "share/zsh/site-functions",
          "share/zsh/site-functions/_shelf",
        ])
    let version = try spawnAndWait(
      [prefix.appendingPathComponent("bin/shelf").path, "--version"], capturingOutput: true)
    #expect(version.status == 0)
    #expect(version.output.hasPrefix("shelf "))
    let page = try manual(prefix.appendingPathComponent("share/man/man1/shelf.1"))
    #expect(page.status == 0)
    #expect(page.warnings == "", "man -l warned")
    #expect(page.output.contains("SHELF(1)"))
    #expect(page.output.contains("--pick"))
    // `shelf` alone runs the screen: the subcommand is optional.
    #expect(page.output.contains("shelf [subcommand]"))
    for section in ["EXAMPLES", "CATALOG AND RECORD FORMATS", "ENVIRONMENT", "FILES"] {
      #expect(page.output.contains("\n\(section)\n"), "no section \(section)")
    }
    #expect(page.output.contains("shelf --watch books.json"))
    let zsh = try String(
      contentsOf: prefix.appendingPathComponent("share/zsh/site-functions/_shelf"), encoding: .utf8)
    #expect(zsh.hasPrefix("#compdef shelf"))

    let uninstall = try make(["uninstall", "PREFIX=\(prefix.path)"])
    #expect(uninstall.status == 0, "\(uninstall.output)")
    #expect(contents(of: prefix).isEmpty, "left behind: \(contents(of: prefix))")
    #expect(FileManager.default.fileExists(atPath: prefix.path), "the prefix itself stays")
  }

  @Test(.timeLimit(.minutes(30)))
  func destdirStagesUnderThePrefix() throws {
    let stage = FileManager.default.temporaryDirectory
      .appendingPathComponent("shelf-stage-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: stage, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: stage) }
    let install = try make(["install", "DESTDIR=\(stage.path)", "PREFIX=/opt/shelf"])
    #expect(install.status == 0, "\(install.output)")
    #expect(FileManager.default.isExecutableFile(atPath: stage.path + "/opt/shelf/bin/shelf"))
    #expect(
      FileManager.default.fileExists(atPath: stage.path + "/opt/shelf/share/man/man1/shelf.1"))
    let uninstall = try make(["uninstall", "DESTDIR=\(stage.path)", "PREFIX=/opt/shelf"])
    #expect(uninstall.status == 0)
    #expect(contents(of: stage.appendingPathComponent("opt/shelf")).isEmpty)
  }
}
