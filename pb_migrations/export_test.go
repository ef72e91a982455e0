package migrations

// OldMigrations are the development migrations the init folds, for the
// tests of adopting a data dir they made.
var OldMigrations = oldMigrations
