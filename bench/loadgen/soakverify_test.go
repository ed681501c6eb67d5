package main

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/auth/authtest"
	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/demo"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/testkit"
)

// soakFixture is a seeded database with three days written by the raw
// writer (the rows the push writes: domain rows and the exactly-once
// records) on a device of the Karwar inspector, every photo verified with
// its thumbnails made, and the ledger a soak would have kept of them.
type soakFixture struct {
	db     *storage.DB
	days   []dayRecord
	device string
}

func newSoakFixture(t *testing.T) soakFixture {
	t.Helper()
	ctx := context.Background()
	db := testkit.NewDB(t)
	_, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	users := auth.NewService(db, auth.NewKeySet(key), auth.Options{Hasher: authtest.CheapHasher()})
	if _, err := demo.Seed(ctx, db, users, "soak-test-password", time.Now(), io.Discard); err != nil {
		t.Fatal(err)
	}
	f := soakFixture{db: db, device: uuid.NewString()}
	tpl, err := formTemplate()
	if err != nil {
		t.Fatal(err)
	}
	if err := db.InTx(ctx, storage.Actor{}, func(tx *storage.Tx) error {
		_, err := checklist.Insert(ctx, tx, tpl)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	e := &rawEnv{tpl: tpl, ruleSet: "KA-IV-2025-draft.1", devices: []string{f.device}, seqs: []int64{0}}
	var seen string
	err = db.Pool.QueryRow(ctx, `SELECT u.id::text, v.id::text FROM users u, vessels v WHERE u.email = $1
		AND v.regime = 'KA-IV-2025' AND v.kind = 'mechanised' ORDER BY v.id LIMIT 1`, "inspector.karwar@demo.tindal").
		Scan(&e.inspector, &seen)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Pool.Exec(ctx, "INSERT INTO devices (id, user_id, installation_id) VALUES ($1, $2, 'soak-test')",
		f.device, e.inspector); err != nil {
		t.Fatal(err)
	}
	vessels, err := ownFleet(ctx, db.Pool, 2, seen)
	if err != nil {
		t.Fatal(err)
	}
	e.vessels = vesselRefs(t, db, vessels)
	for i := range 3 { // two days on the first boat, one on the second
		r := e.newRawDay(0, i, e.seqs[0])
		e.seqs[0] += int64(len(r.mutations))
		b := &pgx.Batch{}
		r.queueDomain(b)
		r.queueBookkeeping(b, rowShape{})
		if err := pgx.BeginFunc(ctx, db.Pool, func(tx pgx.Tx) error { return tx.SendBatch(ctx, b).Close() }); err != nil {
			t.Fatal(err)
		}
		f.days = append(f.days, record(r.day))
	}
	f.exec(t, "UPDATE photos SET state = 'verified', thumb_state = 'done' WHERE inspection_id IN ($1, $2, $3)",
		f.days[0].inspection, f.days[1].inspection, f.days[2].inspection)
	return f
}

func vesselRefs(t *testing.T, db *storage.DB, ids []string) []vesselRef {
	t.Helper()
	var out []vesselRef
	for _, id := range ids {
		v := vesselRef{id: id}
		err := db.Pool.QueryRow(context.Background(), "SELECT owner_id::text, jurisdiction_id::text FROM vessels "+
			"WHERE id = $1", id).Scan(&v.owner, &v.jur)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	return out
}

func (f soakFixture) exec(t *testing.T, sql string, args ...any) {
	t.Helper()
	if _, err := f.db.Pool.Exec(context.Background(), sql, args...); err != nil {
		t.Fatal(err)
	}
}

func (f soakFixture) verify(days []dayRecord) verification {
	return verifyDays(context.Background(), f.db.Pool, days, []string{f.device}, 0)
}

func TestSoakVerifierPassesWhatWasAppliedOnce(t *testing.T) {
	f := newSoakFixture(t)
	v := f.verify(f.days)
	if len(v.problems) != 0 {
		t.Fatalf("problems on a database holding exactly the days: %q", v.problems)
	}
	if v.sent != 168 || v.applied != 168 || v.inspections != 3 || v.photos != 18 || v.verified != 18 ||
		v.thumbs != 18 || v.duplicates != 0 {
		t.Errorf("counts: %+v", v)
	}
}

func TestSoakVerifierListsLostDuplicatedAndUnverified(t *testing.T) {
	f := newSoakFixture(t)
	d := f.days[0]
	lost, skipped, thumbless := d.mutations[7], d.photos[0].id, d.photos[1].id
	f.exec(t, "DELETE FROM applied_mutations WHERE id = $1", lost)
	f.exec(t, "UPDATE photos SET state = 'pending_upload', thumb_state = 'none' WHERE id = $1", skipped)
	f.exec(t, "UPDATE photos SET thumb_state = 'failed' WHERE id = $1", thumbless)
	f.exec(t, "UPDATE findings SET id = $2 WHERE id = $1", d.findings[2], uuid.New())
	f.exec(t, `INSERT INTO findings (id, inspection_id, code, source, sources, note, stamps, jurisdiction_id, owner_id,
		inspector_id) SELECT $2, inspection_id, code, source, sources, note, stamps, jurisdiction_id, owner_id,
		inspector_id FROM findings WHERE id = $1`, d.findings[3], uuid.New())
	// The ledger forgets the third day (the first boat's second): its
	// inspection and its records are now beyond what the phones sent.
	v := f.verify(f.days[:2])
	report := strings.Join(v.problems, "\n")
	for _, want := range []string{
		"mutation " + lost.String() + ": sent, never recorded (lost)",
		"photo " + skipped.String() + ": pending_upload, not verified",
		"photo " + thumbless.String() + ": verified, thumbnails failed",
		"finding " + d.findings[2].String() + " of inspection " + d.inspection.String() + ": pushed, not in the database",
		"recorded 2 times",
		"56 mutations recorded for the phones' devices that they never sent",
		"vessel " + f.days[0].vessel + ": 2 inspections, 1 days pushed",
	} {
		if !strings.Contains(report, want) {
			t.Errorf("no problem says %q; problems:\n%s", want, report)
		}
	}
	if v.applied != 111 || v.verified != 11 || v.thumbs != 10 || v.duplicates != 1+56+1 {
		t.Errorf("counts: %+v", v)
	}
}
