/// One line of text inside a card's border, as its face lays it out.
struct FaceLine: Equatable, Sendable {
  /// How a line reads, which picks its style.
  enum Role: Equatable, Sendable {
    /// The first line: bold, in the focus colour on the focused card.
    case title
    /// A line under it: muted.
    case detail
    /// A hidden field the `/` filter matched through: muted and dim.
    case note
    /// The standard face's year, stars and swatch, at fixed columns.
    case meta
  }

  /// What it shows (empty for `meta`, drawn from the label's fields).
  var text: String
  /// The characters of `text` the `/` filter matched.
  var marks: [Range<Int>] = []
  /// How it reads.
  var role: Role

  /// Whether the line has nothing to show, so a line above may run on into it.
  var isEmpty: Bool { text.isEmpty && role != .meta }
}

/// A card's face: the lines of text inside its border, for a given number
/// of lines and inner width. The layout (`lines(of:count:width:)`) is apart
/// from the drawing, so whatever else a card shows (a cover above its text)
/// can take lines from the face without touching either.
enum CardFaceLayout {
  /// The `count` lines `label` shows `width` columns wide: its own lines
  /// (`CardLabel.lines`), or the standard face (title, subtitle or the tag a
  /// filter matched, then year and rating; without a year or rating, a title
  /// too wide on two lines, then the subtitle). A line too wide runs on, broken
  /// at a space where it can, into the lines under it that have nothing to
  /// show, before it is cut.
  ///
  /// - Complexity: O(text of the lines).
  static func lines(of label: CardLabel, count: Int, width: Int) -> [FaceLine] {
    var lines: [FaceLine]
    if label.lines.isEmpty {
      let marks = label.marks
      let second: FaceLine =
        if let marks, let note = marks.note, marks.subtitle.isEmpty {
          FaceLine(text: note, marks: marks.noteMarks, role: .note)
        } else {
          FaceLine(text: label.subtitle, marks: marks?.subtitle ?? [], role: .detail)
        }
      let title = FaceLine(text: label.title, marks: marks?.title ?? [], role: .title)
      if label.year == nil && label.rating == nil && label.swatch == nil {
        // No year line: a title too wide takes two lines, the subtitle under them.
        let blank = FaceLine(text: "", role: .detail)
        lines =
          width < minimumRunOnWidth || breakIndex(of: label.title, width: width) == nil
            || second.isEmpty
          ? [title, second, blank] : [title, blank, second]
      } else {
        lines = [title, second, FaceLine(text: "", role: .meta)]
      }
    } else {
      lines = label.lines.enumerated().map { index, text in
        FaceLine(
          text: text,
          marks: label.marks?.lines.indices.contains(index) == true
            ? label.marks!.lines[index] : [],
          role: index == 0 ? .title : .detail)
      }
      if let marks = label.marks, let note = marks.note, let last = lines.indices.last,
        lines.count > 1, lines[last].marks.isEmpty
      {
        // Matched through a field the face does not show: its last line says so.
        lines[last] = FaceLine(text: note, marks: marks.noteMarks, role: .note)
      }
    }
    lines = Array(lines.prefix(count))
    while lines.count < count { lines.append(FaceLine(text: "", role: .detail)) }
    return runningOn(lines, width: width)
  }

  /// The narrowest inside a line runs on in: a card narrower than this
  /// one (growing or collapsing) cuts its lines rather than spell them
  /// down its inside a few letters a line.
  static let minimumRunOnWidth = 10

  /// `lines` with each line wider than `width` broken into the empty lines under it.
  private static func runningOn(_ lines: [FaceLine], width: Int) -> [FaceLine] {
    guard width >= minimumRunOnWidth else { return lines }
    var lines = lines
    var index = 0
    while index + 1 < lines.count {
      let line = lines[index]
      if lines[index + 1].isEmpty, line.role != .meta,
        let cut = breakIndex(of: line.text, width: width)
      {
        let characters = Array(line.text)
        var rest = cut
        while rest < characters.count && characters[rest] == " " { rest += 1 }
        lines[index] = FaceLine(
          text: String(characters[..<cut]),
          marks: line.marks.compactMap { clamped($0, to: 0..<cut, shift: 0) }, role: line.role)
        lines[index + 1] = FaceLine(
          text: String(characters[rest...]),
          marks: line.marks.compactMap { clamped($0, to: rest..<characters.count, shift: rest) },
          role: line.role)
      }
      index += 1
    }
    return lines
  }

  /// Where `text` breaks to fit `width` columns: after the last space that
  /// leaves a first part that fits, else at the last character that fits;
  /// nil when it fits whole.
  static func breakIndex(of text: String, width: Int) -> Int? {
    var used = 0
    var lastSpace: Int?
    for (index, character) in text.enumerated() {
      let columns = TerminalText.width(of: String(character))
      if used + columns > width {
        if character == " " { return index }
        if let lastSpace, lastSpace > 0 { return lastSpace }
        return max(1, index)
      }
      if character == " " { lastSpace = index }
      used += columns
    }
    return nil
  }

  /// The part of `range` inside `bounds`, moved `shift` characters left; nil if none.
  private static func clamped(_ range: Range<Int>, to bounds: Range<Int>, shift: Int)
    -> Range<Int>?
  {
    let lower = max(range.lowerBound, bounds.lowerBound)
    let upper = min(range.upperBound, bounds.upperBound)
    return lower < upper ? (lower - shift)..<(upper - shift) : nil
  }
}

