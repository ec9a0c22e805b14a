/// Draws a `Scene` (the table: section headers, row headers, card strips) into
/// a canvas, clipping every row to its own lines and the body, and every card
/// to its strip.
enum SceneRenderer {
  /// A canvas of `scene`'s size showing `scene`, exactly as `draw(_:into:)`
  /// draws it on a blank canvas, assembled from the rows' and headers' images.
  ///
  /// Each row and header covers whole lines of the body (it blanks them
  /// before drawing), so every line shows the last entry drawn over it, or
  /// nothing: each line is copied once, from that entry's image or as blanks.
  ///
  /// - Complexity: O(cells on screen + visible entries); an entry is drawn
  ///   glyph by glyph only when `images` has no image of what it shows.
  static func compose(_ scene: Scene, images: inout SceneImages) -> Canvas {
    let body = scene.body
    precondition(
      body.minX == 0 && body.maxX <= scene.size.width && body.minY >= 0
        && body.maxY <= scene.size.height, "body outside the screen")
    let sources = lineSources(of: scene)
    var pictures = [[Cell]?](repeating: nil, count: scene.entries.count)
    for source in sources where source.entry >= 0 && pictures[source.entry] == nil {
      switch scene.entries[source.entry] {
      case .header(let header): pictures[source.entry] = images.image(of: header, width: body.width)
      case .row(let row): pictures[source.entry] = images.image(of: row, width: body.width)
      }
    }
    images.endFrame()
    var canvas = Canvas(size: scene.size) { y, line in
      let source = sources[y]
      guard source.entry >= 0, let picture = pictures[source.entry] else {
        line.fill(with: .blank)
        return
      }
      let start = source.line * body.width
      line.append(contentsOf: picture[start..<(start + body.width)])
      line.fill(with: .blank)
    }
    drawEmptyMessage(of: scene, into: &canvas)
    return canvas
  }

  /// The entry each screen line shows (-1: none) and the line of that entry's
  /// image it is: the last entry drawn over a line wins, except that a row's
  /// title line shows only with its cards' first line directly under it (not
  /// covered by a later entry, inside the body): a title never shows alone, and
  /// whatever lies under it shows instead.
  static func lineSources(of scene: Scene) -> [(entry: Int, line: Int)] {
    let body = scene.body
    var sources = Array(repeating: (entry: -1, line: 0), count: max(0, scene.size.height))
    var taken = Array(repeating: false, count: sources.count)
    for (index, entry) in scene.entries.enumerated().reversed() {
      let (top, lines) = coveredLines(of: entry, body: body)
      let isRow = if case .row = entry { true } else { false }
      for y in lines where !taken[y] {
        if isRow && y == top && (!lines.contains(y + 1) || taken[y + 1]) { continue }
        sources[y] = (index, y - top)
        taken[y] = true
      }
    }
    return sources
  }

  /// The lines of the body `entry` blanks and draws over, and the screen line
  /// of its image's first line.
  private static func coveredLines(of entry: SceneEntry, body: Rect) -> (top: Int, Range<Int>) {
    let (top, start, end): (Int, Int, Int)
    switch entry {
    case .header(let header): (top, start, end) = extent(of: header)
    case .row(let row): (top, start, end) = extent(of: row)
    }
    let first = max(start, body.minY)
    return (top, first..<max(first, min(end, body.maxY)))
  }

  /// The screen line of `entry`'s image's first line, the first line it
  /// draws, and the line after its last.
  private static func extent(of entry: some LinePlacement) -> (Int, Int, Int) {
    (entry.y, entry.y, entry.y + min(entry.height, entry.lineCount))
  }

  /// Draws `scene` into `canvas` line by line, glyph by glyph: the
  /// reference `compose(_:images:)` is held to, and how images are drawn.
  static func draw(_ scene: Scene, into canvas: inout Canvas) {
    let body = scene.body
    for (y, source) in lineSources(of: scene).enumerated() where body.minY <= y && y < body.maxY {
      // Each line is drawn by the one entry it shows, clipped to that line.
      let line = Rect(x: body.minX, y: y, width: body.width, height: 1)
      canvas.fill(line, style: .plain, clip: body)
      guard source.entry >= 0 else { continue }
      switch scene.entries[source.entry] {
      case .header(let header): draw(header, body: line, into: &canvas)
      case .row(let row): draw(row, body: line, into: &canvas)
      }
    }
    drawEmptyMessage(of: scene, into: &canvas)
  }

