extension ShelfScreen {
  // MARK: - Keys

  /// Handles one key or mouse event on a terminal of `size`.
  public func handle(_ typed: Key, size screenSize: Size) -> ScreenCommand {
    // Typed into the filter prompt, a key is text: remaps are for browsing.
    let key = isEditingFilter ? typed : (keyMap[typed] ?? typed)
    let size = tableSize(for: screenSize)
    table.adopt(size)
    let before = table.state
    let generation = table.animator.generation
    let hadNotice = picking.notice.take() != nil
    // The pane's keys, bar Shift+↑ ↓, are letters the prompt types.
    let isPreviewKey =
      overlay == .none && (!isEditingFilter || key == .shiftUp || key == .shiftDown)
    var command =
      (isPreviewKey ? handlePreviewKey(key, screenSize: screenSize) : nil)
      ?? dispatch(key, size: size)
    if hadNotice && command == ScreenCommand.none { command = .redraw }
    // A focus moved by a key ends the animation: the next frame shows where it
    // went. (A key that changed the content, the filter, animates instead.)
    if table.state != before && generation == table.animator.generation { table.snap() }
    return command
  }

  func dispatch(_ key: Key, size: Size) -> ScreenCommand {
    switch key {
    case .escape: return closeTopLayer()
    case .paste(let text): return paste(text)
    default: break
    }
    if overlay == .help || overlay == .messages {
      if let command = scrollHelp(with: key, size: size) { return command }
      // Any other key closes the help, q included: only the table quits.
      overlay = .none
      return .redraw
    }
    if isEditingFilter, let command = handleFilterKey(key, size: size) { return command }
    if overlay == .details {
      switch key {
      case .enter, .backspace, .character("q"):
        overlay = .none
        return .redraw
      case .character("/"):
        // The details are the layer over the prompt: they close, then it opens.
        overlay = .none
        isEditingFilter = true
        return .redraw
      default: break
      }
    }
    if let command = handleActionKey(key) { return command }
    return handleBrowsingKey(key, size: size)
  }

  /// Esc: closes the top layer — the help or the details, then the message,
  /// then the filter prompt (clearing its text), then a kept filter. With
  /// nothing open it does nothing (Esc never quits), or, picking, cancels.
  func closeTopLayer() -> ScreenCommand {
    if overlay != .none {
      overlay = .none
    } else if message != nil {
      message = nil
    } else if isEditingFilter {
      remember(filterQuery)
      isEditingFilter = false
      setFilter("")
    } else if !filterQuery.isEmpty {
      setFilter("")
    } else {
      // With nothing open, a picker's Esc cancels the pick (`--pick`).
      return actions.isPicking ? .cancel : .none
    }
    return .redraw
  }

  /// Pasted text goes into the filter prompt, a line break or a tab as a
  /// space (it separated words), other control characters dropped; anywhere
  /// else it is ignored (never taken for keys).
  func paste(_ text: String) -> ScreenCommand {
    guard isEditingFilter, overlay == .none else { return .none }
    var typed = String.UnicodeScalarView()
    var afterReturn = false
    for scalar in text.unicodeScalars {
      defer { afterReturn = scalar == "\r" }
      switch scalar.value {
      case 0x0A where afterReturn: continue  // CR LF: one space
      case 0x09, 0x0A, 0x0D: typed.append(" ")
      case 0..<0x20, 0x7F, 0x80..<0xA0: continue
      default: typed.append(scalar)
      }
    }
    guard !typed.isEmpty else { return .none }
    setFilter(filterQuery + String(typed))
    return .redraw
  }

