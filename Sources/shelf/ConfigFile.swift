import ArgumentParser
import Foundation
import ShelfTerminal
import ShelfUI
import TOMLKit

/// The config file, `config.toml`: defaults for command-line options (each
/// under the option's long name at the top level), key remaps (`[keys]`) and
/// the theme (`[theme]`). Command-line options win over it.
struct ConfigFile: Equatable, Sendable {
  /// One option's default: its long name and the values it stands for (one
  /// per repeat; a flag set to true has none).
  struct Default: Equatable, Sendable {
    var name: String
    var values: [String]
  }

  /// The file read.
  var path: String
  /// The top-level options, in the file's order of keys (sorted).
  var defaults: [Default] = []
  /// Keys remapped to actions: a key pressed on the screen, and the key of
  /// the action it takes.
  var keyMap: [Key: Key] = [:]

  // MARK: - Where it is

  /// The config file for `arguments` (the command line) and `environment`:
  /// `--config FILE`, else `SHELF_CONFIG`, else
  /// `$XDG_CONFIG_HOME/shelf/config.toml`, else `~/.config/shelf/config.toml`.
  /// Nil when none was named and the usual one does not exist.
  static func path(arguments: [String], environment: [String: String]) -> String? {
    if let named = ConfigFile.namedPath(in: arguments) { return named }
    if let named = environment["SHELF_CONFIG"], !named.isEmpty { return named }
    let base: String
    if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
      base = xdg
    } else if let home = environment["HOME"], !home.isEmpty {
      base = home + "/.config"
    } else {
      return nil
    }
    let path = base + "/shelf/config.toml"
    return FileManager.default.fileExists(atPath: path) ? path : nil
  }

  /// The value of `--config` in `arguments` (before a `--`), if given.
  static func namedPath(in arguments: [String]) -> String? {
    var index = arguments.startIndex
    while index < arguments.endIndex, arguments[index] != "--" {
      let token = arguments[index]
      if token == "--config", index + 1 < arguments.endIndex { return arguments[index + 1] }
      if token.hasPrefix("--config=") { return String(token.dropFirst("--config=".count)) }
      index += 1
    }
    return nil
  }

  // MARK: - Reading

  /// Why the file at `path` cannot be read: missing, a directory, or not readable.
  private static func unreadableReason(_ path: String) -> String {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      return "no such file"
    }
    return isDirectory.boolValue ? "it is a directory" : "permission denied"
  }

  /// Reads and checks the file at `path` against `options`, the long
  /// options of every command. A problem is one line with the path, line,
  /// column and what is wrong (exit 78); a file that cannot be read, 66.
  static func load(path: String, options: OptionTable) throws(AppError) -> ConfigFile {
    let shown = TerminalText.sanitized(path)
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .missingInput("\(shown): cannot read the config file: \(unreadableReason(path))")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw .config("\(shown): the config file is not UTF-8 text")
    }
    let table: TOMLTable
    do {
      table = try TOMLTable(string: text)
    } catch let error as TOMLParseError {
      throw .config(
        "\(shown), line \(error.source.begin.line), column \(error.source.begin.column): "
          + TerminalText.sanitized(error.description))
    } catch {
      throw .config("\(shown): \(TerminalText.sanitized(String(describing: error)))")
    }
    let locator = KeyLocator(text: text)
    func problem(_ key: String, in section: String? = nil, _ message: String) -> AppError {
      let place = locator.position(of: key, in: section)
      return .config(
        "\(shown), line \(place.line), column \(place.column): "
          + TerminalText.sanitized(message))
    }
    var config = ConfigFile(path: path, text: text)
    for key in table.keys.sorted() {
      guard let value = table[key] else { continue }
      switch key {
      case "keys":
        guard let keys = value.table else {
          throw problem(key, "[keys] must be a table of actions")
        }
        config.keyMap = try keyMap(keys) { key, message in problem(key, in: "keys", message) }
      case "theme" where value.table != nil:
        guard let theme = value.table else { continue }
        var colors: [String] = []
        for themeKey in theme.keys.sorted() {
          if let role = ThemeColors.Role(rawValue: themeKey) {
            let text = theme[themeKey]?.string ?? theme[themeKey]?.int.map(String.init)
            guard let text, ThemeColor(text) != nil else {
              throw problem(
                themeKey, in: "theme",
                "\(themeKey): expected a colour number from 0 to 255 or \"#rrggbb\"")
            }
            colors.append("\(role.rawValue)=\(text)")
            continue
          }
          guard themeKey == "name" else {
            let known = (["name"] + ThemeColors.Role.allCases.map(\.rawValue))
            throw problem(
              themeKey, in: "theme",
              "unknown theme key '\(themeKey)' (known: \(known.joined(separator: ", ")))")
          }
          guard let name = theme[themeKey]?.string, Theme(rawValue: name) != nil else {
            throw problem(
              themeKey, in: "theme",
              "name: expected \(Theme.allCases.map(\.rawValue).joined(separator: ", "))")
          }
          config.defaults.append(Default(name: "theme", values: [name]))
        }
        if !colors.isEmpty {
          config.defaults.append(Default(name: ThemeColorOption.name, values: colors))
        }
      default:
        guard let option = options.options[key] else {
          throw problem(key, "unknown key '\(key)': not an option of shelf or its commands")
        }
        switch option.reading(value) {
        case .wrongKind: throw problem(key, "\(key): expected \(option.expectation)")
        case .off: break
        case .values(let values): config.defaults.append(Default(name: key, values: values))
        }
      }
    }
    return config
  }

  /// The `[keys]` table as a key map: each action's keys lead to it.
  private static func keyMap(
    _ table: TOMLTable, problem: (String, String) -> AppError
  ) throws(AppError) -> [Key: Key] {
    var map: [Key: Key] = [:]
    for action in table.keys.sorted() {
      guard let target = ScreenAction.key(ofAction: action) else {
        throw problem(
          action,
          "unknown action '\(action)' (known: \(ScreenAction.names.joined(separator: ", ")))")
      }
      let names: [String]
      if let name = table[action]?.string {
        names = [name]
      } else if let array = table[action]?.array,
        case let strings = array.compactMap(\.string), strings.count == array.count
      {
        names = strings
      } else {
        throw problem(action, "\(action): expected a key name or a list of them")
      }
      for name in names {
        do {
          map[try PickOptions.key(named: name)] = target
        } catch {
          throw problem(action, "\(action): unknown key '\(name)'")
        }
      }
    }
    return map
  }

  /// The file's text, kept to place a problem found after reading it.
  var text = ""

  /// A problem with a default the command line refused: `message` names the
  /// option (`--rate`), placed where the file sets it.
  func problem(_ message: String) -> AppError {
    let named = defaults.first { message.contains("--\($0.name)") }?.name
    let place =
      named.map { KeyLocator(text: text).position(of: $0, in: nil) } ?? (line: 1, column: 1)
    return .config(
      "\(TerminalText.sanitized(path)), line \(place.line), column \(place.column): \(message)")
  }

  // MARK: - Applying

  /// `arguments` (the command line, its subcommand first if any) with the
  /// defaults the command `command` takes put in front of its options; an
  /// option the command line gives keeps its value alone, and a source
  /// given on the command line replaces every source of the file.
  func applied(to arguments: [String], command: String?, options: OptionTable) -> [String] {
    let given = Set(
      arguments.prefix { $0 != "--" }.compactMap { token -> String? in
        guard token.hasPrefix("--") else { return nil }
        return String(token.dropFirst(2).split(separator: "=", maxSplits: 1).first ?? "")
      })
    let sourceGiven = !given.isDisjoint(with: OptionTable.sourceNames)
    var added: [String] = []
    for option in defaults {
      guard options.accepts(option.name, command: command), !given.contains(option.name),
        !(sourceGiven && OptionTable.sourceNames.contains(option.name))
      else { continue }
      if option.values.isEmpty {
        added.append("--\(option.name)")
      } else {
        for value in option.values { added.append("--\(option.name)=\(value)") }
      }
    }
    guard let command else { return added + arguments }
    return [command] + added + arguments.dropFirst()
  }
}

