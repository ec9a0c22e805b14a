import ArgumentParser
import ShelfUI

extension ConfigFile {
  /// `shelf config --print-default`: a config file with every key, each
  /// commented out with its default (or an example) and what it does.
  static func defaultText(_ table: OptionTable) -> String {
    var text = """
      # shelf's config file: $XDG_CONFIG_HOME/shelf/config.toml (else
      # ~/.config/shelf/config.toml), or the file --config FILE or SHELF_CONFIG names.
      # Each top-level key is a command-line option's long name and sets its default
      # for every command that takes it; options on the command line win, and a
      # source on the command line replaces the file's sources. Uncomment to use.

      """
    // The theme has a table of its own, [theme], below.
    for name in table.order where name != "theme" && name != ThemeColorOption.name {
      guard let option = table.options[name] else { continue }
      let commands = option.commands.map { $0.map { "shelf \($0)" } ?? "shelf" }
      text += "\n# \(option.abstract) (\(commands.joined(separator: ", ")))\n"
      text += "# \(name) = \(example(of: option))\n"
    }
    text += """

      [keys]
      # Each action takes a key name or a list of them: a character, ctrl-a to ctrl-z,
      # f1 to f12, up, down, left, right, home, end, pgup, pgdn, enter, esc, tab,
      # btab, bs, del or space. The listed keys then do the action too.

      """
    for action in ScreenAction.keys {
      text += "# \(action.name) = \(quoted(action.key))\n"
    }
    text += """

      [theme]
      # The colours: auto (asks the terminal for its background), dark, light,
      # solarized or high-contrast.
      # name = "auto"
      # A role's colour over the theme's, on 256-colour terminals: a number from
      # 0 to 255 (the xterm palette) or "#rrggbb" (exact on a 24-bit terminal,
      # COLORTERM=truecolor; elsewhere the nearest of 256).

      """
    for role in ThemeColors.Role.allCases {
      text += "# \(role.rawValue) = \(quoted(ThemeColorOption.example(of: role)))\n"
    }
    return text
  }

  /// A value the option takes, in TOML: its default, else an example.
  private static func example(of option: OptionTable.Option) -> String {
    if option.isFlag { return "false" }
    // The help says the default ("(default 300)"), or lists the values an
    // option takes ("(values: slow, fast, ...").
    func said(after marker: String) -> String? {
      option.abstract.range(of: marker).map { found in
        String(option.abstract[found.upperBound...].prefix { !",;) ".contains($0) })
      }
    }
    let value =
      option.defaultValue ?? said(after: "(default ") ?? said(after: "(values: ")
      ?? option.valueName
    let literal = Int(value) != nil ? value : quoted(value)
    return option.isRepeating ? "[\(literal)]" : literal
  }

  /// `text` as a TOML basic string.
  private static func quoted(_ text: String) -> String {
    var result = "\""
    for character in text {
      switch character {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      default: result.append(character)
      }
    }
    return result + "\""
  }
}

/// `shelf config --print-default`.
struct ConfigCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "config",
    abstract: "Print a config file with every key, commented out, to start one from.",
    discussion: """
      shelf config --print-default > ~/.config/shelf/config.toml writes a config \
      file to edit: each key is commented out with its default and what it does.
      """)

  @Flag(name: .customLong("print-default"), help: "Print the commented config file.")
  var printsDefault = false

  func validate() throws {
    if !printsDefault { throw ValidationError("config: give --print-default") }
  }
}

/// `--config FILE`, read before the command line is parsed (`Arguments`);
/// declared here so that every command's help lists it.
struct ConfigOptions: ParsableArguments {
  @Option(
    "config", valueName: "file",
    help: "Read option defaults, keys and theme from <file> (default: SHELF_CONFIG, else"
      + " $XDG_CONFIG_HOME/shelf/config.toml).")
  var path: String?
}

/// `--verbose`: every repeated id on stderr, not only how many.
struct VerboseOptions: ParsableArguments {
  @Flag(
    name: .customLong("verbose"),
    help: "List every repeated id on stderr, not only how many there are.")
  var isVerbose = false
}