  func handleBrowsingKey(_ key: Key, size: Size) -> ScreenCommand {
    let before = table.state
    switch key {
    case .up, .shiftUp, .character("k"): table.moveRows(by: -1)
    case .down, .shiftDown, .character("j"): table.moveRows(by: 1)
    case .left, .character("h"): table.moveCards(by: -1)
    case .right, .character("l"): table.moveCards(by: 1)
    case .home, .character("g"): table.moveRows(by: -table.model.rows.count)
    case .end, .character("G"): table.moveRows(by: table.model.rows.count)
    case .character("]"): table.moveToSection(by: 1)
    case .character("["): table.moveToSection(by: -1)
    case .character("s"):
      // The recently viewed row keeps the order the cards were opened in.
      guard let row = focusedRow, row.id != ReservedID.recentlyViewed else { return .none }
      var orders = cardOrders
      orders.byRow[row.id] = orders.order(ofRow: row.id).next
      setCardOrders(orders)
      return .redraw
    case .character("S"):
      setCardOrders(CardOrders(all: cardOrders.all.next))
      return .redraw
    case .character("0"): table.focusCard(0)
    case .character("$"): table.focusCard(.max)
    case .pageUp: table.moveRows(by: -rowsPerPage(size))
    case .pageDown: table.moveRows(by: rowsPerPage(size))
    case .enter:
      guard let card = focusedCard, let row = focusedRow else { return .none }
      overlay = .details
      if configuration.showsRecentlyViewed { contentPath.open(card, inRow: row.id) }
      return .redraw
    case .character("?"), .function(1):
      overlay = .help
      return .redraw
    case .character("m"):
      overlay = .messages
      return .redraw
    case .character("q"): return .quit
    case .character(" "): return canPause ? .togglePause : .none
    case .character("."): return canPause ? .stepOnce : .none
    case .tab: return canSwitchSources ? .nextSource : .none
    case .backTab: return canSwitchSources ? .previousSource : .none
    case .character("/"):
      isEditingFilter = true
      return .redraw
    case .control("l"): return .redraw
    case .mouse(let event): return handleMouse(event)
    default: return .none
    }
    guard table.state != before else { return .none }
    table.focusToRestore = nil  // the user moved on from the focus given back
    detailsPick = nil  // the details follow the focus
    return .redraw
  }

  /// Keys typed into the filter prompt; nil passes the key on to browsing.
  func handleFilterKey(_ key: Key, size: Size) -> ScreenCommand? {
    switch key {
    case .character(let character):
      filterHistoryIndex = nil
      setFilter(filterQuery + String(character))
    case .backspace, .delete:
      filterHistoryIndex = nil
      if filterQuery.isEmpty {
        isEditingFilter = false
      } else {
        setFilter(String(filterQuery.dropLast()))
      }
    case .enter:
      remember(filterQuery)
      isEditingFilter = false
      return takeBestMatch()
    case .tab:
      remember(filterQuery)
      isEditingFilter = false  // the filter stays: browse it
    case .control("e"):
      isExactSearch.toggle()
    case .control("u"):
      filterHistoryIndex = nil
      setFilter("")
    case .up:
      guard !filterHistory.isEmpty else { return nil }  // nothing to recall: ↑ browses
      if filterHistoryIndex == nil { filterDraft = filterQuery }
      let index = max(0, (filterHistoryIndex ?? filterHistory.count) - 1)
      filterHistoryIndex = index
      setFilter(filterHistory[index])
    case .down:
      guard let index = filterHistoryIndex else {
        guard !filterQuery.isEmpty else { return nil }  // nothing typed: ↓ browses
        remember(filterQuery)
        isEditingFilter = false  // as Tab: the filter stays, to browse
        return .redraw
      }
      if index + 1 < filterHistory.count {
        filterHistoryIndex = index + 1
        setFilter(filterHistory[index + 1])
      } else {
        filterHistoryIndex = nil
        setFilter(filterDraft)
      }
    default:
      return nil
    }
    return .redraw
  }

  /// Opens the search prompt with `query` typed (`--query`).
  public func startSearch(_ query: String) {
    isEditingFilter = true
    setFilter(query)
  }

