// SQLite's C API for ShelfSources' read-only `--sqlite` source. Everything
// it calls imports into Swift as it is; the shim only names the header.
#include <sqlite3.h>