/// The long options of `shelf` and its commands, read from the command
/// line's own definition (ArgumentParser's tool description), so every
/// option has its key with no list kept by hand.
struct OptionTable: Sendable {
  /// One long option.
  struct Option: Sendable {
    var name: String
    /// A flag (true or false in the file), else an option with a value.
    var isFlag: Bool
    /// Whether it repeats (a list in the file).
    var isRepeating: Bool
    /// Its help line.
    var abstract: String
    /// Its default, as ArgumentParser shows it.
    var defaultValue: String?
    /// What its value is called in the help (`file`, `n`).
    var valueName: String
    /// The commands that take it: nil for `shelf` itself, else the subcommand.
    var commands: [String?]

    /// What the file must give.
    var expectation: String {
      isFlag ? "true or false" : (isRepeating ? "a value or a list of values" : "a value")
    }

    /// What a value in the file says.
    enum Reading: Equatable {
      /// Not what the option takes.
      case wrongKind
      /// A flag set to false: nothing to add.
      case off
      /// The option's values on the command line (none for a flag).
      case values([String])
    }

    /// What `value` in the file says for this option.
    func reading(_ value: any TOMLValueConvertible) -> Reading {
      if isFlag {
        guard let flag = value.bool else { return .wrongKind }
        return flag ? .values([]) : .off
      }
      if let array = value.array {
        guard isRepeating else { return .wrongKind }
        let texts = array.compactMap(Self.text(of:))
        return texts.count == array.count ? .values(texts) : .wrongKind
      }
      return Self.text(of: value).map { .values([$0]) } ?? .wrongKind
    }

