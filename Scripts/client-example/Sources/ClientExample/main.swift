import ShelfChain
import ShelfDiff

// Models, as an app stores them.
struct Todo: Identifiable, Equatable, Sendable {
  var id: Int
  var title: String
  var isDone: Bool
}

struct List: ChainableSection {
  var id: String
  var name: String
  var items: [Todo]
  func hasSameHeader(as other: List) -> Bool { id == other.id && name == other.name }
}

// View models, as a view draws them: another item type.
struct TodoRow: Identifiable, Equatable, Sendable {
  var id: Int
  var text: String
}

let store = SectionStore([
  List(
    id: "home", name: "Home",
    items: [
      Todo(id: 1, title: "Water plants", isDone: false),
      Todo(id: 2, title: "Call Sam", isDone: true),
    ])
])
let open = ItemFilter(store) { !$0.isDone }
let rows = ItemMap(open) { todo in TodoRow(id: todo.id, text: "[ ] \(todo.title)") }

var told: [String] = []
let token = rows.observe { change in told.append(change.delta.map { "\($0)" } ?? "reload") }

var lists = store.sections
lists[0].items.append(Todo(id: 3, title: "Buy bread", isDone: false))
lists[0].items[0].isDone = true
store.update(lists)

print("rows:", rows.sections.flatMap(\.items).map(\.text))
print("section:", rows.sections.map(\.header.name))

token.cancel()
store.update([])  // no longer observed: `told` keeps its one delta
print("changes told:", told.count, "-", told.joined(separator: "; "))
