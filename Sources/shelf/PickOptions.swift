import ArgumentParser
import ShelfUI

/// What the screen does with a card besides showing it: `--pick`, `--print`,
/// `--multi`, `--bind` and `--no-clipboard`, checked.
struct ActionOptions: Equatable, Sendable {
  /// Whether Enter prints the picked cards and exits.
  var isPicking = false
  /// Whether cards can be marked and picked together.
  var isMultiPick = false
  /// What a picked card prints, and what `y` copies.
  var format = CardTemplate.id
  /// Whether `y` copies to the clipboard.
  var canCopy = true
  /// Keys bound to commands, in the order given.
  var bindings: [Binding] = []
  /// `--preview`'s command, its fields in braces; nil for no preview pane.
  var preview: CardTemplate?
  /// Where the preview pane stands (`--preview-window`).
  var previewWindow = PreviewWindow.standard

  /// A key bound to a command.
  struct Binding: Equatable, Sendable {
    var key: Key
    /// The key as named on the command line.
    var name: String
    /// The command, its fields in braces.
    var command: CardTemplate
    /// The command as given (after `silent:`), for the help.
    var text: String
    /// Whether it runs without leaving the screen, its output discarded.
    var isSilent: Bool
  }

  /// What the screen needs to know of these options.
  var screenActions: ScreenActions {
    ScreenActions(
      isPicking: isPicking, isMultiPick: isMultiPick, canCopy: canCopy,
      bindings: bindings.map {
        KeyBinding(key: $0.key, name: $0.name, command: ($0.isSilent ? "silent: " : "") + $0.text)
      })
  }
}

/// `--pick` and its company, on the interactive screen.
struct PickOptions: ParsableArguments {
  @Flag(
    name: .customLong("pick"),
    help: """
      Enter prints the focused card on stdout and exits; q, or Esc with nothing open, \
      exits 1 printing nothing. A reader that went away (| head) ends it with 141, \
      as SIGPIPE would, like the headless commands.
      """)
  var isPicking = false

  @Option(
    "print", valueName: "format",
    help: "What a picked card prints, y copies and --filter prints a line of: {id} (a pick's"
      + " default), {title} (--filter's default), {subtitle}, {year},"
      + " {rating}, {row}, {section}, {url}, {json}, any field the card came with ({isbn}),"
      + " and any text; a field a card lacks prints empty.")
  var format: String?

  @Flag(
    name: .customLong("multi"), help: "With --pick: m marks cards; Enter prints each marked one.")
  var isMultiPick = false

  @Option(
    "bind", valueName: "key:command",
    help: "Run <command> through /bin/sh -c when <key> is pressed, the focused card's fields in"
      + " braces; 'key:silent:command' keeps the screen; repeats.")
  var bindings: [String] = []

  @Flag(name: .customLong("no-clipboard"), help: "y does not copy to the clipboard.")
  var isClipboardOff = false

  @OptionGroup var previewing: PreviewOptions

  func validate() throws {
    _ = try actions()
  }

  /// The options, checked: a usage error names what is wrong.
  func actions() throws -> ActionOptions {
    if isMultiPick && !isPicking {
      throw ValidationError("--multi marks cards for --pick: give --pick too")
    }
    var actions = ActionOptions(
      isPicking: isPicking, isMultiPick: isMultiPick, canCopy: !isClipboardOff)
    if let format { actions.format = CardTemplate(format) }
    (actions.preview, actions.previewWindow) = try previewing.checked()
    for binding in bindings {
      let parsed = try Self.binding(
        binding, isMultiPick: isMultiPick, hasPreview: actions.preview != nil)
      if let earlier = actions.bindings.first(where: { $0.key == parsed.key }) {
        throw ValidationError("--bind: the key '\(earlier.name)' is bound twice")
      }
      actions.bindings.append(parsed)
    }
    return actions
  }

  /// `KEY:COMMAND` or `KEY:silent:COMMAND` read.
  static func binding(
    _ text: String, isMultiPick: Bool, hasPreview: Bool = false
  ) throws -> ActionOptions.Binding {
    // The key is everything before the first colon, or a colon itself (`::cmd`).
    let keyEnd =
      text.hasPrefix("::") ? text.index(after: text.startIndex) : text.firstIndex(of: ":")
    guard let keyEnd, keyEnd > text.startIndex else {
      throw ValidationError("--bind: expected KEY:COMMAND, such as 'o:xdg-open {url}'")
    }
    let name = String(text[..<keyEnd])
    var command = String(text[text.index(after: keyEnd)...])
    var isSilent = false
    if command.hasPrefix("silent:") {
      isSilent = true
      command.removeFirst("silent:".count)
    }
    guard !command.allSatisfy(\.isWhitespace) else {
      throw ValidationError("--bind: no command for the key '\(TerminalText.sanitized(name))'")
    }
    let key = try Self.key(named: name)
    if ShelfScreen.isReserved(key, isMultiPick: isMultiPick, hasPreview: hasPreview) {
      throw ValidationError(
        "--bind: the key '\(TerminalText.sanitized(name))' is taken by the screen (taken: arrows,"
          + " h j k l g G 0 $ [ ] s S q / ? . y space, Enter, Esc, Tab, Backspace, Home, End,"
          + " PgUp, PgDn,"
          + " F1, ctrl-c l u z, m\(hasPreview ? ", p P with --preview" : ""))")
    }
    return ActionOptions.Binding(
      key: key, name: name, command: CardTemplate(command), text: command,
      isSilent: isSilent)
  }

