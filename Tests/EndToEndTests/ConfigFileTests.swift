import Foundation
import TestSupport
import Testing

/// The config file: where it is found, what it sets, what wins over it, and
/// one line for each way it can be wrong.
@Suite struct ConfigFileTests {
  /// A scratch folder, removed when the test ends.
  final class Scratch {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("shelf-config-\(UUID().uuidString)")

    init() throws {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `text` to `name` (folders made as needed); its path.
    @discardableResult
    func write(_ text: String, to name: String) throws -> String {
      let file = url.appendingPathComponent(name)
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: file, atomically: true, encoding: .utf8)
      return file.path
    }
  }

  /// An environment that finds no config file but those a test puts there.
  private func environment(_ scratch: Scratch, _ more: [String: String] = [:]) -> [String: String] {
    ["XDG_CONFIG_HOME": scratch.url.appendingPathComponent("xdg").path, "SHELF_CONFIG": ""]
      .merging(more) { $1 }
  }

  private func lineCount(_ text: String) -> Int {
    text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
  }

  @Test func theXDGFileSetsDefaultsAndTheCommandLineWins() throws {
    let scratch = try Scratch()
    try scratch.write("width = 60\nheight = 12\n", to: "xdg/shelf/config.toml")
    let configured = try runShelf(["render", "--no-live"], environment: environment(scratch))
    #expect(configured.status == 0, "\(configured.standardError)")
    #expect(lineCount(configured.standardOutput) == 12)
    let widths = configured.standardOutput.split(separator: "\n").map(\.count)
    #expect(widths.max() == 60)
    let given = try runShelf(["render", "--height", "14"], environment: environment(scratch))
    #expect(lineCount(given.standardOutput) == 14, "the command line wins")
  }

