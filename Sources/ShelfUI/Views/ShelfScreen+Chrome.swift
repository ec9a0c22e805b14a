extension ShelfScreen {
  /// Every key, as the help overlay lists it.
  static let keyHelp: [(keys: String, action: String)] = [
    ("← → h l", "previous / next card"),
    ("↑ ↓ k j", "previous / next row"),
    ("Home g  End G", "first / last row"),
    ("0  $", "first / last card in the row"),
    ("PgUp  PgDn", "a page of rows up / down"),
    ("Enter", "details of the focused card"),
    ("Esc", "close an overlay or message, clear filter, quit"),
    ("/", "filter cards by text (Enter keeps, Esc clears)"),
    ("a b 'a ^a a$", "all words (accents ignored), whole, start / end"),
    ("Ctrl-U  ↑ ↓", "while filtering: clear / earlier filters"),
    ("Tab  Shift-Tab", "all sources / each source alone"),
    ("space", "pause / resume live updates"),
    (".", "apply one update while paused"),
    ("?  F1", "this help"),
    ("q", "close an overlay, or quit"),
    ("Ctrl-L", "redraw the whole screen"),
    ("Ctrl-Z", "suspend (fg resumes)"),
    ("mouse", "click focuses a card, wheel scrolls"),
  ]

  /// The one-line hint at the bottom, most useful first: as many as fit are shown.
  var keyHint: [String] {
    var hint = ["←↑↓→ move", "Enter details", "/ filter", "? help", "q quit"]
    if canSwitchSources { hint.insert("Tab sources", at: 3) }
    if message != nil { hint.insert("Esc dismiss", at: 0) }
    if canPause {
      hint += [liveStatus == .paused ? "space resume" : "space pause", ". step"]
    }
    return hint
  }

  /// Whether space and `.` mean something: a source can still bring changes.
  var canPause: Bool {
    liveStatus != .off && sources.contains(where: \.isLive)
  }

  // MARK: - Message area

  /// Lines of the message area above the key hint for a screen of `size`: the
  /// message wrapped, at most three lines, never shrinking the table below the
  /// minimum size.
  func messageLines(for size: Size) -> [String] {
    guard let message else { return [] }
    let room = min(3, size.height - Metrics.minimumSize.height)
    guard room > 0, size.width >= Metrics.minimumSize.width else { return [] }
    let width = size.width - 2
    var lines = TerminalText.wrapped("⚠ " + message.text, toWidth: width)
    if lines.count > room {
      lines = Array(lines.prefix(room))
      lines[room - 1] = TerminalText.truncated(lines[room - 1] + " …", toWidth: width)
    }
    return lines
  }

  /// The frame at time `now` for a terminal of `size`: the table, its status
  /// line and key hint, and between the table and the hint the message area.
  public func render(size: Size, now: UInt64) -> Canvas {
    let lines = messageLines(for: size)
    let table = renderTable(size: tableSize(for: size), now: now)
    guard !lines.isEmpty else { return table }
    let hintLine = table.size.height - 1
    let style = Style(foreground: message?.kind == .warning ? .warning : .error, isBold: true)
    var canvas = Canvas(size: size) { y, line in
      let source = y < hintLine ? y : y == size.height - 1 ? hintLine : -1
      if source >= 0 {
        _ = line.initialize(fromContentsOf: table.row(source))
      } else {
        line.initialize(repeating: .blank)
      }
    }
    for (index, text) in lines.enumerated() {
      canvas.write(text, at: Point(x: 1, y: hintLine + index), style: style)
    }
    return canvas
  }

  /// The part of a `size` screen the table and its status line and key hint
  /// take: all of it but the message area.
  func tableSize(for size: Size) -> Size {
    Size(width: size.width, height: size.height - messageLines(for: size).count)
  }

  // MARK: - Status line and hint

  /// The live sources' states: one in words, several in a compact form.
  var sourceStatusText: String? {
    guard !sources.isEmpty else { return nil }
    let isPaused = liveStatus == .paused
    if sources.count == 1 {
      switch sources[0] {
      case .demo: return isPaused ? "demo paused ‖" : "demo running ●"
      case .watching(let name, let isValid):
        let file = TerminalText.sanitized(name)
        if !isValid { return "watching \(file): invalid ⚠" }
        return isPaused ? "watching \(file): paused ‖" : "watching \(file) ●"
      case .streaming(let name, let isOpen):
        let stream = TerminalText.sanitized(name)
        if !isOpen { return "\(stream) ended ■" }
        return isPaused ? "\(stream) paused ‖" : "\(stream) open ●"
      case .running(let name, let isValid):
        // Long commands and URLs are cut so that their state still shows.
        let command = TerminalText.truncated(TerminalText.sanitized(name), toWidth: 32)
        if !isValid { return "running \(command): failed ⚠" }
        return isPaused ? "running \(command): paused ‖" : "running \(command) ●"
      case .fetching(let name, let isValid):
        let url = TerminalText.truncated(TerminalText.sanitized(name), toWidth: 40)
        if !isValid { return "fetching \(url): failed ⚠" }
        return isPaused ? "fetching \(url): paused ‖" : "fetching \(url) ●"
      case .failed(let name): return "\(TerminalText.sanitized(name)): failed ⚠"
      }
    }
    return sources.map { source in
      switch source {
      case .demo: return "demo " + (isPaused ? "‖" : "●")
      case .streaming(let name, let isOpen):
        return TerminalText.sanitized(name) + (isOpen ? (isPaused ? " ‖" : " ●") : " ■")
      case .watching(let name, let isValid), .running(let name, let isValid),
        .fetching(let name, let isValid):
        return TerminalText.sanitized(name) + (isValid ? (isPaused ? " ‖" : " ●") : " ⚠")
      case .failed(let name): return TerminalText.sanitized(name) + " ⚠"
      }
    }.joined(separator: " ")
  }

  /// The style of the source states: calm while running, loud when one fails.
  private var sourceStatusStyle: Style {
    if sources.contains(where: \.isFailing) { return Style(foreground: .error, isBold: true) }
    if liveStatus == .paused { return Style(foreground: .warning, isBold: true) }
    if !sources.contains(where: \.isLive) { return Style(foreground: .muted, isBold: true) }
    return Style(foreground: .accent, isBold: true)
  }

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
    if let sourceScope { parts.append((sourceScope, Style(foreground: .accent))) }
    // The recently viewed row shows other rows' cards: it is not counted.
    let rowCount =
      table.model.contentRowCount
      - (table.model.rowIndexByID[ReservedID.recentlyViewed] == nil ? 0 : 1)
    let query = contentPath.shownQuery
    if query.isEmpty {
      parts.append((Wording.counted(rowCount, "row"), Style(foreground: .muted)))
    } else {
      let found = matchCounts
      parts.append(
        (
          Wording.matching(cards: found.cards, rows: found.rows, query: query),
          Style(foreground: .muted)
        ))
    }
    if let status = sourceStatusText { parts.append((status, sourceStatusStyle)) }
    if let card = focusedCard {
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
      // What the query shown found, as the filter runs.
      let found = contentPath.shownQuery.isEmpty ? nil : matchCounts
      let count = found.map { "  " + Wording.found(cards: $0.cards, rows: $0.rows) + " ·" } ?? " "
      var tail = count + " Enter keep · Esc clear"
      // On a narrow screen the query and its count come before the keys.
      if width - x - 2 - TerminalText.width(of: tail) < 12 {
        tail = found.map { "  " + Wording.found(cards: $0.cards, rows: $0.rows) } ?? ""
      }
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
    for item in keyHint {
      let next = hint.isEmpty ? item : hint + " · " + item
      if TerminalText.width(of: next) > width - 2 { break }
      hint = next
    }
    canvas.write(hint, at: Point(x: 1, y: y), style: Style(foreground: .muted), clip: line)
  }

  /// The cards and rows the table shows, the recently viewed row (other
  /// rows' cards again) left out: what a filter found.
  ///
  /// - Complexity: O(rows shown).
  var matchCounts: (cards: Int, rows: Int) {
    var cards = 0
    var rows = 0
    for row in table.model.rows where row.id != ReservedID.recentlyViewed {
      cards += row.cards.count
      rows += 1
    }
    return (cards, rows)
  }

  /// A filter that matches nothing says so in the middle of the body (in
  /// place of the table's own "no rows"), once the rows have gone.
  func drawNoMatches(into canvas: inout Canvas) {
    guard contentPath.isNoMatches, table.model.rows.isEmpty, !table.isBusy else { return }
    let body = Layout.body(for: canvas.size)
    let query = contentPath.shownQuery
    let lines = [
      ("No matches for “\(TerminalText.sanitized(query))”", Style(isBold: true)),
      (
        isEditingFilter ? "Esc clears the filter" : "Esc clears the filter, / edits it",
        Style(foreground: .muted)
      ),
    ]
    let middle = body.minY + body.height / 2
    canvas.fill(Rect(x: 0, y: middle, width: body.width, height: 1), style: .plain, clip: body)
    for (index, (text, style)) in lines.enumerated() {
      let shown = TerminalText.truncated(text, toWidth: body.width - 2)
      let x = body.minX + (body.width - TerminalText.width(of: shown)) / 2
      canvas.write(shown, at: Point(x: x, y: middle + index), style: style, clip: body)
    }
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
    lines.append(("Esc or q close · ← → browse", label))
    drawPanel(title: "Details", lines: lines, width: width, into: &canvas)
  }

  func drawHelp(into canvas: inout Canvas) {
    let keyWidth = 15
    var lines: [(String, Style)] = Self.keyHelp.map { entry in
      (TerminalText.padded(entry.keys, toWidth: keyWidth) + entry.action, Style())
    }
    lines.append(("", Style()))
    lines.append(("q, Esc or any other key closes this help", Style(foreground: .muted)))
    drawPanel(title: "Keys", lines: lines, width: 66, into: &canvas)
  }

  func drawTooSmall(into canvas: inout Canvas) {
    let size = canvas.size
    guard size.width > 0, size.height > 0 else { return }
    // The whole message, wrapped: a cut one would not say what size is needed.
    // It breaks before the size first, so the size stays in one piece.
    let message = Wording.tooSmall(needs: Metrics.minimumSize)
    let pieces =
      TerminalText.width(of: message) <= size.width
      ? [message] : Wording.tooSmallPieces(needs: Metrics.minimumSize)
    let lines = Array(
      pieces.flatMap { TerminalText.wrapped($0, toWidth: size.width) }.prefix(size.height))
    let top = max(0, (size.height - lines.count) / 2)
    for (index, line) in lines.enumerated() {
      let x = max(0, (size.width - TerminalText.width(of: line)) / 2)
      canvas.write(
        line, at: Point(x: x, y: top + index), style: Style(foreground: .warning, isBold: true))
    }
  }
}
