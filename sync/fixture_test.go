package sync_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
	tsync "github.com/tindal/tindal/sync"
	"github.com/tindal/tindal/testkit"
)

// fixture is a fresh database with two Karnataka jurisdictions, an owner
// with two vessels in the first, and users and devices made on demand.
type fixture struct {
	t       testing.TB
	db      *storage.DB
	insp    *inspect.Service
	eng     *tsync.Engine
	jur     uuid.UUID
	jur2    uuid.UUID
	owner   uuid.UUID
	vessel  uuid.UUID
	vessel2 uuid.UUID
	users   map[string]uuid.UUID
	roles   map[string]models.Role
	devices map[string]uuid.UUID
	owners  map[string]string // device label → user label
	seq     map[string]int64
}

var form2 = checklist.TemplateID("ka-form2-annex", 1)

func newFixture(t testing.TB) *fixture {
	t.Helper()
	db := testkit.NewDB(t)
	insp := inspect.New(db, nil, nil)
	f := &fixture{t: t, db: db, insp: insp, eng: tsync.New(db, insp, nil, tsync.Options{}), users: map[string]uuid.UUID{},
		roles: map[string]models.Role{}, devices: map[string]uuid.UUID{}, owners: map[string]string{}, seq: map[string]int64{}}
	f.jur, f.jur2 = uuid.New(), uuid.New()
	f.owner, f.vessel, f.vessel2 = uuid.New(), uuid.New(), uuid.New()
	f.exec(`INSERT INTO jurisdictions (id, code, name, regime) VALUES (?, 'KARWAR', 'Karwar', 'KA-IV-2025'), (?, 'MANGALURU', 'Mangaluru', 'KA-IV-2025')`, f.jur, f.jur2)
	f.exec(`INSERT INTO owners (id, kind, name, jurisdiction_id) VALUES (?, 'person', 'Owner', ?)`, f.owner, f.jur)
	for i, v := range []uuid.UUID{f.vessel, f.vessel2} {
		f.exec(`INSERT INTO vessels (id, registration_number, name, regime, kind, category, zone, engine_power, power_unit, passengers, use, jurisdiction_id, owner_id)
			VALUES (?, ?, ?, 'KA-IV-2025', 'mechanised', 'C', 3, 120, 'kW', 20, 'passenger', ?, ?)`, v, fmt.Sprintf("KA-KAR-%04d", i+1), fmt.Sprintf("Boat %d", i+1), f.jur, f.owner)
	}
	return f
}

func (f *fixture) exec(sql string, args ...any) {
	f.t.Helper()
	if err := f.db.Gorm.Exec(sql, args...).Error; err != nil {
		f.t.Fatalf("%s: %v", sql, err)
	}
}

// user creates a user assigned to jurisdiction j from starts (inclusive).
func (f *fixture) user(label string, role models.Role, j uuid.UUID, starts time.Time) uuid.UUID {
	id := uuid.New()
	f.exec(`INSERT INTO users (id, email, name, role, password_hash) VALUES (?, ?, ?, ?, 'x')`, id, label+"@test.tindal", label, string(role))
	if j != uuid.Nil {
		f.exec(`INSERT INTO user_jurisdictions (id, user_id, jurisdiction_id, starts_on) VALUES (?, ?, ?, ?)`, uuid.New(), id, j, starts.Format(time.DateOnly))
	}
	f.users[label], f.roles[label] = id, role
	return id
}

// device registers a device of a user, registered a year ago.
func (f *fixture) device(label, user string) uuid.UUID {
	id := uuid.New()
	f.exec(`INSERT INTO devices (id, user_id, installation_id, registered_at) VALUES (?, ?, ?, now() - interval '365 days')`, id, f.users[user], label)
	f.devices[label], f.owners[label] = id, user
	return id
}

func (f *fixture) scope(dev string) models.Scope {
	u := f.owners[dev]
	return models.Scope{UserID: f.users[u], DeviceID: f.devices[dev], Role: f.roles[u], Access: models.AccessJurisdiction, Jurisdictions: []uuid.UUID{f.jur}}
}

// push sends mutations from a device and fails the test on an error.
func (f *fixture) push(dev string, ms ...tsync.Mutation) tsync.PushResponse {
	f.t.Helper()
	res, err := f.pushErr(dev, nil, ms...)
	if err != nil {
		f.t.Fatalf("push from %s: %v", dev, err)
	}
	return res
}

func (f *fixture) pushErr(dev string, deviceTime *time.Time, ms ...tsync.Mutation) (tsync.PushResponse, error) {
	return f.eng.Push(context.Background(), f.scope(dev), tsync.PushRequest{DeviceTime: deviceTime, AppVersion: "1.0.0", ProtocolVersion: 1, Mutations: ms})
}

// mut builds a mutation of a device with the next seq.
func (f *fixture) mut(dev, name string, base int64, at time.Time, args any) tsync.Mutation {
	f.seq[dev]++
	raw, _ := json.Marshal(args)
	ts := at.UTC().Format(time.RFC3339Nano)
	return tsync.Mutation{ID: uuid.Must(uuid.NewV7()), Seq: f.seq[dev], Name: name, Version: 1, Args: raw, BaseVersion: &base, CapturedAt: &ts}
}

func (f *fixture) start(dev string, id, vessel uuid.UUID, at time.Time) tsync.Mutation {
	return f.mut(dev, "inspection.start", 0, at, map[string]any{"id": id, "vessel_id": vessel, "template_id": form2, "kind": "routine"})
}

func (f *fixture) answer(dev string, insp uuid.UUID, item, ans string, base int64, at time.Time) tsync.Mutation {
	return f.mut(dev, "inspection.answer", base, at, map[string]any{"inspection_id": insp, "item_id": item, "answer": ans})
}

func (f *fixture) count(sql string, args ...any) int64 {
	f.t.Helper()
	var n int64
	if err := f.db.Gorm.Raw(sql, args...).Scan(&n).Error; err != nil {
		f.t.Fatal(err)
	}
	return n
}

func statuses(res tsync.PushResponse) []string {
	out := make([]string, len(res.Results))
	for i, r := range res.Results {
		out[i] = r.Status
		if r.Code != "" {
			out[i] += ":" + r.Code
		}
	}
	return out
}

func wantStatuses(t testing.TB, res tsync.PushResponse, want ...string) {
	t.Helper()
	got := statuses(res)
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("statuses = %v, want %v\n%+v", got, want, res.Results)
	}
}

func ago(d time.Duration) time.Time { return time.Now().Add(-d).UTC().Truncate(time.Millisecond) }
