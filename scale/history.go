package scale

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Sizes of the generated history: a state of ten jurisdictions after a
// year.
const (
	jurisdictions = 10
	owners        = 50_000 // one vessel each
	inspections   = 200_000
	perInspection = 5 // answers, findings, offences and penalties each: 1,000,000
	photos        = 100_000
	changes       = 1_000_000
	certificates  = 150_000 // three per vessel
	notifications = 100_000
)

// WriteHistory writes a year of a state's history into the migrated
// database conn is on, with INSERT … SELECT generate_series: ids are
// derived from the row number (md5 → uuid), so each table finds its
// parents' ids without a lookup. j0 is one of the ten jurisdictions (it
// must exist), tpl the checklist template of the inspections. logf, when
// not nil, hears each statement's time. Used by the scale test and by
// bench/history (a load-generator run on a grown database).
func WriteHistory(ctx context.Context, conn *pgxpool.Conn, j0, tpl uuid.UUID, logf func(string, ...any)) error {
	if logf == nil {
		logf = func(string, ...any) {}
	}
	start := time.Now()
	// No plans while writing the history (under the scale test's
	// auto_explain its million trigger calls would each send one).
	if _, err := conn.Exec(ctx, `SET auto_explain.log_min_duration = -1`); err != nil {
		var pgErr interface{ SQLState() string }
		if !errors.As(err, &pgErr) || pgErr.SQLState() != "42704" { // not loaded: nothing to silence
			return err
		}
	}
	defer func() { _, _ = conn.Exec(ctx, `RESET auto_explain.log_min_duration`) }()
	if _, err := conn.Exec(ctx, `CREATE TABLE scale_j AS SELECT n,
	    CASE WHEN n = 0 THEN $1::uuid ELSE md5('j' || n)::uuid END AS id
		FROM generate_series(0, $2::int - 1) n`, j0, jurisdictions); err != nil {
		return err
	}
	r := strings.NewReplacer("{tpl}", "'"+tpl.String()+"'", "{J}", strconv.Itoa(jurisdictions), "{O}",
		strconv.Itoa(owners),
		"{I}", strconv.Itoa(inspections), "{K}", strconv.Itoa(perInspection), "{IK}",
		strconv.Itoa(inspections*perInspection),
		"{now}", "'"+time.Now().UTC().Format(time.RFC3339)+"'::timestamptz", "{P}", strconv.Itoa(photos),
		"{C}", strconv.Itoa(changes), "{CE}", strconv.Itoa(certificates), "{N}", strconv.Itoa(notifications))
	rebuild, err := dropSecondaryIndexes(ctx, conn)
	if err != nil {
		return err
	}
	for _, q := range historySQL {
		if q == "ANALYZE" {
			t0 := time.Now()
			n, err := rebuild()
			if err != nil {
				return err
			}
			logf("%s: %d indexes built again", time.Since(t0).Round(time.Millisecond), n)
		}
		t0 := time.Now()
		if _, err := conn.Exec(ctx, r.Replace(q)); err != nil {
			return fmt.Errorf("%w\n%s", err, r.Replace(q))
		}
		logf("%s: %s", time.Since(t0).Round(time.Millisecond), OneLine(q)[:min(60, len(OneLine(q)))])
	}
	logf("history written in %s", time.Since(start).Round(time.Second))
	return nil
}

// OneLine is q on one line, cut at 300 characters.
func OneLine(q string) string {
	q = strings.Join(strings.Fields(q), " ")
	if len(q) > 300 {
		q = q[:300] + "…"
	}
	return q
}

