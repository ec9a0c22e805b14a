/// Where the cards on screen find their covers: pictures converted to cells
/// at the cards' size, looked up on the main thread each frame. A cover that
/// is not ready is asked for, and a placeholder shows until the source says
/// it is (its owner then asks for a frame).
@MainActor
public protocol CoverSource: AnyObject {
  /// The cells of `image` at `width` x `height` if ready; nil asks for them.
  func cover(of image: String, width: Int, height: Int) -> CoverCells?
  /// Asks for covers likely shown next (one screen ahead), after those on screen.
  func prefetch(_ images: [String], width: Int, height: Int)
}

extension TableView {
  /// `scene` with the covers `covers` has ready on its cards, and the
  /// covers one screen ahead asked for: the cards beside those shown in
  /// each row on screen, and the rows one screen below.
  func covered(_ scene: Scene, by covers: any CoverSource, isStill: Bool) -> Scene {
    let strip = Metrics.strip(forScreenWidth: scene.size.width)
    let width = strip.cardWidth - 2
    var scene = scene
    var lastRow: Int?
    for index in scene.entries.indices {
      guard case .row(var row) = scene.entries[index], row.coverLines > 0 else { continue }
      var changed = false
      for card in row.cards.indices where !row.cards[card].face.image.isEmpty {
        let cover = covers.cover(
          of: row.cards[card].face.image, width: width, height: row.coverLines)
        if let cover {
          row.cards[card].face.cover = cover
          changed = true
        }
      }
      if changed { scene.entries[index] = .row(row) }
      if let rowIndex = model.rowIndexByID[row.id] { lastRow = max(lastRow ?? rowIndex, rowIndex) }
    }
    guard isStill, model.coverLines > 0 else { return scene }
    // One screen ahead: a strip's worth of cards each side in the rows shown,
    // then the next screenful of rows.
    var ahead: [String] = []
    let rowsPerScreen = max(1, scene.body.height / model.rowHeight)
    let shown = scene.rows.compactMap { model.rowIndexByID[$0.id] }
    let below = lastRow.map { ($0 + 1)..<min(model.rows.count, $0 + 1 + rowsPerScreen) } ?? 0..<0
    for rowIndex in shown + Array(below) {
      let row = model.rows[rowIndex]
      let offset = state.offset(ofRow: row, strip: strip)
      let first = max(0, offset - strip.visibleCards)
      let end = min(row.cards.count, offset + 2 * strip.visibleCards)
      guard first < end else { continue }
      for card in row.cards[first..<end] where !card.image.isEmpty { ahead.append(card.image) }
    }
    if !ahead.isEmpty { covers.prefetch(ahead, width: width, height: model.coverLines) }
    return scene
  }
}

extension TableView {
  /// The ready covers of `scene`'s cards where the renderer puts them: inside
  /// each card's border, below its top.
  static func placedCovers(in scene: Scene) -> [PlacedCover] {
    var placed: [PlacedCover] = []
    for row in scene.rows where row.coverLines > 0 {
      for card in row.cards {
        guard let cover = card.face.cover else { continue }
        placed.append(
          PlacedCover(
            image: card.face.image, origin: Point(x: card.x + 1, y: row.y + 2), cover: cover))
      }
    }
    return placed
  }
}
