package inspect_test

import (
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/testkit"
)

// lawWorld is one office of the Karnataka regime with an owner, a
// mechanised passenger vessel and an inspector, whose inspections are made
// by the commands a push applies (the penalty package's tests have a
// larger world of the same name, with offences and chains).
type lawWorld struct {
	t                             *testing.T
	db                            *storage.DB
	jur, owner, vessel, inspector uuid.UUID
	svc                           *inspect.Service
}

func newLawWorld(t *testing.T) *lawWorld {
	t.Helper()
	w := &lawWorld{t: t, db: testkit.NewDB(t), jur: uuid.New(), owner: uuid.New(), vessel: uuid.New(), inspector: uuid.New()}
	w.exec(`INSERT INTO jurisdictions (id, code, name, regime) VALUES (?, 'KARWAR', 'Karwar', 'KA-IV-2025')`, w.jur)
	w.exec(`INSERT INTO owners (id, kind, name, email, preferred_language, jurisdiction_id) VALUES (?, 'person', 'Lakshmi', 'lakshmi@test.tindal', 'en', ?)`, w.owner, w.jur)
	w.exec(`INSERT INTO vessels (id, registration_number, name, regime, kind, category, zone, engine_power, power_unit, passengers, use, jurisdiction_id, owner_id)
		VALUES (?, 'KA-KWR-M-0007', 'Sagar Rani', 'KA-IV-2025', 'mechanised', 'C', 3, 120, 'kW', 20, 'passenger', ?, ?)`, w.vessel, w.jur, w.owner)
	w.exec(`INSERT INTO users (id, email, name, role, password_hash) VALUES (?, 'insp@test.tindal', 'Inspector', 'inspector', 'x')`, w.inspector)
	w.svc = inspect.New(w.db, nil, func() time.Time { return time.Date(2027, 12, 1, 6, 0, 0, 0, time.UTC) })
	return w
}

func (w *lawWorld) exec(sql string, args ...any) {
	w.t.Helper()
	if err := w.db.Gorm.Exec(sql, args...).Error; err != nil {
		w.t.Fatalf("%s: %v", sql, err)
	}
}

func (w *lawWorld) count(sql string, args ...any) int64 {
	w.t.Helper()
	var n int64
	if err := w.db.Gorm.Raw("SELECT count(*) FROM "+sql, args...).Scan(&n).Error; err != nil {
		w.t.Fatal(err)
	}
	return n
}

// currentTemplate is the current version of key.
func currentTemplate(t *testing.T, key string) uuid.UUID {
	t.Helper()
	for _, tp := range checklist.Templates() {
		if tp.Key == key && !tp.Retired {
			return tp.ID
		}
	}
	t.Fatalf("no current version of %s", key)
	return uuid.Nil
}
