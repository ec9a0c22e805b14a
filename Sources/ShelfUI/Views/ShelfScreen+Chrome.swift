extension ShelfScreen {
  /// Every key, as the help overlay lists it.
  static let keyHelp: [(keys: String, action: String)] = [
    ("← → h l", "previous / next card"),
    ("↑ ↓ k j", "previous / next row"),
    ("Home g  End G", "first / last row"),
    ("0  $", "first / last card in the row"),
    ("PgUp  PgDn", "a page of rows up / down"),
    ("Enter", "details of the focused card"),
    ("Esc", "close details, clear the filter, quit"),
    ("/", "filter cards by text (Enter keeps, Esc clears)"),
    ("space", "pause / resume live updates"),
    (".", "apply one update while paused"),
    ("?", "this help"),
    ("q", "quit"),
    ("Ctrl-L", "redraw the whole screen"),
    ("Ctrl-Z", "suspend (fg resumes)"),
    ("mouse", "click focuses a card, wheel scrolls"),
  ]

  /// The one-line hint at the bottom, most useful first: as many as fit are shown.
  static let keyHint = [
    "←↑↓→ move", "Enter details", "/ filter", "? help", "q quit", "space pause", ". step",
  ]

  // MARK: - Status line and hint

  func drawStatusLine(into canvas: inout Canvas) {
    let width = canvas.size.width
    let right = "? help"
    let rightWidth = TerminalText.width(of: right)
    let clip = Rect(x: 0, y: 0, width: max(0, width - rightWidth - 2), height: 1)
    var x = 1
    x += canvas.write(
      TerminalText.truncated(source.title.isEmpty ? "Shelf" : source.title, toWidth: 30),
      at: Point(x: x, y: 0), style: Style(foreground: .accent, isBold: true), clip: clip)
    var parts: [(String, Style)] = []
    let rowCount = model.contentRowCount
    if filterQuery.isEmpty {
      parts.append(("\(rowCount) \(rowCount == 1 ? "row" : "rows")", Style(foreground: .muted)))
    } else {
      parts.append(
        (
          "\(rowCount) \(rowCount == 1 ? "row" : "rows") match “\(filterQuery)”",
          Style(foreground: .muted)
        ))
    }
    switch liveStatus {
    case .off: break
    case .live: parts.append(("live ●", Style(foreground: .accent, isBold: true)))
    case .paused: parts.append(("paused ‖", Style(foreground: .warning, isBold: true)))
    }
    if let message {
      parts.append(("⚠ " + message, Style(foreground: .error, isBold: true)))
    } else if let card = focusedCard {
      var text = card.title
      if !card.subtitle.isEmpty { text += " — " + card.subtitle }
      if let year = card.year { text += " (\(year))" }
      parts.append((text, Style()))
    }
    for (text, style) in parts {
      x += canvas.write(" · ", at: Point(x: x, y: 0), style: Style(foreground: .muted), clip: clip)
      let room = clip.maxX - x
      guard room > 0 else { break }
      x += canvas.write(
        TerminalText.truncated(text, toWidth: room), at: Point(x: x, y: 0), style: style, clip: clip
      )
    }
    canvas.write(
      right, at: Point(x: width - 1 - rightWidth, y: 0), style: Style(foreground: .muted),
      clip: Rect(x: 0, y: 0, width: width, height: 1))
  }

  func drawKeyHint(into canvas: inout Canvas) {
    let y = canvas.size.height - 1
    let width = canvas.size.width
    let line = Rect(x: 0, y: y, width: width, height: 1)
    if isEditingFilter {
      var x = 1
      x += canvas.write(
        "Filter: ", at: Point(x: x, y: y), style: Style(foreground: .accent, isBold: true),
        clip: line)
      let tail = "  Enter keep · Esc clear"
      let room = max(1, width - x - 2 - TerminalText.width(of: tail))
      // Show the end of a long query: that is where typing happens.
      var shown = TerminalText.sanitized(filterQuery)
      while TerminalText.width(of: shown) > room - 1, !shown.isEmpty { shown.removeFirst() }
      x += canvas.write(shown, at: Point(x: x, y: y), style: Style(isBold: true), clip: line)
      x += canvas.write("▏", at: Point(x: x, y: y), style: Style(foreground: .focus), clip: line)
      canvas.write(tail, at: Point(x: x, y: y), style: Style(foreground: .muted), clip: line)
      return
    }
    var hint = ""
    for item in Self.keyHint {
      let next = hint.isEmpty ? item : hint + " · " + item
      if TerminalText.width(of: next) > width - 2 { break }
      hint = next
    }
    canvas.write(hint, at: Point(x: 1, y: y), style: Style(foreground: .muted), clip: line)
  }

  // MARK: - Overlays

  /// A framed panel centred in the body, `lines` inside; returns nothing.
  private func drawPanel(
    title: String, lines: [(String, Style)], width panelWidth: Int, into canvas: inout Canvas
  ) {
    let size = canvas.size
    let bodyHeight = ViewState.bodyHeight(for: size)
    let height = min(bodyHeight, lines.count + 2)
    let width = min(size.width - 2, panelWidth)
    let rect = Rect(
      x: (size.width - width) / 2, y: 1 + (bodyHeight - height) / 2, width: width, height: height)
    let whole = Rect(origin: Point(x: 0, y: 0), size: size)
    let frame = Style(foreground: .accent, isBold: true)
    canvas.drawBox(rect, glyphs: .double, style: frame, clip: whole)
    let heading = " " + TerminalText.truncated(title, toWidth: max(0, width - 6)) + " "
    canvas.write(heading, at: Point(x: rect.minX + 2, y: rect.minY), style: frame, clip: whole)
    let inner = Rect(
      x: rect.minX + 2, y: rect.minY + 1, width: max(0, width - 4), height: max(0, height - 2))
    for (index, (text, style)) in lines.prefix(inner.height).enumerated() {
      var shown = text
      if index == inner.height - 1 && lines.count > inner.height { shown = "…" }
      canvas.write(
        TerminalText.truncated(shown, toWidth: inner.width),
        at: Point(x: inner.minX, y: inner.minY + index),
        style: style, clip: inner)
    }
  }

  func drawDetails(into canvas: inout Canvas) {
    guard let card = focusedCard, let row = focusedRow else { return }
    let width = min(canvas.size.width - 2, 72)
    let textWidth = max(1, width - 4)
    let label = Style(foreground: .muted)
    var lines: [(String, Style)] = []
    func field(_ name: String, _ value: String, _ style: Style = Style()) {
      let pad = String(repeating: " ", count: max(1, 10 - name.count))
      let wrapped = TerminalText.wrapped(value, toWidth: max(1, textWidth - 10))
      for (index, part) in wrapped.enumerated() {
        lines.append(((index == 0 ? name + pad : String(repeating: " ", count: 10)) + part, style))
      }
    }
    field("Title", card.title, Style(isBold: true))
    if !card.subtitle.isEmpty { field("By", card.subtitle) }
    if let year = card.year { field("Year", String(year)) }
    if let rating = card.rating {
      field(
        "Rating", CardText.stars(rating) + "  " + CardText.rating(rating), Style(foreground: .star))
    }
    if !card.tags.isEmpty { field("Tags", card.tags.joined(separator: ", ")) }
    field("Row", row.title, label)
    field("Id", card.id, label)
    if !card.summary.isEmpty {
      lines.append(("", Style()))
      for line in TerminalText.wrapped(card.summary, toWidth: textWidth) {
        lines.append((line, Style()))
      }
    }
    lines.append(("", Style()))
    lines.append(("Esc close · ← → browse", label))
    drawPanel(title: "Details", lines: lines, width: width, into: &canvas)
  }

  func drawHelp(into canvas: inout Canvas) {
    let keyWidth = 15
    var lines: [(String, Style)] = Self.keyHelp.map { entry in
      (TerminalText.padded(entry.keys, toWidth: keyWidth) + entry.action, Style())
    }
    lines.append(("", Style()))
    lines.append(("any key closes this help", Style(foreground: .muted)))
    drawPanel(title: "Keys", lines: lines, width: 66, into: &canvas)
  }

  func drawTooSmall(into canvas: inout Canvas) {
    let size = canvas.size
    guard size.width > 0, size.height > 0 else { return }
    let needs = Metrics.minimumSize
    let message = "terminal too small (needs \(needs.width) x \(needs.height))"
    let lines =
      TerminalText.width(of: message) <= size.width
      ? [message]
      : ["terminal too small", "(needs \(needs.width) x \(needs.height))"].map {
        TerminalText.truncated($0, toWidth: size.width)
      }
    let top = max(0, (size.height - lines.count) / 2)
    for (index, line) in lines.enumerated() where top + index < size.height {
      let x = max(0, (size.width - TerminalText.width(of: line)) / 2)
      canvas.write(
        line, at: Point(x: x, y: top + index), style: Style(foreground: .warning, isBold: true))
    }
  }
}
