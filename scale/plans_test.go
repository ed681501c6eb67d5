package scale_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	stdsync "sync"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/tindal/tindal/scale"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/testkit"
)

// planLog collects the plans auto_explain sends as notices: with
// log_min_duration 0 and log_level notice, the server sends the plan of
// every statement it runs (nested ones in functions and triggers too) to
// the session that ran it, as JSON.
type planLog struct {
	mu    stdsync.Mutex
	path  string // the code path running now; "" = not recording
	plans []plan
}

// plan is one executed statement's plan.
type plan struct {
	Query string          `json:"Query Text"`
	Plan  json.RawMessage `json:"Plan"`
	path  string
}

func (l *planLog) notice(n *pgconn.Notice) {
	_, body, ok := strings.Cut(n.Message, "plan:")
	if !ok {
		return
	}
	var p plan
	if err := json.Unmarshal([]byte(strings.TrimSpace(body)), &p); err != nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.path != "" {
		p.path = l.path
		l.plans = append(l.plans, p)
	}
}

// record attributes the plans from now on to the code path named.
func (l *planLog) record(name string) {
	l.mu.Lock()
	l.path = name
	l.mu.Unlock()
}

// autoExplainDB is a fresh database whose every session reports its plans
// to log.
func autoExplainDB(t *testing.T, log *planLog) *storage.DB {
	return testkit.NewDBWith(t, storage.Options{MaxConns: 20, OnNotice: log.notice}, map[string]string{
		"session_preload_libraries":          "auto_explain",
		"auto_explain.log_min_duration":      "0",
		"auto_explain.log_level":             "notice",
		"auto_explain.log_format":            "json",
		"auto_explain.log_nested_statements": "on",
		"client_min_messages":                "notice",
	})
}

// seqScan is a sequential scan of a large table in a captured plan.
type seqScan struct {
	path, table, query string
	full               string // the statement as it ran
	rows               float64
}

// seqScans walks every plan for Seq Scan nodes on tables of at least
// minRows rows (pg_class.reltuples after ANALYZE): the tables the history
// made large, which grow with time. Small, fixed tables (jurisdictions,
// templates) may be scanned.
func seqScans(plans []plan, sizes map[string]float64, minRows float64) []seqScan {
	var out []seqScan
	for _, p := range plans {
		var node map[string]any
		if json.Unmarshal(p.Plan, &node) != nil {
			continue
		}
		walk(node, func(n map[string]any) {
			rel, _ := n["Relation Name"].(string)
			if n["Node Type"] == "Seq Scan" && sizes[rel] >= minRows {
				out = append(out, seqScan{path: p.path, table: rel, query: scale.OneLine(p.Query), full: p.Query, rows: sizes[rel]})
			}
		})
	}
	return out
}

func walk(n map[string]any, f func(map[string]any)) {
	f(n)
	kids, _ := n["Plans"].([]any)
	for _, k := range kids {
		if m, ok := k.(map[string]any); ok {
			walk(m, f)
		}
	}
}

func (s seqScan) String() string {
	return fmt.Sprintf("%s: Seq Scan on %s (%.0f rows): %s", s.path, s.table, s.rows, s.query)
}

// indexServes plans the statement of s again with sequential scans
// disabled (a generic plan: the captured text has its parameters as $n)
// and reports whether it then reads s.table through an index condition
// (a walk of a whole index does not count). If it does,
// the sequential scan was the planner's cost-based choice at this size —
// a hash join over a table it reads a good share of — which it abandons
// by itself when the table grows further; if not, no index can serve the
// statement and its cost grows with the table: that is what fails.
func indexServes(ctx context.Context, db *storage.DB, s seqScan) (bool, error) {
	tx, err := db.Pool.Begin(ctx)
	if err != nil {
		return false, err
	}
	defer func() { _ = tx.Rollback(ctx) }()
	for _, set := range []string{`SET LOCAL enable_seqscan = off`, `SET LOCAL plan_cache_mode = force_generic_plan`,
		`SET LOCAL auto_explain.log_min_duration = -1`, "PREPARE scale_again AS " + s.full} {
		if _, err := tx.Exec(ctx, set); err != nil {
			return false, fmt.Errorf("%s: %w", scale.OneLine(set), err)
		}
	}
	defer func() { _, _ = tx.Exec(ctx, `DEALLOCATE scale_again`) }()
	var n int
	if err := tx.QueryRow(ctx, `SELECT cardinality(parameter_types) FROM pg_prepared_statements WHERE name = 'scale_again'`).Scan(&n); err != nil {
		return false, err
	}
	var out string
	if err := tx.QueryRow(ctx, "EXPLAIN (FORMAT JSON) EXECUTE scale_again"+nulls(n)).Scan(&out); err != nil {
		return false, err
	}
	var plans []struct {
		Plan map[string]any `json:"Plan"`
	}
	if err := json.Unmarshal([]byte(out), &plans); err != nil || len(plans) == 0 {
		return false, fmt.Errorf("explain: %v", err)
	}
	served := true
	walk(plans[0].Plan, func(n map[string]any) {
		if n["Relation Name"] != s.table {
			return
		}
		switch n["Node Type"] {
		case "Seq Scan":
			served = false
		case "Index Scan", "Index Only Scan":
			// Without a condition the index is only walked end to end:
			// the whole table again, in index order.
			if _, ok := n["Index Cond"]; !ok {
				served = false
			}
		}
	})
	return served, nil
}

// nulls is the argument list of n NULLs, empty for none.
func nulls(n int) string {
	if n == 0 {
		return ""
	}
	return "(" + strings.Repeat("NULL, ", n-1) + "NULL)"
}