  @Test func withoutXDGTheFileIsInHomesConfigFolder() throws {
    let scratch = try Scratch()
    try scratch.write("height = 13\n", to: "home/.config/shelf/config.toml")
    let result = try runShelf(
      ["render"],
      environment: ["XDG_CONFIG_HOME": "", "SHELF_CONFIG": "", "HOME": scratch.url.path + "/home"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(lineCount(result.standardOutput) == 13)
  }

  @Test func shelfConfigNamesTheFileAndDashDashConfigWinsOverIt() throws {
    let scratch = try Scratch()
    try scratch.write("height = 12\n", to: "xdg/shelf/config.toml")
    let named = try scratch.write("height = 15\n", to: "named.toml")
    let option = try scratch.write("height = 16\n", to: "option.toml")
    let byVariable = try runShelf(
      ["render"], environment: environment(scratch, ["SHELF_CONFIG": named]))
    #expect(lineCount(byVariable.standardOutput) == 15)
    let byOption = try runShelf(
      ["render", "--config", option], environment: environment(scratch, ["SHELF_CONFIG": named]))
    #expect(lineCount(byOption.standardOutput) == 16)
  }

  @Test func framesReadsItToo() throws {
    let scratch = try Scratch()
    let fixtures = repositoryRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures").path
    let arguments = ["frames", "\(fixtures)/small.json", "\(fixtures)/small-next.json"]
    let plain = try runShelf(arguments, environment: environment(scratch))
    try scratch.write("fps = 10\n", to: "xdg/shelf/config.toml")
    let slower = try runShelf(arguments, environment: environment(scratch))
    let frames = { (result: ShelfResult) in result.standardOutput.count { $0 == "\u{0C}" } }
    #expect(frames(plain) > frames(slower) && frames(slower) > 0)
  }

  /// `[theme]` colours every headless output as the app: `render`'s
  /// colours, and the asciicasts of `frames` and `record` (a #rrggbb as the
  /// nearest of 256, as their terminal type says).
  @Test func renderFramesAndRecordingsTakeTheThemesColours() throws {
    let scratch = try Scratch()
    let fixtures = repositoryRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures").path
    let commands = [
      ["render", "--catalog", "\(fixtures)/small.json"],
      ["frames", "\(fixtures)/small.json", "\(fixtures)/small-next.json", "--format", "asciicast"],
      ["record", "--catalog", "\(fixtures)/small.json", "--seconds", "1"],
    ]
    // Without a file: the dark palette's focus, 214.
    for command in commands {
      let plain = try runShelf(command + ["--color", "always"], environment: environment(scratch))
      #expect(plain.status == 0, "\(command[0]): \(plain.standardError)")
      #expect(plain.standardOutput.contains("38;5;214"), "\(command[0])")
    }
    // #ff8800 is nearest 208; high-contrast's chrome is 51.
    try scratch.write(
      "[theme]\nname = \"high-contrast\"\nfocus = \"#ff8800\"\n", to: "xdg/shelf/config.toml")
    for command in commands {
      let themed = try runShelf(command + ["--color", "always"], environment: environment(scratch))
      #expect(themed.status == 0, "\(command[0]): \(themed.standardError)")
      #expect(themed.standardOutput.contains("38;5;208"), "\(command[0]): the focus set")
      #expect(themed.standardOutput.contains("38;5;51"), "\(command[0]): the theme's chrome")
      #expect(!themed.standardOutput.contains("38;5;214"), "\(command[0])")
    }
  }

  /// Each bad file, and the line shelf prints for it.
  static let badFiles: [(text: String, message: String)] = [
    ("width = 60\nrate = \n", "line 2, column 8: Error while parsing key-value pair"),
    ("width = 60\nbogus = 1\n", "line 2, column 1: unknown key 'bogus'"),
    ("no-live = \"yes\"\n", "line 1, column 1: no-live: expected true or false"),
    ("width = [60, 70]\n", "line 1, column 1: width: expected a value"),
    ("\n  color = \"often\"\n", "line 2, column 3: the value 'often' is invalid for '--color"),
    ("[keys]\ndown = \"ctrl-n\"\nfly = \"x\"\n", "line 3, column 1: unknown action 'fly'"),
    ("[keys]\ndown = \"nokey\"\n", "line 2, column 1: down: unknown key 'nokey'"),
    ("[keys]\ndown = 3\n", "line 2, column 1: down: expected a key name or a list of them"),
    ("keys = 3\n", "line 1, column 1: [keys] must be a table of actions"),
    ("[theme]\nname = \"plaid\"\n", "line 2, column 1: name: expected auto, dark, light"),
    ("[theme]\nfocus = 33\nhue = 1\n", "line 3, column 1: unknown theme key 'hue'"),
    ("[theme]\nfocus = 256\n", "line 2, column 1: focus: expected a colour number from 0"),
    ("[theme]\nflash = \"#12345\"\n", "line 2, column 1: flash: expected a colour number"),
    ("[theme]\nmatch = \"#12345g\"\n", "line 2, column 1: match: expected a colour number"),
    ("[theme]\nchrome = true\n", "line 2, column 1: chrome: expected a colour number"),
  ]

  @Test(arguments: badFiles.indices)
  func aBadFileIsOneLineWithItsPlaceAndExits78(index: Int) throws {
    let scratch = try Scratch()
    let (text, message) = Self.badFiles[index]
    let path = try scratch.write(text, to: "bad.toml")
    for arguments in [["render"], ["--no-live"]] {
      let result = try runShelf(arguments + ["--config", path], environment: environment(scratch))
      #expect(result.status == 78, "\(text): \(result.standardError)")
      #expect(
        result.standardError.hasPrefix("shelf: \(path), \(message)"), "\(result.standardError)")
      #expect(lineCount(result.standardError) == 1)
    }
  }

  @Test func aFileThatIsNotUTF8TextExits78() throws {
    let scratch = try Scratch()
    let path = scratch.url.appendingPathComponent("latin1.toml").path
    // "width = 60 # für" in Latin-1: the ü is not UTF-8.
    #expect(
      FileManager.default.createFile(
        atPath: path, contents: Data("width = 60 # f".utf8 + [0xFC] + Data("r\n".utf8))))
    let result = try runShelf(["render", "--config", path], environment: environment(scratch))
    #expect(result.status == 78)
    #expect(result.standardError == "shelf: \(path): the config file is not UTF-8 text\n")
  }

  /// A source on the command line replaces every source of the file; the
  /// file's other defaults stay.
  @Test func aSourceOnTheCommandLineReplacesTheFilesSources() throws {
    let scratch = try Scratch()
    let fixtures = repositoryRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures").path
    try scratch.write(
      "catalog = [\"\(fixtures)/wide.json\"]\nheight = 12\n", to: "xdg/shelf/config.toml")
    let fromFile = try runShelf(["render"], environment: environment(scratch))
    #expect(fromFile.status == 0, "\(fromFile.standardError)")
    #expect(fromFile.standardOutput.contains("Wide ✨ Text"), "the file's source")
    let given = try runShelf(
      ["render", "--catalog", "\(fixtures)/small.json"], environment: environment(scratch))
    #expect(given.status == 0, "\(given.standardError)")
    #expect(given.standardOutput.contains("Small Shelf"), "the command line's source alone")
    #expect(!given.standardOutput.contains("Wide ✨ Text"), "and not the file's")
    #expect(lineCount(given.standardOutput) == 12, "the file's height stays")
  }