    private static func text(of value: any TOMLValueConvertible) -> String? {
      if let text = value.string { return text }
      if let number = value.int { return String(number) }
      if let number = value.double { return String(number) }
      return nil
    }
  }

  /// Options that name where catalogs come from: the command line's replace the file's.
  static let sourceNames: Set<String> = ["catalog", "watch", "stream", "exec", "url"]
  /// Options that make no sense as a default (`keys`, what `record` types,
  /// would also clash with the `[keys]` table).
  static let excluded: Set<String> = [
    "help", "version", "config", "print-default", "stream", "keys", "output",
  ]

  /// Every option by long name.
  private(set) var options: [String: Option] = [:]
  /// The names in the order the commands list them.
  private(set) var order: [String] = []

  /// Whether `command` (nil for `shelf` itself) takes the option `name`.
  func accepts(_ name: String, command: String?) -> Bool {
    options[name]?.commands.contains(command) ?? false
  }

  /// The table of `ShelfCommand` and its subcommands.
  static func read() -> OptionTable {
    var table = OptionTable()
    guard
      case let message = ShelfCommand.fullMessage(for: dumpRequest()),
      let json = try? JSONSerialization.jsonObject(with: Data(message.utf8)) as? [String: Any],
      let root = json["command"] as? [String: Any]
    else { return table }
    table.add(root, command: nil)
    for sub in root["subcommands"] as? [[String: Any]] ?? [] {
      table.add(sub, command: sub["commandName"] as? String)
    }
    return table
  }

  /// The error ArgumentParser answers `--experimental-dump-help` with.
  private static func dumpRequest() -> any Error {
    do {
      _ = try ShelfCommand.parseAsRoot(["--experimental-dump-help"])
      return CleanExit.message("")
    } catch {
      return error
    }
  }

  private mutating func add(_ command: [String: Any], command name: String?) {
    for argument in command["arguments"] as? [[String: Any]] ?? [] {
      guard let kind = argument["kind"] as? String, kind != "positional",
        let long = (argument["names"] as? [[String: Any]])?
          .first(where: { $0["kind"] as? String == "long" })?["name"] as? String,
        !Self.excluded.contains(long)
      else { continue }
      if options[long] == nil {
        order.append(long)
        options[long] = Option(
          name: long, isFlag: kind == "flag",
          isRepeating: argument["isRepeating"] as? Bool ?? false,
          abstract: argument["abstract"] as? String ?? "",
          defaultValue: argument["defaultValue"] as? String,
          valueName: argument["valueName"] as? String ?? long, commands: [])
      }
      options[long]?.commands.append(name)
    }
  }
}

/// Where a key is written in a TOML text: its line and column, for messages
/// about values the parser accepted.
struct KeyLocator {
  let lines: [Substring]

  init(text: String) {
    lines = text.split(separator: "\n", omittingEmptySubsequences: false)
  }

  /// The position of `key` (in the table `section`, nil for the top level);
  /// line 1, column 1 when it cannot be found.
  func position(of key: String, in section: String?) -> (line: Int, column: Int) {
    var current: String?
    for (number, line) in lines.enumerated() {
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      if trimmed.hasPrefix("[") {
        current = trimmed.dropFirst().prefix { $0 != "]" }
          .trimmingCharacters(in: .whitespaces)
        // A table's own name is found on its header line.
        if section == nil, current == key { return (number + 1, line.count - trimmed.count + 1) }
        continue
      }
      guard current == section else { continue }
      let name = trimmed.prefix { $0 != "=" && $0 != " " && $0 != "\t" }
        .trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
      if name == key { return (number + 1, line.count - trimmed.count + 1) }
    }
    return (1, 1)
  }
}

/// The actions `[keys]` can remap, each with the key the screen knows it by.
enum ScreenAction {
  static let keys: [(name: String, key: String)] = [
    ("left", "h"), ("right", "l"), ("up", "k"), ("down", "j"), ("first-row", "g"),
    ("last-row", "G"), ("first-card", "0"), ("last-card", "$"), ("page-up", "pgup"),
    ("page-down", "pgdn"), ("previous-section", "["), ("next-section", "]"), ("sort-row", "s"),
    ("sort-all", "S"), ("details", "enter"), ("filter", "/"), ("help", "?"), ("messages", "m"),
    ("quit", "q"), ("pause", "space"), ("step", "."), ("copy", "y"), ("next-source", "tab"),
    ("previous-source", "btab"), ("redraw", "ctrl-l"), ("preview", "p"), ("focus-preview", "P"),
    ("preview-up", "shift-up"), ("preview-down", "shift-down"),
  ]

  /// Every action's name.
  static var names: [String] { keys.map(\.name) }

  /// The key of the action `name`.
  static func key(ofAction name: String) -> Key? {
    keys.first { $0.name == name }.flatMap { try? PickOptions.key(named: $0.key) }
  }
}
