// Package migrations embeds Tindal's versioned SQL migrations, run by goose.
// Schema changes are reviewed SQL; GORM's AutoMigrate is never used.
package migrations

import "embed"

// FS holds the migration files, named NNNNN_description.sql.
//
//go:embed *.sql
var FS embed.FS
