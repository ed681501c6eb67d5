// Package migrations embeds Tindal's versioned SQL migrations, run by goose.
// Schema changes are reviewed SQL; GORM's AutoMigrate is never used.
package migrations

import (
	"embed"
	"io/fs"
	"slices"
	"strings"
)

// FS holds the migration files, named NNNNN_description.sql.
//
//go:embed *.sql
var FS embed.FS

// extra holds migrations beyond FS, set only in a binary built with the
// tindal_rollout tag (rollout.go): the replica tests build such a "next
// release" to show a rolling restart across a new migration
// (docs/SCALING.md). A release binary has none.
var extra fs.FS

// All is every migration this binary knows: FS, and in a tindal_rollout
// build the test migration of rollout/ after it.
func All() fs.FS {
	if extra == nil {
		return FS
	}
	return union{FS, extra}
}

// union lists the .sql files of both file systems as one directory.
type union struct{ a, b fs.FS }

func (u union) Open(name string) (fs.File, error) {
	if f, err := u.a.Open(name); err == nil {
		return f, nil
	}
	return u.b.Open(name)
}

func (u union) ReadDir(name string) ([]fs.DirEntry, error) {
	x, err := fs.ReadDir(u.a, name)
	if err != nil {
		return nil, err
	}
	y, err := fs.ReadDir(u.b, name)
	if err != nil {
		return nil, err
	}
	out := slices.Concat(x, y)
	slices.SortFunc(out, func(p, q fs.DirEntry) int { return strings.Compare(p.Name(), q.Name()) })
	return out, nil
}