  private static func drawEmptyMessage(of scene: Scene, into canvas: inout Canvas) {
    if let message = scene.emptyMessage {
      let text = TerminalText.truncated(message, toWidth: scene.body.width)
      let x = scene.body.minX + (scene.body.width - TerminalText.width(of: text)) / 2
      canvas.write(
        text, at: Point(x: x, y: scene.body.minY + scene.body.height / 2),
        style: Style(foreground: .muted), clip: scene.body)
    }
  }

  // MARK: - Section headers

  static func draw(_ header: HeaderPlacement, body: Rect, into canvas: inout Canvas) {
    let clip = body.intersection(Rect(x: 0, y: header.y, width: body.width, height: header.height))
    guard !clip.isEmpty else { return }
    let style = flashStyle(header.highlight) ?? Style(foreground: .accent, isBold: true)
    canvas.fill(Rect(x: 0, y: header.y, width: body.width, height: 1), style: .plain, clip: clip)
    let title = TerminalText.truncated(header.title, toWidth: max(0, body.width - 8))
    var x = canvas.write("━━ ", at: Point(x: 1, y: header.y), style: style, clip: clip) + 1
    x += canvas.write(title, at: Point(x: x, y: header.y), style: style, clip: clip)
    x += canvas.write(" ", at: Point(x: x, y: header.y), style: style, clip: clip)
    if x < body.width - 1 {
      canvas.fill(
        Rect(x: x, y: header.y, width: body.width - 1 - x, height: 1), with: "━",
        style: Style(foreground: .accent), clip: clip)
    }
  }

  // MARK: - Rows

  static func draw(_ row: RowPlacement, body: Rect, into canvas: inout Canvas) {
    let width = body.width
    let clip = body.intersection(Rect(x: 0, y: row.y, width: width, height: row.height))
    guard !clip.isEmpty else { return }
    canvas.fill(
      Rect(x: 0, y: row.y, width: width, height: row.lineCount), style: .plain, clip: clip)
    drawHeader(of: row, width: width, clip: clip, into: &canvas)
    let strip = row.strip ?? Metrics.strip(forScreenWidth: width)
    let stripClip = clip.intersection(
      Rect(x: strip.originX, y: row.y + 1, width: strip.cardsWidth, height: row.cardHeight))
    let middle = row.y + 1 + row.cardHeight / 2
    if let placeholder = row.placeholder {
      canvas.write(
        TerminalText.truncated(placeholder, toWidth: max(0, strip.width - 2)),
        at: Point(x: strip.originX + 1, y: middle), style: Style(foreground: .muted, isDim: true),
        clip: stripClip)
    }
    for card in row.cards {
      CardFaceRenderer.draw(
        card, top: row.y + 1, lineCount: row.cardLineCount, coverLines: row.coverLines,
        clip: stripClip, into: &canvas)
    }
    let indicator = Style(foreground: .accent, isBold: true)
    if row.hasMoreLeft {
      canvas.write("‹", at: Point(x: 0, y: middle), style: indicator, clip: clip)
    }
    if row.hasMoreRight {
      canvas.write("›", at: Point(x: width - 1, y: middle), style: indicator, clip: clip)
    }
  }

  private static func drawHeader(
    of row: RowPlacement, width: Int, clip: Rect, into canvas: inout Canvas
  ) {
    let position = TerminalText.sanitized(row.position)
    let positionWidth = TerminalText.width(of: position)
    let titleStyle =
      flashStyle(row.highlight)
      ?? Style(foreground: row.isFocused ? .accent : .default, isBold: true)
    if row.isFocused {
      canvas.write(
        "▸", at: Point(x: 0, y: row.y), style: Style(foreground: .focus, isBold: true), clip: clip)
    }
    let room = max(0, width - 2 - positionWidth - 2)
    canvas.write(
      TerminalText.truncated(row.title, toWidth: room), at: Point(x: 1, y: row.y),
      style: titleStyle, clip: clip)
    canvas.write(
      position, at: Point(x: width - 1 - positionWidth, y: row.y),
      style: Style(foreground: .muted), clip: clip)
  }