// historySQL is the year, parents first; scale_j numbers the jurisdictions
// (0 is the test's). Owner g, its vessel g and its liable party g are in
// jurisdiction g % {J}; inspection g is of vessel g % {O}, started g % 365
// + 1 days before {now}; its answers, findings, offences and penalties are
// rows g*{K} … g*{K}+{K}-1; one finding in a thousand is still open
// (the jobs then have a year's usual work, not a backlog). Every column is computed from the row number,
// never looked up, and foreign keys are not checked row by row
// (session_replication_role = replica skips their triggers): the rows are
// consistent by construction, and the writing takes a minute instead of
// ten.
var historySQL = []string{
	`SET session_replication_role = replica`,
	`INSERT INTO jurisdictions (id, code, name, regime) SELECT id, 'HIST' || n, 'History ' || n,
	    'KA-IV-2025' FROM scale_j WHERE n > 0`,
	`INSERT INTO users (id, email, name, role, password_hash) SELECT md5('u' || n)::uuid,
	    'hist' || n || '@scale.tindal', 'Inspector ' || n, 'inspector', 'x' FROM scale_j`,
	`INSERT INTO owners (id, kind, name, jurisdiction_id)
	   SELECT md5('o' || g)::uuid, 'person', 'Owner ' || g, j.id FROM generate_series(0,
	    {O} - 1) g JOIN scale_j j ON j.n = g % {J}`,
	`INSERT INTO vessels (id, registration_number, name, regime, kind, category, zone, engine_power, power_unit,
	    passengers, use, jurisdiction_id, owner_id)
	   SELECT md5('v' || g)::uuid, 'KA-HIST-' || g, 'Boat ' || g, 'KA-IV-2025', 'mechanised', 'C', 3, 120, 'kW', 20,
	    'passenger', j.id, md5('o' || g)::uuid
	   FROM generate_series(0, {O} - 1) g JOIN scale_j j ON j.n = g % {J}`,
	`INSERT INTO certificates (id, subject_type, vessel_id, kind, number, issued_on, expires_on, jurisdiction_id,
	    owner_id)
	   SELECT md5('c' || g)::uuid, 'vessel', md5('v' || g % {O})::uuid, (ARRAY['registration', 'survey',
	    'insurance'])[1 + g / {O}],
	          'C-' || g, {now}::date - 400, {now}::date - 35 + g % 400, j.id, md5('o' || g % {O})::uuid
	   FROM generate_series(0, {CE} - 1) g JOIN scale_j j ON j.n = g % {O} % {J}`,
	`CREATE TABLE scale_i AS SELECT g, md5('i' || g)::uuid AS id, md5('v' || g % {O})::uuid AS vessel,
	    md5('u' || j.n)::uuid AS inspector, j.id AS jur,
	          md5('o' || g % {O})::uuid AS owner, md5('p' || g % {O})::uuid AS party,
	    {now} - make_interval(days => 1 + g % 365) AS at
	   FROM generate_series(0, {I} - 1) g JOIN scale_j j ON j.n = g % {O} % {J}`,
	`INSERT INTO inspections (id, vessel_id, inspector_id, jurisdiction_id, owner_id, template_id, template_ids,
	    rule_set_id, kind, started_at, status, submitted_at, approved_at)
	   SELECT id, vessel, inspector, jur, owner, {tpl}, jsonb_build_array({tpl}::uuid), 'KA-IV-2025-draft.1',
	    'routine', at,
	          CASE WHEN g % 50 = 0 THEN 'submitted' ELSE 'approved' END, at,
	    CASE WHEN g % 50 = 0 THEN NULL ELSE at + interval '1 day' END
	   FROM scale_i`,
	`INSERT INTO inspection_answers (id, inspection_id, template_id, item_id, answer, stamp_version, stamp_time,
	    jurisdiction_id, owner_id, inspector_id)
	   SELECT md5('a' || (i.g * {K} + k))::uuid, i.id, {tpl}, 'item-' || k, 'no', 1, i.at, i.jur, i.owner, i.inspector
	   FROM scale_i i, generate_series(0, {K} - 1) k`,
	`INSERT INTO findings (id, inspection_id, vessel_id, code, source, action, due_kind, due_date, jurisdiction_id,
	    owner_id, inspector_id, rectified)
	   SELECT md5('f' || (i.g * {K} + k))::uuid, i.id, i.vessel, '11004', 'inspector', '17', 'days',
	    (i.at + interval '30 days')::date, i.jur, i.owner, i.inspector, (i.g * {K} + k) % 1000 <> 0
	   FROM scale_i i, generate_series(0, {K} - 1) k`,
	`INSERT INTO liable_parties (id, kind, ref, owner_id) SELECT md5('p' || g)::uuid, 'owner',
	    md5('o' || g)::uuid::text, md5('o' || g)::uuid FROM generate_series(0, {O} - 1) g`,
	`INSERT INTO offences (id, party_id, penalty_row, inspection_id, vessel_id, occurred_at, status, rule_set_id,
	    jurisdiction_id, owner_id, inspector_id)
	   SELECT md5('x' || (i.g * {K} + k))::uuid, i.party, 'KA-F01', i.id, i.vessel, i.at, 'charged',
	    'KA-IV-2025-draft.1', i.jur, i.owner, i.inspector
	   FROM scale_i i, generate_series(0, {K} - 1) k`,
	`INSERT INTO penalties (id, offence_id, party_id, inspection_id, penalty_row, level, unit_amount, amount,
	    rule_set_id, jurisdiction_id, owner_id, inspector_id, notice_issued_at)
	   SELECT md5('y' || (i.g * {K} + k))::uuid, md5('x' || (i.g * {K} + k))::uuid, i.party, i.id, 'KA-F01', 1,
	    5000, 5000, 'KA-IV-2025-draft.1', i.jur, i.owner, i.inspector, i.at
	   FROM scale_i i, generate_series(0, {K} - 1) k`,
	`INSERT INTO photos (id, inspection_id, sha256, size, content_type, state, uploaded_by, jurisdiction_id,
	    owner_id, inspector_id)
	   SELECT md5('ph' || g)::uuid, id, md5('ph' || g) || md5('hp' || g), 1000000, 'image/jpeg', 'verified',
	    inspector, jur, owner, inspector
	   FROM scale_i WHERE g < {P} * 2 AND g % 2 = 0`,
	`INSERT INTO notifications (id, channel, dedupe_key, recipient_type, recipient_id, owner_id, template, locale,
	    subject, body, state, created_at)
	   SELECT md5('n' || g)::uuid, 'in_app', 'hist-' || g, 'owner', md5('o' || g % {O})::uuid,
	    md5('o' || g % {O})::uuid, 'certificate_expiry', 'en',
	          'Certificate expiring', 'Renew it', 'delivered', {now} - make_interval(days => g % 365)
	   FROM generate_series(0, {N} - 1) g`,
	// A year of change log, positions from its identity in order.
	`INSERT INTO change_log (at, entity_type, entity_id, scope_key)
	   SELECT {now} - make_interval(secs => ({C} - g) * 31.5), 'inspection_answer', md5('a' || g % {IK})::uuid,
	    'j:' || j.id
	   FROM generate_series(0, {C} - 1) g JOIN scale_j j ON j.n = g % {J} ORDER BY g`,
	`RESET session_replication_role`,
	`DROP TABLE scale_j, scale_i`,
	`ANALYZE`,
}