  /// Enter in the prompt: the query's best match, once the chain has
  /// ranked what was typed, is picked (`--pick`) or opened; with no match
  /// the prompt only closes.
  func takeBestMatch() -> ScreenCommand {
    guard !filterQuery.isEmpty, let best = contentPath.settledBestMatches().first else {
      return .redraw
    }
    table.restoreFocus(FocusMark(rowID: ReservedID.bestMatches, cardID: best.shownID, rowLine: 0))
    if actions.isPicking {
      takenPick = best.pick
      return .pick
    }
    overlay = .details
    detailsPick = best.pick
    contentPath.open(best.card, inRow: best.rowID)
    return .redraw
  }

  /// Adds `query` to the session's history (unless empty, or the last one).
  private func remember(_ query: String) {
    filterHistoryIndex = nil
    guard !query.isEmpty, filterHistory.last != query else { return }
    filterHistory.append(query)
  }

  /// Filters by `query`, cut to its first `queryLimit` characters (the prompt
  /// says so). The first character takes note of the focus, and emptying the
  /// query (Esc, Backspace, Ctrl-U) gives it back as it was.
  func setFilter(_ query: String) {
    var query = query
    isFilterQueryCut = query.utf8.count > Self.queryLimit && query.count > Self.queryLimit
    if isFilterQueryCut { query = String(query.prefix(Self.queryLimit)) }
    guard query != filterQuery else { return }
    if filterQuery.isEmpty {
      focusBeforeFilter = table.focusMark
      table.focusToRestore = nil
    } else if query.isEmpty, let focus = focusBeforeFilter.take() {
      table.restoreFocus(focus)
    }
    filterQuery = query
    contentPath.request(query: query, isExact: isExactSearch)
  }

  func handleMouse(_ event: MouseEvent) -> ScreenCommand {
    switch event.kind {
    case .wheelUp, .wheelDown:
      let before = table.state
      // Over the focused row's cards the wheel scrolls them (terminals keep
      // Shift+wheel for their own selection); anywhere else it moves rows.
      if overlay == .none && table.isOnFocusedRowCards(event.position) {
        table.scrollCards(ofRowAt: event.position, by: event.kind == .wheelUp ? -1 : 1)
      } else {
        table.moveRows(by: event.kind == .wheelUp ? -1 : 1)
      }
      return table.state == before ? .none : .redraw
    case .wheelLeft, .wheelRight:
      guard overlay == .none else { return .none }
      let before = table.state
      table.scrollCards(ofRowAt: event.position, by: event.kind == .wheelLeft ? -1 : 1)
      return table.state == before ? .none : .redraw
    case .click, .press:
      if overlay != .none {
        overlay = .none
        return .redraw
      }
      let before = table.state
      // A click on ‹ or › (the strip's outer columns) pages that row's cards.
      let width = table.size.width
      if event.position.x <= 0 || event.position.x >= width - 1 {
        table.scrollCards(ofRowAt: event.position, by: event.position.x <= 0 ? -1 : 1, byPage: true)
      } else {
        table.focus(at: event.position)
      }
      return table.state == before ? .none : .redraw
    case .release:
      return .none
    }
  }

  /// Scrolls the help overlay by a line (↑ ↓ k j) or a page (PgUp PgDn);
  /// nil for a key that does not scroll it.
  func scrollHelp(with key: Key, size: Size) -> ScreenCommand? {
    let room = helpRoom(for: size)
    let step: Int
    switch key {
    case .up, .character("k"): step = -1
    case .down, .character("j"): step = 1
    case .pageUp: step = -room
    case .pageDown: step = room
    case .mouse(let event) where event.kind == .wheelUp: step = -1
    case .mouse(let event) where event.kind == .wheelDown: step = 1
    default: return nil
    }
    let count = overlayLines(width: Self.helpWidth(forScreenWidth: size.width)).count
    let scrolled = max(0, min(helpScroll + step, count - room))
    guard scrolled != helpScroll else { return ScreenCommand.none }
    helpScroll = scrolled
    return .redraw
  }

  func rowsPerPage(_ size: Size) -> Int {
    max(1, ViewState.bodyHeight(for: size) / table.model.rowHeight)
  }
}
