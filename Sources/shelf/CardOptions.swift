import ArgumentParser
import ShelfCatalog
import ShelfUI

/// What a card shows and how wide it is: shared by `shelf`, `render`,
/// `frames` and `record`, so headless output matches the app.
struct CardOptions: ParsableArguments {
  @Option(
    name: .customLong("card"),
    help: ArgumentHelp(
      "A line of each card, such as '{author} · {date}': card fields in braces, as in"
        + " --print; repeats, up to \(CardStyle.maximumLineCount) lines (default: title,"
        + " subtitle, year and rating).", valueName: "line"))
  var lines: [String] = []

  @Option(
    name: .customLong("card-width"),
    help: ArgumentHelp(
      "How wide cards are (values: auto, or \(CardStyle.widthRange.lowerBound) to"
        + " \(CardStyle.widthRange.upperBound) columns): auto makes most titles fit whole, up"
        + " to a third of the screen; by default the screen's width decides.",
      valueName: "auto|n"),
    transform: Parse.cardWidth)
  var width: CardWidth?

  @Option(
    name: .customLong("swatch"),
    help: ArgumentHelp(
      "Colour the square on each card by this field: the same value, the same colour;"
        + " the help (?) lists them (default: no square).", valueName: "field"))
  var swatchField: String?

  func validate() throws {
    if lines.count > CardStyle.maximumLineCount {
      throw ValidationError(
        "--card: at most \(CardStyle.maximumLineCount) lines, \(lines.count) given")
    }
  }

  /// The cards' style these options ask for.
  var style: CardStyle {
    CardStyle(
      lines: lines.map(CardLine.init(template:)), width: width ?? .standard,
      swatchField: swatchField)
  }
}

extension CardLine {
  /// The line `text` reads as, a `FieldTemplate`.
  init(template text: String) {
    self.init(
      FieldTemplate(text).pieces.map { piece in
        switch piece {
        case .text(let run): .text(run)
        case .field(let name): .field(name)
        }
      })
  }
}

extension Parse {
  /// `auto`, or a whole number of columns in `CardStyle.widthRange`.
  @Sendable static func cardWidth(_ text: String) throws -> CardWidth {
    if text == "auto" { return .auto }
    let range = CardStyle.widthRange
    guard let columns = Int(text), range.contains(columns) else {
      throw Refusal(
        description:
          "expected auto or a whole number from \(range.lowerBound) to \(range.upperBound)")
    }
    return .columns(columns)
  }
}

/// `--theme-color ROLE=COLOR`: how the config file's `[theme]` colours
/// reach a command (hidden from the help: the file is where they are set).
struct ThemeColorOption: Equatable, Sendable {
  /// The option's long name.
  static let name = "theme-color"

  var role: ThemeColors.Role
  var color: ThemeColor

  /// `focus=#ff8700` or `focus=208`.
  @Sendable static func parse(_ text: String) throws -> ThemeColorOption {
    let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
    guard parts.count == 2, let role = ThemeColors.Role(rawValue: parts[0]),
      let color = ThemeColor(parts[1])
    else {
      throw Parse.Refusal(description: "expected ROLE=COLOR, a colour 0 to 255 or #rrggbb")
    }
    return ThemeColorOption(role: role, color: color)
  }

  /// The colours `options` set, the last of a role winning.
  static func colors(_ options: [ThemeColorOption]) -> ThemeColors {
    ThemeColors(Dictionary(options.map { ($0.role, $0.color) }) { $1 })
  }

  /// A value of `role` the default config file shows: the dark palette's own.
  static func example(of role: ThemeColors.Role) -> String {
    let index = ThemePalette.ink(for: role.color, isBold: false, colors: 256, on: .dark)
    return String(index.index ?? 7)
  }
}
