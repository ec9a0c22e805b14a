import ArgumentParser
import ShelfCatalog
import ShelfUI

/// What a card shows and how wide it is: shared by `shelf`, `render`,
/// `frames` and `record`, so headless output matches the app.
struct CardOptions: ParsableArguments {
  @Option(
    "card", valueName: "line",
    help: "A line of each card, such as '{author}, {date}': card fields in braces, as in"
      + " --print; repeats, up to \(CardStyle.maximumLineCount) lines (default: title,"
      + " subtitle, year and rating).")
  var lines: [String] = []

  @Option(
    "card-width", valueName: "auto|n",
    help: "How wide cards are (values: auto, or \(CardStyle.widthRange.lowerBound) to"
      + " \(CardStyle.widthRange.upperBound) columns): auto makes most titles fit whole, up"
      + " to a third of the screen; by default the screen's width decides.",
    transform: Parse.cardWidth)
  var width: CardWidth?

  @Option(
    "swatch", valueName: "field",
    help: "Colour the square on each card by this field: the same value, the same colour;"
      + " the help (?) lists them (default: no square).")
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
