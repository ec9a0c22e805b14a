extension ShelfScreen {
  // MARK: - Keys

  /// Handles one key or mouse event on a terminal of `size`.
  public func handle(_ key: Key, size screenSize: Size) -> ScreenCommand {
    let size = tableSize(for: screenSize)
    if lastSize != size { adopt(size) }
    let before = state
    let generation = animator.generation
    let command = dispatch(key, size: size)
    // A focus moved by a key ends the animation: the next frame shows where it
    // went. (A key that changed the content, the filter, animates instead.)
    if state != before && generation == animator.generation { snap() }
    return command
  }

  func dispatch(_ key: Key, size: Size) -> ScreenCommand {
    if isEditingFilter, let command = handleFilterKey(key, size: size) { return command }
    switch overlay {
    case .help:
      // Any key closes the help, q and Esc included: only the table quits.
      overlay = .none
      return .redraw
    case .details:
      switch key {
      case .escape, .enter, .backspace, .character("q"):
        overlay = .none
        return .redraw
      default: break
      }
    case .none: break
    }
    return handleBrowsingKey(key, size: size)
  }

  func handleBrowsingKey(_ key: Key, size: Size) -> ScreenCommand {
    let before = state
    switch key {
    case .up, .character("k"): state.moveRows(by: -1, in: model, size: size)
    case .down, .character("j"): state.moveRows(by: 1, in: model, size: size)
    case .left, .character("h"): state.moveCards(by: -1, in: model, size: size)
    case .right, .character("l"): state.moveCards(by: 1, in: model, size: size)
    case .home, .character("g"): state.moveRows(by: -model.rows.count, in: model, size: size)
    case .end, .character("G"): state.moveRows(by: model.rows.count, in: model, size: size)
    case .character("0"): state.focus(row: state.focusRow, card: 0, in: model, size: size)
    case .character("$"): state.focus(row: state.focusRow, card: .max, in: model, size: size)
    case .pageUp: state.moveRows(by: -rowsPerPage(size), in: model, size: size)
    case .pageDown: state.moveRows(by: rowsPerPage(size), in: model, size: size)
    case .enter:
      guard focusedCard != nil else { return .none }
      overlay = .details
      return .redraw
    case .character("?"), .function(1):
      overlay = .help
      return .redraw
    case .character("q"): return .quit
    case .escape:
      if message != nil {
        message = nil
        return .redraw
      }
      if !filterQuery.isEmpty {
        setFilter("")
        return .redraw
      }
      return .quit
    case .character(" "): return canPause ? .togglePause : .none
    case .character("."): return canPause ? .stepOnce : .none
    case .tab: return canSwitchSources ? .nextSource : .none
    case .backTab: return canSwitchSources ? .previousSource : .none
    case .character("/"):
      isEditingFilter = true
      return .redraw
    case .control("l"): return .redraw
    case .mouse(let event): return handleMouse(event, size: size)
    default: return .none
    }
    return state == before ? .none : .redraw
  }

  /// Keys typed into the filter prompt; nil passes the key on to browsing.
  func handleFilterKey(_ key: Key, size: Size) -> ScreenCommand? {
    switch key {
    case .character(let character):
      setFilter(filterQuery + String(character))
    case .backspace, .delete:
      if filterQuery.isEmpty {
        isEditingFilter = false
      } else {
        setFilter(String(filterQuery.dropLast()))
      }
    case .enter:
      isEditingFilter = false
    case .escape:
      isEditingFilter = false
      setFilter("")
    case .control("u"):
      setFilter("")
    default:
      return nil
    }
    return .redraw
  }

  func setFilter(_ query: String) {
    guard query != filterQuery else { return }
    if filterQuery.isEmpty {
      focusBeforeFilter = (state.focusedRowID, state.focusedCardID)
    } else if query.isEmpty, let focus = focusBeforeFilter.take(), focusedCard == nil {
      // Nothing matched, so nothing holds the focus: it goes back to where it
      // was. (A card the filter found keeps it: that is what was looked for.)
      state.focusedRowID = focus.row
      state.focusedCardID = focus.card
    }
    filterQuery = query
    submit()
  }

  func handleMouse(_ event: MouseEvent, size: Size) -> ScreenCommand {
    switch event.kind {
    case .wheelUp:
      let before = state
      state.moveRows(by: -1, in: model, size: size)
      return state == before ? .none : .redraw
    case .wheelDown:
      let before = state
      state.moveRows(by: 1, in: model, size: size)
      return state == before ? .none : .redraw
    case .click, .press:
      if overlay != .none {
        overlay = .none
        return .redraw
      }
      let scene = Layout.scene(of: model, state: state, size: size)
      for row in scene.rows where row.y <= event.position.y && event.position.y < row.y + row.height
      {
        guard let index = model.rowIndexByID[row.id] else { continue }
        let card = row.cards.first {
          $0.x <= event.position.x && event.position.x < $0.x + $0.width
        }
        .flatMap { hit in model.rows[index].cards.firstIndex { $0.id == hit.face.id } }
        let before = state
        state.focus(
          row: index,
          card: card
            ?? state.offset(
              ofRow: model.rows[index], strip: Metrics.strip(forScreenWidth: size.width)),
          in: model, size: size)
        return state == before ? .none : .redraw
      }
      return .none
    case .release:
      return .none
    }
  }

  func rowsPerPage(_ size: Size) -> Int {
    max(1, ViewState.bodyHeight(for: size) / Metrics.rowHeight)
  }
}
