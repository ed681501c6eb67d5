// Command history writes a year of a state's history (scale.WriteHistory)
// into a migrated database around one of its jurisdictions, so that the
// load generator can measure the push on a grown database beside an empty
// one (docs/SCALING.md §6):
//
//	history -db "$TINDAL_DATABASE_URL" -jurisdiction KARWAR
//	TINDAL_LOADTEST_HISTORY=1 scripts/loadtest.sh -devices 40 -rate 20 -duration 60s -push-only
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/scale"
)

func main() {
	db := flag.String("db", os.Getenv("TINDAL_DATABASE_URL"), "the migrated database to grow")
	code := flag.String("jurisdiction", "KARWAR", "code of the jurisdiction the history is written around")
	tpl := flag.String("template", "ka-form2-annex", "key of the checklist template (version 1) of the inspections")
	flag.Parse()
	if err := run(context.Background(), *db, *code, checklist.TemplateID(*tpl, 1)); err != nil {
		fmt.Fprintln(os.Stderr, "history:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, url, code string, tpl uuid.UUID) error {
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		return err
	}
	defer pool.Close()
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	var j0 uuid.UUID
	if err := conn.QueryRow(ctx, `SELECT id FROM jurisdictions WHERE code = $1`, code).Scan(&j0); err != nil {
		return fmt.Errorf("jurisdiction %s: %w", code, err)
	}
	if err := scale.WriteHistory(ctx, conn, j0, tpl, log.Printf); err != nil {
		return err
	}
	// A served database has been vacuumed since most of its rows were
	// written (autovacuum): without it, the first minutes after a bulk
	// load measure the visibility map being set, not the push.
	t0 := time.Now()
	if _, err := conn.Exec(ctx, `VACUUM (ANALYZE)`); err != nil {
		return err
	}
	log.Printf("%s: VACUUM (ANALYZE)", time.Since(t0).Round(time.Millisecond))
	return nil
}