  @Test func aNamedFileThatIsMissingExits66() throws {
    let scratch = try Scratch()
    let result = try runShelf(
      ["render", "--config", scratch.url.path + "/none.toml"], environment: environment(scratch))
    #expect(result.status == 66)
    #expect(result.standardError.contains("none.toml: cannot read the config file: no such file"))
    // A directory is named as one, not left as a bare "cannot read".
    let directory = try runShelf(
      ["render", "--config", scratch.url.path], environment: environment(scratch))
    #expect(directory.status == 66)
    #expect(directory.standardError.hasSuffix(": cannot read the config file: it is a directory\n"))
  }

  /// Every option of every command has its key in `config --print-default`;
  /// the file it prints, with every default uncommented, reads back and
  /// changes nothing.
  @Test func printDefaultListsEveryKeyAndReadsBack() throws {
    let scratch = try Scratch()
    let printed = try runShelf(["config", "--print-default"], environment: environment(scratch))
    #expect(printed.status == 0)
    let text = printed.standardOutput
    for command in [[], ["render"], ["frames"], ["record"]] {
      let help = try runShelf(command + ["--help"]).standardOutput
      let options = Set(help.matches(of: /--([a-z][a-z0-9-]*[a-z0-9])/).map { String($0.output.1) })
        .subtracting([
          "help", "version", "config", "stream", "theme", "print-default", "keys", "output",
        ])
      for option in options {
        #expect(text.contains("\n# \(option) = "), "no key for --\(option)")
      }
    }
    #expect(text.contains("\n[theme]\n") && text.contains("\n# name = \"auto\""))
    for role in ["focus", "flash", "match", "warning", "error", "chrome", "muted", "star"] {
      #expect(text.contains("\n# \(role) = \""), "no key for the colour of \(role)")
    }
    for action in ["down", "next-section", "sort-all", "quit"] {
      #expect(text.contains("\n# \(action) = "), "no key for the action \(action)")
    }
    // Uncommented, the defaults (not the examples of sources, commands and
    // keys to type) read back as a valid file that changes nothing.
    let examples =
      ["catalog", "watch", "exec", "url", "sqlite", "sql", "every", "seed", "print", "bind"]
      + ["preview"]
      + ["seconds", "pick", "filter", "query", "fields", "pattern", "group-by", "section-by"]
      + ["title", "subtitle", "id", "year", "rating", "link", "image", "tags", "keep"]
      + ["cover-lines", "card", "card-width", "swatch"]
    let uncommented = text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { line -> Substring in
        guard line.hasPrefix("# "), line.contains(" = "),
          let key = line.dropFirst(2).split(separator: " ").first,
          !examples.contains(String(key))
        else { return line }
        return line.dropFirst(2)
      }
      .joined(separator: "\n")
    let path = try scratch.write(uncommented, to: "defaults.toml")
    let plain = try runShelf(["render", "--no-live"], environment: environment(scratch))
    let configured = try runShelf(
      ["render", "--no-live", "--config", path], environment: environment(scratch))
    #expect(configured.status == 0, "\(configured.standardError)")
    #expect(configured.standardOutput == plain.standardOutput)
  }
}

extension InTmux {
  /// `[keys]` remaps: the keys listed do the action.
  @Suite struct ConfigKeys {
    @Test func remappedKeysMoveAndQuit() throws {
      let session = try TmuxSession()
      defer { session.close() }
      let config = session.scratch.appendingPathComponent("keys.toml")
      try "[keys]\ndown = [\"ctrl-n\", \"J\"]\nquit = \"x\"\n".write(
        to: config, atomically: true, encoding: .utf8)
      try session.startShelf("--catalog \(fixtures)/small.json --config \(config.path)")
      session.expectScreen(containing: "Emma — Jane Austen")
      try session.send("C-n")
      session.expectScreen(containing: "Metropolis — Fritz Lang (1927)")
      try session.send("x")
      session.expectRestored(session.waitForExit(), status: 0)
    }
  }
}
