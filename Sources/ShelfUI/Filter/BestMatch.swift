/// A card of the "Best matches" row, with the row it comes from: picking,
/// opening or copying it acts on that card in that row.
struct BestMatch: Equatable, Sendable {
  /// The row's title.
  static let rowTitle = "Best matches"

  /// The id of the card's own row.
  var rowID: String
  /// The title of the card's own row.
  var rowTitle: String
  /// The heading of that row's section; empty for an untitled one.
  var sectionTitle: String
  /// The card as its row holds it.
  var card: CardFace

  /// The card's id in the best matches row: unique there, as card ids are
  /// unique only within their row (the row id's length first, so no two
  /// pairs give the same text).
  var shownID: String { "\(rowID.utf8.count):\(rowID)\(card.id)" }

  /// The card as the best matches row shows it.
  var shownCard: CardFace {
    var shown = card
    shown.id = shownID
    return shown
  }

  /// The card as a pick hands it on.
  var pick: PickedCard {
    PickedCard(face: card, rowTitle: rowTitle, sectionTitle: sectionTitle)
  }
}