/// Draws a card: its border and its face's lines.
enum CardFaceRenderer {
  /// Draws `card` with its top border on line `top`: a cover area
  /// `coverLines` high, then `lineCount` lines of text, clipped to `clip`.
  static func draw(
    _ card: CardPlacement, top: Int, lineCount: Int, coverLines: Int = 0, clip: Rect,
    into canvas: inout Canvas
  ) {
    guard card.width > 0 else { return }
    let rect = Rect(x: card.x, y: top, width: card.width, height: lineCount + 2 + coverLines)
    let frame = SceneRenderer.frameStyle(of: card)
    canvas.drawBox(rect, glyphs: card.isFocused ? .heavy : .light, style: frame, clip: clip)
    let inner = card.width - 2
    guard inner > 0 else { return }
    let x = card.x + 1
    // A reloaded card (not the focused one) flashes whole: every field in the flash style.
    let flash = card.isFocused ? nil : SceneRenderer.flashStyle(card.highlight)
    if coverLines > 0 {
      SceneRenderer.drawCover(
        of: card.face, in: Rect(x: x, y: top + 1, width: inner, height: coverLines), flash: flash,
        clip: clip, into: &canvas)
    }
    // The text sits under the cover.
    let top = top + coverLines
    // What a `/` filter matched stands out in a style of its own (neither the
    // focus's nor the flash's: underlined), even on a flashing card.
    var markStyle = Style(foreground: .match, isBold: true, isUnderlined: true)
    if var flash {
      flash.isUnderlined = true
      markStyle = flash
    }
    let lines = CardFaceLayout.lines(of: card.face, count: lineCount, width: inner)
    // A templated face's square sits at the end of its last line, which
    // leaves it room.
    let swatchRoom = card.face.lines.isEmpty ? nil : swatchColumn(of: card.face, inner: inner)
    for (index, line) in lines.enumerated() {
      let point = Point(x: x, y: top + 1 + index)
      let isLast = index == lines.count - 1
      let style: Style
      switch line.role {
      case .meta:
        drawMeta(
          of: card.face, at: point, width: inner, flash: flash, markStyle: markStyle,
          clip: clip, into: &canvas)
        continue
      case .title: style = Style(foreground: card.isFocused ? .focus : .default, isBold: true)
      case .detail: style = Style(foreground: .muted)
      case .note: style = Style(foreground: .muted, isDim: true)
      }
      SceneRenderer.write(
        line.text, marks: line.marks, width: isLast ? swatchRoom ?? inner : inner, at: point,
        style: flash ?? style, markStyle: markStyle, clip: clip, into: &canvas)
      if isLast, let swatchRoom, let swatch = card.face.swatch {
        drawSwatch(
          swatch, at: Point(x: x + swatchRoom + 1, y: point.y), flash: flash, clip: clip,
          into: &canvas)
      }
    }
  }

  /// The columns of the line the square ends, left for its text: nil when
  /// the card has no square or is too narrow to show one beside some text.
  private static func swatchColumn(of face: CardLabel, inner: Int) -> Int? {
    guard face.swatch != nil, inner >= minimumSwatchWidth else { return nil }
    return inner - 3
  }

  /// The narrowest inside that shows a square: `minimumCardWidth`'s, where
  /// a year, two spaces, five stars, a space and the square fill it exactly.
  private static let minimumSwatchWidth = CardText.yearWidth + 2 + CardText.starCount + 3

  /// The two-column square of colour `swatch`, from `point`.
  private static func drawSwatch(
    _ swatch: Int, at point: Point, flash: Style?, clip: Rect, into canvas: inout Canvas
  ) {
    canvas.write("██", at: point, style: flash ?? Style(foreground: .swatch(swatch)), clip: clip)
  }

  /// The standard face's last line: year, stars and swatch at fixed columns
  /// whatever is missing, so they line up from card to card. A card
  /// narrower than the year field (one that grows or collapses) shows the
  /// year cut to its inside, never over its right border.
  private static func drawMeta(
    of face: CardLabel, at point: Point, width inner: Int, flash: Style?, markStyle: Style,
    clip: Rect, into canvas: inout Canvas
  ) {
    if let year = face.year {
      let text = TerminalText.truncated(CardText.year(year), toWidth: inner)
      let field = min(inner, CardText.yearWidth)
      SceneRenderer.write(
        text, marks: face.marks?.year ?? [], width: field,
        at: Point(x: point.x + field - TerminalText.width(of: text), y: point.y),
        style: flash ?? .plain, markStyle: markStyle, clip: clip, into: &canvas)
    }
    let starsX = CardText.yearWidth + 2
    if let rating = face.rating, starsX + CardText.starCount <= inner {
      canvas.write(
        CardText.stars(rating), at: Point(x: point.x + starsX, y: point.y),
        style: flash ?? Style(foreground: .star), clip: clip)
    }
    if let swatch = face.swatch, inner >= minimumSwatchWidth {
      drawSwatch(
        swatch, at: Point(x: point.x + inner - 2, y: point.y), flash: flash, clip: clip,
        into: &canvas)
    }
  }
}
