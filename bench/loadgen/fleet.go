package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"runtime"
	"strconv"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// inspectableVessels finds the Karnataka mechanised vessels the inspector
// may inspect.
func inspectableVessels(ctx context.Context, c config, reset func(context.Context)) ([]string, error) {
	cl := &client{base: c.url, http: http.DefaultClient, resetLogins: reset}
	if err := cl.login(ctx, c.email, c.password, "loadgen-setup"); err != nil {
		return nil, err
	}
	status, b, err := cl.do(ctx, "GET", "/v1/vessels?limit=500", nil, nil)
	if err != nil {
		return nil, err
	}
	var list struct {
		Items []struct {
			ID, Kind, Regime string
		}
	}
	if status != 200 || json.Unmarshal(b, &list) != nil {
		return nil, fmt.Errorf("list vessels: %d %s", status, b)
	}
	var out []string
	for _, v := range list.Items {
		if v.Regime == "KA-IV-2025" && v.Kind == "mechanised" {
			out = append(out, v.ID)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no Karnataka mechanised vessel visible to %s", c.email)
	}
	return out, nil
}

// fleetNamespace derives the load generator's owner and vessel ids.
var fleetNamespace = uuid.MustParse("5b0c8f0e-2d7a-4c1e-9f3b-6a4d2e8c1b07")

// ownFleet registers n owners with one Karnataka mechanised vessel each
// in the jurisdiction of a vessel the inspector can see (with their
// change-log rows, as the registry would), and returns the vessel ids.
// Ids and registration numbers come from the index, so a rerun reuses
// the same fleet.
func ownFleet(ctx context.Context, pool *pgxpool.Pool, n int, seen string) ([]string, error) {
	var jur string
	if err := pool.QueryRow(ctx, "SELECT jurisdiction_id FROM vessels WHERE id = $1", seen).Scan(&jur); err != nil {
		return nil, fmt.Errorf("jurisdiction of the inspector's vessels: %w", err)
	}
	out := make([]string, n)
	b := &pgx.Batch{}
	for i := range out {
		owner := uuid.NewSHA1(fleetNamespace, []byte(fmt.Sprintf("owner-%d", i)))
		vessel := uuid.NewSHA1(fleetNamespace, []byte(fmt.Sprintf("vessel-%d", i)))
		out[i] = vessel.String()
		b.Queue(
			`WITH o AS (INSERT INTO owners (id, kind, name, jurisdiction_id) VALUES ($1, 'person', $3, $5) ON CONFLICT
				(id) DO NOTHING),
			v AS (INSERT INTO vessels (id, registration_number, name, regime, kind, category, zone, engine_power,
			power_unit, passengers, use, jurisdiction_id, owner_id)
				VALUES ($2, $4, $6, 'KA-IV-2025', 'mechanised', 'C', 3, 120, 'kW', 20, 'passenger', $5, $1) ON CONFLICT DO
				NOTHING RETURNING id)
			INSERT INTO change_log (entity_type, entity_id, scope_key)
			SELECT x.t, x.id, x.k FROM v, (VALUES ('owner', $1::uuid, 'j:' || $5::text), ('owner', $1::uuid, 'o:' || $1::text),
				('vessel', $2::uuid, 'j:' || $5::text), ('vessel', $2::uuid, 'o:' || $1::text)) AS x (t, id, k)`,
			owner,
			vessel,
			fmt.Sprintf("Loadgen owner %d", i),
			fmt.Sprintf("KA-LG-%05d", i),
			jur,
			fmt.Sprintf("Loadgen boat %d", i),
		)
	}
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error { return tx.SendBatch(ctx, b).Close() })
	if err != nil {
		return nil, fmt.Errorf("register fleet: %w", err)
	}
	return out, nil
}

// oneOwner narrows the visible vessels to those of the owner who has the
// most of them: every push then needs that owner's penalty-chain lock.
func oneOwner(ctx context.Context, pool *pgxpool.Pool, visible []string) ([]string, error) {
	rows, err := pool.Query(ctx, `SELECT id::text FROM vessels WHERE id::text = ANY($1) AND owner_id = (
		SELECT owner_id FROM vessels WHERE id::text = ANY($1) GROUP BY owner_id ORDER BY count(*) DESC, owner_id
		LIMIT 1) ORDER BY id`, visible)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err == nil && len(out) == 0 {
		err = errors.New("no vessel of one owner is visible")
	}
	return out, err
}

// poolSize is the size of the server's database pool, so the raw
// baselines get as many connections as the push had: -pool, else the
// server's tindal_db_pool_max_conns metric, else what cmd/tindal would
// use (TINDAL_DB_MAX_CONNS, else pgx's default, max(4, CPUs) — the CPUs
// of this machine, right only when the server runs here).
func poolSize(ctx context.Context, c config, getenv func(string) string) sized {
	if c.pool > 0 {
		return sized{c.pool, "-pool"}
	}
	n, err := scrapePoolSize(ctx, c.metrics)
	if err == nil {
		return sized{n, "the server's, from /metrics"}
	}
	if n, perr := strconv.Atoi(getenv("TINDAL_DB_MAX_CONNS")); perr == nil && n > 0 {
		return sized{n, fmt.Sprintf("TINDAL_DB_MAX_CONNS; %v", err)}
	}
	return sized{max(4, runtime.NumCPU()), fmt.Sprintf("pgx default max(4, CPUs of this machine); %v", err)}
}

// sized is a pool size and where it came from.
type sized struct {
	n      int
	source string
}

func scrapePoolSize(ctx context.Context, base string) (int, error) {
	f, err := scrapeMetric(ctx, base, "tindal_db_pool_max_conns")
	if err != nil {
		return 0, err
	}
	if f < 1 {
		return 0, fmt.Errorf("metrics: pool size %v", f)
	}
	return int(f), nil
}

// scrapeMetric reads an unlabelled metric from the server's /metrics.
func scrapeMetric(ctx context.Context, bases, name string) (float64, error) {
	var sum float64
	for base := range strings.SplitSeq(bases, ",") {
		v, err := scrapeOne(ctx, base, name)
		if err != nil {
			return 0, fmt.Errorf("%s: %w", base, err)
		}
		sum += v
	}
	return sum, nil
}

// scrapeOne reads a metric from one listener.
func scrapeOne(ctx context.Context, base, name string) (float64, error) {
	cl := &client{base: base, http: http.DefaultClient}
	status, b, err := cl.do(ctx, "GET", "/metrics", nil, nil)
	if err != nil {
		return 0, err
	}
	if status != 200 {
		return 0, fmt.Errorf("/metrics answered %d", status)
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), name+" "); ok {
			f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil {
				return 0, fmt.Errorf("metrics: %s %q", name, v)
			}
			return f, nil
		}
	}
	return 0, fmt.Errorf("metrics: no %s", name)
}