// grownTables are the tables the history fills.
var grownTables = []string{"owners", "vessels", "certificates", "inspections", "inspection_answers", "findings",
	"liable_parties", "offences", "penalties", "photos", "notifications", "change_log"}

// dropSecondaryIndexes drops the grown tables' indexes that back no
// constraint, and returns the function that creates them again, each
// with the definition the migrations gave it. A million rows are written
// several times faster into a table without them, and an index built
// once from sorted rows is the same index the rows would have left; the
// plans the test checks run after the rebuild and ANALYZE.
func dropSecondaryIndexes(ctx context.Context, conn *pgxpool.Conn) (rebuild func() (int, error), err error) {
	rows, err := conn.Query(ctx, `SELECT i.indexrelid::regclass::text, pg_get_indexdef(i.indexrelid)
		FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
		WHERE c.relnamespace = 'public'::regnamespace AND c.relname = ANY($1)
		  AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`, grownTables)
	if err != nil {
		return nil, err
	}
	type index struct{ name, def string }
	idx, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (index, error) {
		var x index
		return x, r.Scan(&x.name, &x.def)
	})
	if err != nil {
		return nil, err
	}
	if len(idx) == 0 {
		return nil, errors.New("no secondary index on the grown tables: is the schema migrated?")
	}
	names := make([]string, len(idx))
	for i, x := range idx {
		names[i] = x.name
	}
	if _, err := conn.Exec(ctx, "DROP INDEX "+strings.Join(names, ", ")); err != nil {
		return nil, err
	}
	return func() (int, error) {
		if _, err := conn.Exec(ctx, `SET maintenance_work_mem = '256MB'`); err != nil {
			return 0, err
		}
		for _, x := range idx {
			if _, err := conn.Exec(ctx, x.def); err != nil {
				return 0, fmt.Errorf("%s: %w", x.def, err)
			}
		}
		return len(idx), nil
	}, nil
}