  // MARK: - Cards

  /// The style of a card's border and title.
  static func frameStyle(of card: CardPlacement) -> Style {
    if card.isFocused { return Style(foreground: .focus, isBold: true) }
    return flashStyle(card.highlight) ?? Style()
  }

  /// How something changed (a reloaded card, a renamed title) is drawn while
  /// its highlight fades: in reverse video first, then in the flash colour,
  /// every cell of it alike — it flashes as a whole, text included, never
  /// bold and in light lines, so it never reads as the focus. Nil once the
  /// highlight is gone.
  static func flashStyle(_ highlight: Double) -> Style? {
    guard highlight > 0 else { return nil }
    return Style(foreground: .flash, isReversed: highlight > 0.5)
  }
}

extension SceneRenderer {
  /// A card's cover area: its cover's cells once converted (clipped to the
  /// area while the card grows or collapses), else a plain placeholder; a
  /// card without a picture leaves it blank. A flashing card flashes its
  /// cover too.
  static func drawCover(
    of face: CardLabel, in area: Rect, flash: Style?, clip: Rect, into canvas: inout Canvas
  ) {
    let areaClip = clip.intersection(area)
    guard !areaClip.isEmpty else { return }
    if let cover = face.cover {
      canvas.draw(cover, at: Point(x: area.minX, y: area.minY), style: flash, clip: areaClip)
    } else if !face.image.isEmpty {
      canvas.fill(
        area, with: "░", style: flash ?? Style(foreground: .muted, isDim: true), clip: areaClip)
    }
  }

  /// Writes `text`, cut to `width` columns, from `point`: the characters
  /// that `marks` cover in `markStyle`, the others in `style` (an ellipsis
  /// that cuts the text is never marked).
  static func write(
    _ text: String, marks: [Range<Int>], width: Int, at point: Point, style: Style,
    markStyle: Style, clip: Rect, into canvas: inout Canvas
  ) {
    let shown = TerminalText.truncated(text, toWidth: width)
    guard !marks.isEmpty else {
      canvas.write(shown, at: point, style: style, clip: clip)
      return
    }
    let characters = Array(shown)
    let original = shown == text ? characters.count : characters.count - 1
    var x = point.x
    var start = 0
    while start < characters.count {
      let isMarked = start < original && marks.contains { $0.contains(start) }
      var end = start + 1
      while end < characters.count
        && (end < original && marks.contains { $0.contains(end) }) == isMarked
      {
        end += 1
      }
      x += canvas.write(
        String(characters[start..<end]), at: Point(x: x, y: point.y),
        style: isMarked ? markStyle : style, clip: clip)
      start = end
    }
  }
}

/// How card fields read as text.
enum CardText {
  /// Columns of a card's year field: years are right-aligned in it.
  static let yearWidth = 4
  /// Stars in a rating.
  static let starCount = 5

  /// `1965`, ` 180`: a year as a card shows it, at most `yearWidth` columns
  /// (a longer one is cut with an ellipsis).
  static func year(_ year: Int) -> String {
    TerminalText.truncated(String(year), toWidth: yearWidth)
  }

  /// `★★★★☆`: a 0 to 5 rating rounded to whole stars.
  static func stars(_ rating: Double) -> String {
    let clamped = rating.isFinite ? min(5, max(0, rating)) : 0
    let filled = Int(clamped + 0.5)  // round half up; `rounded()` would need libm
    return starStrings[filled]
  }

  /// `stars` by filled count, 0 to 5: built once, not every frame.
  private static let starStrings = (0...5).map {
    String(repeating: "★", count: $0) + String(repeating: "☆", count: 5 - $0)
  }

  /// The swatch colour of a field's value (the same across runs and machines).
  static func swatch(of value: String) -> Int {
    var hash: UInt32 = 2_166_136_261
    for byte in value.utf8 {
      hash = (hash ^ UInt32(byte)) &* 16_777_619
    }
    return Int(hash % UInt32(Color.swatchCount))
  }

  /// `4.3`: a rating with one decimal.
  static func rating(_ rating: Double) -> String {
    guard rating.isFinite else { return "?" }
    let tenths = Int(min(5, max(0, rating)) * 10 + 0.5)
    return "\(tenths / 10).\(tenths % 10)"
  }
}