  /// The key `name` stands for: one character, `ctrl-<letter>`, `f1` to
  /// `f12`, or a named key (`enter`, `esc`, `tab`, `space`, `up`, …).
  static func key(named name: String) throws -> Key {
    let lower = name.lowercased()
    let named: [String: Key] = [
      "up": .up, "down": .down, "left": .left, "right": .right, "home": .home, "end": .end,
      "pgup": .pageUp, "pgdn": .pageDown, "enter": .enter, "esc": .escape, "tab": .tab,
      "btab": .backTab, "bs": .backspace, "del": .delete, "space": .character(" "),
      "shift-up": .shiftUp, "shift-down": .shiftDown,
    ]
    if name.count > 1, let key = named[lower] { return key }
    if name.count == 1, let character = name.first,
      character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
    {
      return .character(character)
    }
    if lower.hasPrefix("ctrl-"), lower.count == 6, let letter = lower.last,
      ("a"..."z").contains(letter)
    {
      // What the terminal sends for these is another key's code.
      switch letter {
      case "h": return .backspace
      case "i": return .tab
      case "j", "m": return .enter
      default: return .control(letter)  // ctrl-s and ctrl-q too: flow control is off
      }
    }
    if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...12).contains(number) {
      return .function(number)
    }
    throw ValidationError(
      "--bind: unknown key '\(TerminalText.sanitized(name))' (a character, ctrl-a to ctrl-z,"
        + " f1 to f12)")
  }
}

/// `--preview` and `--preview-window`: the live screen's, and the headless
/// `render`'s and `frames`'s.
struct PreviewOptions: ParsableArguments {
  @Option(
    "preview", valueName: "command",
    help: "Show what <command> prints for the focused card in a pane beside the cards: run through"
      + " /bin/sh -c, the card's fields in braces as in --bind, once the focus rests (p shows"
      + " and hides the pane, P focuses it to scroll, as Shift+Up/Down do); render and frames"
      + " run it once, for at most \(Headless.previewSeconds) s.")
  var preview: String?

  @Option(
    name: .customLong("preview-window"),
    help: ArgumentHelp(
      "Where --preview's pane stands: right:N% (on a screen of \(PreviewWindow.rightMinimumWidth)"
        + " columns or more, else at the bottom), bottom:N%, or hidden (p shows it).",
      valueName: "position"))
  var previewWindow = "right:50%"

  func validate() throws {
    _ = try checked()
  }

  /// The options once parsed (`validate()` refused bad ones).
  var settings: (command: CardTemplate?, window: PreviewWindow) {
    (try? checked()) ?? (nil, .standard)
  }

  /// The command, nil for none, and the pane's place, checked: a usage
  /// error names what is wrong.
  func checked() throws -> (CardTemplate?, PreviewWindow) {
    guard let window = PreviewWindow(previewWindow) else {
      throw ValidationError(
        "--preview-window: expected right:N%, bottom:N% (N from 1 to 99) or hidden, not '"
          + TerminalText.sanitized(previewWindow) + "'")
    }
    guard let preview else { return (nil, window) }
    guard !preview.allSatisfy(\.isWhitespace) else {
      throw ValidationError("--preview: the command is empty")
    }
    return (CardTemplate(preview), window)
  }
}

/// `--filter`, `--query`, `--select-1`, `--exit-0` and `--exact`: search
/// from the command line, as fzf's options of those names do.
struct SearchOptions: ParsableArguments {
  @Option(
    "filter", valueName: "query",
    help: "Print the cards that match <query>, best first, one a line, with no screen: each"
      + " card's title, or --print's format ({id} for ids; a record with no id field has its"
      + " whole content as id); exit 1 when none does.")
  var filter: String?

  @Option(
    "query", valueName: "query",
    help: "Start with <query> typed in the search prompt (right after --sqlite FILE, it is that"
      + " database's SQL).")
  var query: String?

  @Flag(
    name: .customLong("select-1"),
    help: "Print the card at once, with no screen, when only one matches the query.")
  var isSelectingOne = false

  @Flag(name: .customLong("exit-0"), help: "Exit 1 at once, with no screen, when no card matches.")
  var isExitingOnNone = false

  @Flag(
    name: .customLong("exact"),
    help: "Find a search word as typed, not by its letters in order (Ctrl-E toggles it).")
  var isExact = false

  /// What the interactive screen needs of these options.
  var settings: SearchSettings {
    SearchSettings(
      query: query ?? "", isExact: isExact, isSelectingOne: isSelectingOne,
      isExitingOnNone: isExitingOnNone)
  }
}

/// The search options of the interactive screen, checked.
struct SearchSettings: Equatable, Sendable {
  /// The query typed at start; empty for none.
  var query = ""
  var isExact = false
  var isSelectingOne = false
  var isExitingOnNone = false
}
