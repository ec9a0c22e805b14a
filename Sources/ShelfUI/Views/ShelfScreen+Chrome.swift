extension ShelfScreen {
  /// When a key of the help overlay does something.
  enum KeyAvailability {
    case always
    /// Tab and Shift-Tab: with several sources.
    case severalSources
    /// space and `.`: while a source can still bring changes.
    case liveSources
    /// The preview pane's keys: with `--preview`.
    case preview
  }

  /// Every key, as the help overlay lists it (those that do something now).
  static let keyHelp: [(keys: String, action: String, availability: KeyAvailability)] = [
    ("← → h l", "previous / next card", .always),
    ("↑ ↓ k j", "previous / next row", .always),
    ("Home g  End G", "first / last row", .always),
    ("0  $", "first / last card in the row", .always),
    ("PgUp PgDn  [ ]", "a page of rows / previous, next section", .always),
    ("s  S", "sort row / all rows: title, year, rating", .always),
    ("Enter", "details of the focused card", .always),
    ("Esc", "close help/details, message, prompt, filter", .always),
    ("/", "search: best first (Enter takes, Tab browses)", .always),
    ("a b 'a ^a a$", "words' letters in order; whole, start / end", .always),
    ("Ctrl-U/E  ↑ ↓", "while filtering: clear / exact / earlier", .always),
    ("Tab  Shift-Tab", "all sources / each source alone", .severalSources),
    ("p", "show / hide the preview pane", .preview),
    ("P", "focus the preview: ↑ ↓ PgUp PgDn scroll it; P, Esc back", .preview),
    ("Shift-↑ ↓", "scroll the preview", .preview),
    ("space", "pause / resume live updates", .liveSources),
    (".", "apply one update while paused", .liveSources),
    ("?  F1", "this help", .always),
    ("m", "messages: each source's state and log", .always),
    ("q  Ctrl-C", "q closes an overlay or quits; Ctrl-C quits", .always),
    ("Ctrl-L", "redraw the whole screen", .always),
    ("Ctrl-Z", "suspend (fg resumes)", .always),
    (
      "mouse", "click focuses a card, ‹ › page a row; wheel: rows, or the focused row's cards",
      .always
    ),
  ]

  /// What the help explains after the keys: the counter, the marks and the
  /// recently viewed row.
  static let helpNotes: [(keys: String, action: String)] = [
    ("3 / 24", "a row's focused card, of all its cards"),
    ("●", "a source is live: its updates flow"),
    ("‖", "paused: updates wait for space (or . one)"),
    ("⚠", "a source failed: its last good data stays"),
    ("■", "a stream ended: nothing more will come"),
    ("‹  ›", "more cards to the left / right"),
    ("Recently viewed", "a row of the cards last opened with Enter"),
  ]

  /// Whether a key listed as `availability` does something now.
  func isAvailable(_ availability: KeyAvailability) -> Bool {
    switch availability {
    case .always: true
    case .severalSources: canSwitchSources
    case .liveSources: canPause
    case .preview: preview != nil
    }
  }

  /// The help overlay's lines for a panel `width` columns inside: the keys
  /// that work now, then the notes, each explanation wrapped beside its key.
  func helpLines(width: Int) -> [(String, Style)] {
    let keyWidth = 16
    var lines: [(String, Style)] = []
    func add(_ keys: String, _ action: String, _ style: Style) {
      let wrapped = TerminalText.wrapped(action, toWidth: max(8, width - keyWidth))
      for (index, part) in wrapped.enumerated() {
        let left = index == 0 ? keys : ""
        lines.append((TerminalText.padded(left, toWidth: keyWidth) + part, style))
      }
    }
    for entry in Self.keyHelp
    where isAvailable(entry.availability) && isShownInHelp((entry.keys, entry.action)) {
      add(entry.keys, entry.action, Style())
    }
    for entry in actionHelp { add(entry.keys, entry.action, Style()) }
    lines.append(("", Style()))
    for note in Self.helpNotes { add(note.keys, note.action, Style(foreground: .muted)) }
    lines.append(("", Style()))
    let legend = swatchLegend()
    if let field = configuration.cards.swatchField, !legend.isEmpty {
      let title = "Squares by " + TerminalText.sanitized(field)
      lines.append((TerminalText.truncated(title, toWidth: width), Style(isBold: true)))
      for entry in legend {
        let text = entry.value.map { "██ " + TerminalText.sanitized($0) } ?? "   …"
        lines.append((TerminalText.truncated(text, toWidth: width), entry.style))
      }
      lines.append(("", Style()))
    }
    for line in TerminalText.wrapped("↑ ↓ PgUp PgDn scroll · any other key closes", toWidth: width)
    {
      lines.append((line, Style(foreground: .muted)))
    }
    return lines
  }

  /// Columns inside the help panel on a screen `width` columns wide.
  static func helpWidth(forScreenWidth width: Int) -> Int { max(1, min(width - 2, 66) - 4) }

  /// The one-line hint at the bottom, most useful first: as many as fit are shown.
  var keyHint: [String] {
    if overlay == .details { return ["Esc close", "← → browse", "q close", "? help"] }
    if overlay == .help || overlay == .messages { return ["↑ ↓ scroll", "any other key closes"] }
    if let preview, preview.isShown, preview.isFocused {
      return ["↑↓ PgUp PgDn scroll preview", "P/Esc back", "← → move", "p hide", "q quit"]
    }
    var hint = ["←↑↓→ move", "Enter details", "/ filter", "? help", "q quit"]
    if let preview {
      hint.insert(
        contentsOf: preview.isShown ? ["P scroll preview", "p hide"] : ["p preview"], at: 3)
    }
    if actions.isPicking {
      hint[1] = "Enter pick"
      hint[4] = "q cancel"
      hint.insert("i details", at: 2)
      if actions.isMultiPick { hint.insert("m mark", at: 2) }
    }
    if canSwitchSources { hint.insert("Tab sources", at: 3) }
    if !filterQuery.isEmpty { hint.insert("Esc clear filter", at: 0) }
    if message != nil { hint.insert("Esc dismiss", at: 0) }
    if !messageLog.isEmpty { hint.insert("m messages", at: hint.count - 1) }
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
  /// line and key hint, and between the table and the hint the message area;
  /// the preview pane, when shown, on the right or at the bottom, the rest
  /// beside it.
  public func render(size: Size, now: UInt64) -> Canvas {
    let canvas = renderWithPreview(size: size, now: now)
    if findsStillCovers {
      stillCovers = table.restingCovers.compactMap { placed in
        canvas.shownLines(of: placed.cover, at: placed.origin).map {
          PlacedCover(image: placed.image, origin: placed.origin, cover: placed.cover, lines: $0)
        }
      }
    }
    return canvas
  }

  private func renderWithPreview(size: Size, now: UInt64) -> Canvas {
    guard let (rect, _) = previewFrame(in: size) else {
      return renderBesidePreview(size: size, now: now)
    }
    let main = renderBesidePreview(size: sizeBesidePreview(size), now: now)
    var canvas = Canvas(size: size) { y, line in
      if y < main.size.height { line.append(contentsOf: main.row(y)) }
      line.fill(with: .blank)
    }
    drawPreview(rect, into: &canvas)
    return canvas
  }

  /// The frame of `render(size:now:)` without the preview pane, on the
  /// `size` it leaves.
  private func renderBesidePreview(size: Size, now: UInt64) -> Canvas {
    expireWarning(now: now)
    let lines = messageLines(for: size)
    let table = renderTable(
      size: Size(width: size.width, height: size.height - lines.count), now: now)
    guard !lines.isEmpty else { return table }
    let hintLine = table.size.height - 1
    let style = Style(foreground: message?.kind == .warning ? .warning : .error, isBold: true)
    var canvas = Canvas(size: size) { y, line in
      let source = y < hintLine ? y : y == size.height - 1 ? hintLine : -1
      if source >= 0 {
        line.append(contentsOf: table.row(source))
      } else {
        line.fill(with: .blank)
      }
    }
    for (index, text) in lines.enumerated() {
      canvas.write(text, at: Point(x: 1, y: hintLine + index), style: style)
    }
    return canvas
  }

  /// The part of a `size` screen the table and its status line and key hint
  /// take: all of it but the message area and the preview pane.
  func tableSize(for size: Size) -> Size {
    let main = sizeBesidePreview(size)
    return Size(width: main.width, height: main.height - messageLines(for: main).count)
  }

  // MARK: - Status line and hint

  /// The live sources' states: one in words, several in a compact form,
  /// each in its own colour (so a failing source never paints a healthy one
  /// red); with several, how many fail follows them.
  var sourceStatusParts: [(text: String, style: Style)] {
    guard !sources.isEmpty else { return [] }
    let isPaused = liveStatus == .paused
    if sources.count == 1 {
      let source = sources[0]
      var name = TerminalText.sanitized(source.name)
      if let width = source.nameWidth { name = TerminalText.truncated(name, toWidth: width) }
      return [(source.alone(isPaused: isPaused, name: name), statusStyle(of: source))]
    }
    var parts: [(text: String, style: Style)] = sources.map { source in
      (
        TerminalText.sanitized(source.name) + " " + source.mark(isPaused: isPaused),
        statusStyle(of: source)
      )
    }
    let failing = sources.count(where: \.isFailing)
    if failing > 0 {
      parts.append((Wording.failing(failing), Style(foreground: .error, isBold: true)))
    }
    return parts
  }

  /// The style of one source's state: calm while running, loud when it fails.
  func statusStyle(of source: SourceStatus) -> Style {
    if source.isFailing { return Style(foreground: .error, isBold: true) }
    if !source.isLive { return Style(foreground: .muted, isBold: true) }
    if liveStatus == .paused { return Style(foreground: .warning, isBold: true) }
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
    if let row = focusedRow, row.id != ReservedID.recentlyViewed,
      let order = cardOrders.order(ofRow: row.id).wording
    {
      parts.append((order, Style(foreground: .muted)))
    }
    if !picking.marked.isEmpty {
      parts.append(
        (Wording.counted(picking.marked.count, "card") + " marked", Style(foreground: .accent)))
    }
    if let notice = picking.notice {
      parts.append((notice, Style(foreground: .accent, isBold: true)))
    }
    let statuses = sourceStatusParts
    // The sources' states are one part, each source in its own style.
    let statusPart = statuses.isEmpty ? [] : [("", Style())]
    let statusesWidth =
      statuses.isEmpty
      ? 0 : 3 + statuses.reduce(-1) { $0 + 1 + TerminalText.width(of: $1.text) }
    var card: (text: String, titleWidth: Int)?
    if let focused = focusedCard {
      var text = focused.title
      if !focused.subtitle.isEmpty { text += " — " + focused.subtitle }
      if let year = focused.year { text += " (\(year))" }
      card = (text, TerminalText.width(of: TerminalText.sanitized(focused.title)))
    }
    // How many sources fail is never cut off: what comes before it makes room.
    let failing =
      sources.count > 1 && sources.contains(where: \.isFailing)
      ? TerminalText.width(of: statuses[statuses.count - 1].text) : nil
    // The focused card's title is never cut inside: after the sources' states
    // when it fits there, else before them (they are cut instead), else left out.
    let leadingWidth = x + parts.reduce(0) { $0 + 3 + TerminalText.width(of: $1.0) }
    var cardFirst = false
    if let title = card?.titleWidth {
      if leadingWidth + statusesWidth + 3 + title <= clip.maxX {
        cardFirst = false
      } else if leadingWidth + 3 + title + (failing.map { $0 + 3 } ?? 0) <= clip.maxX {
        cardFirst = true
      } else {
        card = nil
      }
    }
    let cardPart = card.map { [($0.text, Style())] } ?? []
    let statusIndex = statuses.isEmpty ? nil : parts.count + (cardFirst ? cardPart.count : 0)
    parts += cardFirst ? cardPart + statusPart : statusPart + cardPart
    partLoop: for (index, (text, style)) in parts.enumerated() {
      x += canvas.write(" · ", at: Point(x: x, y: 0), style: Style(foreground: .muted), clip: clip)
      let pieces = index == statusIndex ? statuses : [(text: text, style: style)]
      var isPartEmpty = true
      for (number, piece) in pieces.enumerated() {
        // The room the failing count still needs after this piece.
        var reserved = 0
        if let failing, let statusIndex {
          if index < statusIndex {
            reserved = failing + 3
          } else if index == statusIndex && number < pieces.count - 1 {
            reserved = failing + 1
          }
        }
        if index == statusIndex, reserved > 0, clip.maxX - x - reserved < 2 { continue }
        if !isPartEmpty {
          x += canvas.write(" ", at: Point(x: x, y: 0), style: Style(), clip: clip)
        }
        isPartEmpty = false
        let room = clip.maxX - x - reserved
        guard room > 0 else { break partLoop }
        var shown = TerminalText.truncated(piece.text, toWidth: room)
        if let card, piece.text == card.text, TerminalText.width(of: piece.text) > room {
          // Cut after the title: the title alone when the `…` would eat into it.
          shown =
            card.titleWidth + 2 <= room
            ? shown
            : String(TerminalText.truncated(piece.text, toWidth: card.titleWidth + 1).dropLast())
        }
        x += canvas.write(shown, at: Point(x: x, y: 0), style: piece.style, clip: clip)
      }
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
      let cut = isFilterQueryCut ? "  " + Wording.queryCut(at: Self.queryLimit) + " ·" : ""
      // On a narrow screen the query and its count come before the keys,
      // the most useful of which come first.
      var keys = [
        "Enter take", "Tab browse", "Esc clear", "^E \(isExactSearch ? "fuzzy" : "exact")",
      ]
      var tail = cut + count + " " + keys.joined(separator: " · ")
      while width - x - 2 - TerminalText.width(of: tail) < 12, keys.count > 2 {
        keys.removeLast()
        tail = cut + count + " " + keys.joined(separator: " · ")
      }
      if width - x - 2 - TerminalText.width(of: tail) < 12 {
        tail = cut + (found.map { "  " + Wording.found(cards: $0.cards, rows: $0.rows) } ?? "")
      }
      let room = max(1, width - x - 2 - TerminalText.width(of: tail))
      // Show the end of a long query: that is where typing happens.
      let shown = TerminalText.tail(of: filterQuery, fittingIn: room - 1)
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
    for row in table.model.rows
    where row.id != ReservedID.recentlyViewed && row.id != ReservedID.bestMatches {
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

  /// A framed panel centred in the body, `lines` inside, scrolled by
  /// `scroll` lines; returns the first line shown (`scroll` clamped to what
  /// the panel can scroll).
  @discardableResult
  private func drawPanel(
    title: String, lines: [(String, Style)], width panelWidth: Int, scroll: Int = 0,
    into canvas: inout Canvas
  ) -> Int {
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
    // Lines past the panel scroll; a mark on the frame says more is above or below.
    let top = max(0, min(scroll, lines.count - inner.height))
    for (index, (text, style)) in lines.dropFirst(top).prefix(inner.height).enumerated() {
      canvas.write(
        TerminalText.truncated(text, toWidth: inner.width),
        at: Point(x: inner.minX, y: inner.minY + index),
        style: style, clip: inner)
    }
    let more = Style(foreground: .accent, isBold: true)
    if top > 0 {
      canvas.write(" ↑ more ", at: Point(x: rect.maxX - 10, y: rect.minY), style: more, clip: whole)
    }
    if top + inner.height < lines.count {
      canvas.write(
        " ↓ more ", at: Point(x: rect.maxX - 10, y: rect.maxY - 1), style: more, clip: whole)
    }
    return top
  }

  /// How many lines the help's panel shows at once on a `size` screen.
  func helpRoom(for size: Size) -> Int {
    let count = overlayLines(width: Self.helpWidth(forScreenWidth: size.width)).count
    return max(1, min(ViewState.bodyHeight(for: size), count + 2) - 2)
  }

  func drawDetails(into canvas: inout Canvas) {
    guard let pick = detailsPick ?? focusedPick else { return }
    let card = pick.face
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
    if !card.url.isEmpty { field("Link", card.url) }
    if !card.image.isEmpty { field("Image", card.image) }
    field("Row", pick.rowTitle, label)
    field("Id", card.id, label)
    if !card.fields.isEmpty {
      // The card's other fields as they came: `name: value`, in order.
      lines.append(("", Style()))
      for kept in card.fields {
        let name = TerminalText.sanitized(kept.name)
        let wrapped = TerminalText.wrapped(name + ": " + kept.value, toWidth: max(1, textWidth - 2))
        for (index, part) in wrapped.enumerated() {
          lines.append(((index == 0 ? "" : "  ") + part, Style()))
        }
      }
    }
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

  /// The lines of the open scrolling overlay (help or messages).
  func overlayLines(width: Int) -> [(String, Style)] {
    overlay == .messages ? messageLogLines(width: width) : helpLines(width: width)
  }

  /// The message log's lines: each source's state, then every message,
  /// newest first, with its time and source.
  func messageLogLines(width: Int) -> [(String, Style)] {
    var lines: [(String, Style)] = [("Sources", Style(isBold: true))]
    if sources.isEmpty { lines.append(("  no live source", Style(foreground: .muted))) }
    let isPaused = liveStatus == .paused
    for source in sources {
      let text = source.logLine(isPaused: isPaused)
      lines.append(
        (
          "  " + TerminalText.truncated(TerminalText.sanitized(text), toWidth: width - 2),
          statusStyle(of: source)
        ))
    }
    lines.append(("", Style()))
    lines.append(("Messages, newest first", Style(isBold: true)))
    if messageLog.isEmpty { lines.append(("  none yet", Style(foreground: .muted))) }
    for entry in messageLog.reversed() {
      let style = Style(foreground: entry.message.kind == .warning ? .warning : .error)
      let head = "  \(entry.time)  \(TerminalText.sanitized(entry.source))"
      lines.append((TerminalText.truncated(head, toWidth: width), Style(foreground: .muted)))
      for part in TerminalText.wrapped(entry.message.text, toWidth: max(8, width - 4)) {
        lines.append(("    " + part, style))
      }
    }
    return lines
  }

  func drawMessageLog(into canvas: inout Canvas) {
    let lines = messageLogLines(width: Self.helpWidth(forScreenWidth: canvas.size.width))
    drawPanel(
      title: Wording.counted(messageLog.count, "message"), lines: lines, width: 66,
      scroll: helpScroll, into: &canvas)
  }

  func drawHelp(into canvas: inout Canvas) {
    let lines = helpLines(width: Self.helpWidth(forScreenWidth: canvas.size.width))
    drawPanel(title: "Keys", lines: lines, width: 66, scroll: helpScroll, into: &canvas)
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

extension ShelfScreen {
  /// The most values the help's legend of squares lists.
  static let swatchLegendLimit = 12
  /// The most cards read for the legend: a huge catalog costs no more.
  static let swatchLegendScan = 20_000

  /// The legend of the cards' squares: each value of the swatch field, in
  /// the order the cards show them, in its colour; a last entry without a
  /// value when there are more than `swatchLegendLimit`.
  func swatchLegend() -> [(value: String?, style: Style)] {
    let style = configuration.cards
    guard style.swatchField != nil else { return [] }
    var seen = Set<String>()
    var legend: [(value: String?, style: Style)] = []
    var scanned = 0
    for row in table.model.rows {
      for card in row.cards {
        scanned += 1
        guard scanned <= Self.swatchLegendScan else { return legend }
        guard let colour = style.swatch(of: card) else { continue }
        let value = CardLine.value(of: style.swatchField ?? "", in: card)
        guard seen.insert(value).inserted else { continue }
        guard legend.count < Self.swatchLegendLimit else {
          legend.append((nil, Style(foreground: .muted)))
          return legend
        }
        legend.append((value, Style(foreground: .swatch(colour))))
      }
    }
    return legend
  }
}
