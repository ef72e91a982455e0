// Package migrations holds StageShop's schema as Go migrations.
//
// 1763800000_init.go is the whole schema of the first release, folded from
// the fifty migrations that built it during development (as PocketBase
// folded its own for v0.23): the collections with their fields, rules and
// indexes, the SQL tables, views and triggers beside them, the app
// settings the shop changes (rate limits, names) and the records a new
// shop starts with. The init_*.go files hold its parts by domain; only
// the init registers a migration.
//
// From now on every change of the schema is a new file with a newer
// timestamp (`./stageshop migrate create name`), one change per file, and
// a landed migration is never edited again: databases out there already
// ran it. Its code may be refactored only while TestSchemaGolden's record
// of what every migration does (testdata/schema.golden) stays as it is;
// a new migration adds its own lines to that file.
package migrations
