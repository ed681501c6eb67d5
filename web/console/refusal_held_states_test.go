package console_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/models"
	tsync "github.com/tindal/tindal/sync"
	"github.com/tindal/tindal/web"
	"github.com/tindal/tindal/web/webtest"
)

// heldPhones are phones pushing Karwar work through the sync engine, each
// with its own numbering, as the app numbers a device's mutations.
type heldPhones struct {
	t    *testing.T
	s    *webtest.Server
	eng  *tsync.Engine
	jur  uuid.UUID
	seqs map[uuid.UUID]int64
}

func newHeldPhones(t *testing.T, s *webtest.Server) *heldPhones {
	return &heldPhones{t: t, s: s, eng: tsync.New(s.DB, s.Inspect, time.Now, tsync.Options{}),
		jur:  scalar[uuid.UUID](t, s, `SELECT id FROM jurisdictions WHERE code = 'KARWAR'`),
		seqs: map[uuid.UUID]int64{}}
}

// person adds a Karwar inspector, assigned from the given day on.
func (p *heldPhones) person(email string, from time.Time) models.Scope {
	p.t.Helper()
	id := uuid.New()
	sqlExec(p.t, p.s, `INSERT INTO users (id, email, name, role, password_hash) VALUES (?, ?, ?, 'inspector', 'x')`,
		id, email, email)
	sqlExec(p.t, p.s, `INSERT INTO user_jurisdictions (id, user_id, jurisdiction_id, starts_on) VALUES (?, ?, ?, ?)`,
		uuid.New(), id, p.jur, from.Format(time.DateOnly))
	return models.Scope{UserID: id, Role: models.RoleInspector, Access: models.AccessJurisdiction,
		Jurisdictions: []uuid.UUID{p.jur}, RequestID: "console-test"}
}

// phone registers a phone of the person, named as its owner named it.
func (p *heldPhones) phone(who models.Scope, name string) models.Scope {
	p.t.Helper()
	who.DeviceID = uuid.New()
	sqlExec(p.t, p.s, `INSERT INTO devices (id, user_id, installation_id, name, registered_at)
		VALUES (?, ?, ?, ?, now() - interval '30 days')`, who.DeviceID, who.UserID, name, name)
	return who
}

// push sends one mutation from the phone, captured at, and answers its
// result "status:code".
func (p *heldPhones) push(phone models.Scope, at time.Time, name string, args map[string]any) (uuid.UUID, string) {
	p.t.Helper()
	p.seqs[phone.DeviceID]++
	raw, _ := json.Marshal(args) //nolint:errcheck // plain values
	captured, base := at.UTC().Format(time.RFC3339Nano), int64(1)
	m := tsync.Mutation{ID: uuid.Must(uuid.NewV7()), Seq: p.seqs[phone.DeviceID], Name: name, Version: 1, Args: raw,
		BaseVersion: &base, CapturedAt: &captured}
	res, err := p.eng.Push(context.Background(), phone, tsync.PushRequest{AppVersion: "console-test", ProtocolVersion: 1,
		Mutations: []tsync.Mutation{m}})
	if err != nil || len(res.Results) != 1 {
		p.t.Fatalf("push %s: %+v %v", name, res, err)
	}
	r := res.Results[0]
	return m.ID, r.Status + ":" + r.Code
}

func (p *heldPhones) answer(phone models.Scope, insp uuid.UUID, item string, at time.Time) (uuid.UUID, string) {
	return p.push(phone, at, "inspection.answer", map[string]any{"inspection_id": insp, "item_id": item, "answer": "no"})
}

func (p *heldPhones) start(phone models.Scope, insp uuid.UUID, at time.Time) {
	p.t.Helper()
	vessel := scalar[uuid.UUID](p.t, p.s, `SELECT id FROM vessels WHERE registration_number = ?`, regLifebuoy)
	if _, got := p.push(phone, at, "inspection.start", map[string]any{"id": insp, "vessel_id": vessel,
		"template_id": checklist.TemplateID("ka-form2-annex", 2), "kind": "spot"}); got != "applied:" {
		p.t.Fatalf("start %s: %s", insp, got)
	}
}

func sqlExec(t *testing.T, s *webtest.Server, q string, args ...any) {
	t.Helper()
	if err := s.DB.Gorm.Exec(q, args...).Error; err != nil {
		t.Fatal(err)
	}
}

// holdLock holds a PostgreSQL advisory lock on a connection of its own
// until the returned release: lock is the statement taking it.
func holdLock(t *testing.T, s *webtest.Server, lock, unlock string, args ...any) (release func()) {
	t.Helper()
	ctx := context.Background()
	c, err := s.DB.Pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	conn := c.Hijack()
	if _, err := conn.Exec(ctx, lock, args...); err != nil {
		t.Fatal(err)
	}
	done := false
	release = func() {
		if !done {
			done = true
			_, _ = conn.Exec(ctx, unlock, args...) //nolint:errcheck // the connection closes next
			_ = conn.Close(ctx)                    //nolint:errcheck // test cleanup
		}
	}
	t.Cleanup(release)
	return release
}

// TestHeldWorkRefusalsInEveryStateNameTheWork: the four states of held
// (deferred) work a supervisor's decision in the console is refused for,
// each reached through the sync engine: work the drain moved to the
// quarantine because its author was not assigned on the capture day
// (quarantined), work waiting behind its phone's earlier work held there
// (waiting), work of a phone that is sending right now (sending: the
// phone's push lock held, as a push holds it), and work the drain could
// not apply in time because another writer held the change log for longer
// than a push waits (not applied). Pressed in Kannada and Hindi, each
// refusal names what was done, the phone, its user and the capture time,
// in the page's language, and nothing is written.
func TestHeldWorkRefusalsInEveryStateNameTheWork(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	p := newHeldPhones(t, s)
	now := time.Now()
	karwar := p.person("ravi.inspector@test.tindal", now.AddDate(0, 0, -30))
	tablet := p.phone(karwar, "Ravi's tablet")
	late := p.person("late.inspector@test.tindal", now.AddDate(0, 0, 2)) // assigned from the day after tomorrow
	work := map[string]string{"kn": "ಪರಿಶೀಲನಾ ಪಟ್ಟಿಯ ಅಂಶಕ್ಕೆ ಉತ್ತರಿಸಲಾಗಿದೆ", "hi": "जाँच सूची के बिंदु का उत्तर दिया गया"}

	// Quarantined: an answer deferred until its inspection arrived, moved
	// to the quarantine by the drain that ran when it did.
	qPhone := p.phone(late, "Latha's phone")
	x := uuid.Must(uuid.NewV7())
	quarantined, got := p.answer(qPhone, x, "nav.lights", now.Add(-50*time.Minute))
	if got != "deferred:aggregate_unknown" {
		t.Fatalf("the answer before its inspection: %s", got)
	}
	p.start(tablet, x, now.Add(-55*time.Minute))
	if err := p.eng.DrainAggregate(context.Background(), x); err != nil {
		t.Fatal(err)
	}
	if n := scalar[int64](t, s, `SELECT count(*) FROM quarantine WHERE mutation_id = ? AND state = 'pending'`, quarantined); n != 1 {
		t.Fatalf("the drain did not hold the unassigned author's answer in quarantine")
	}

	// Waiting: the later answer of a phone whose earlier answer on the
	// same inspection is held in quarantine.
	wPhone := p.phone(late, "Latha's second phone")
	y := uuid.Must(uuid.NewV7())
	p.start(tablet, y, now.Add(-45*time.Minute))
	if _, got := p.answer(wPhone, y, "nav.lights", now.Add(-40*time.Minute)); got != "deferred:quarantined" {
		t.Fatalf("the unassigned author's first answer: %s", got)
	}
	waiting, got := p.answer(wPhone, y, "fire.extinguishers", now.Add(-39*time.Minute))
	if got != "deferred:waiting_for_earlier" {
		t.Fatalf("the answer behind it: %s", got)
	}

	// Sending and not applied: answers ready to apply (their inspections
	// arrived from another phone after them).
	ready := func(phoneName string, minutes int) (models.Scope, uuid.UUID) {
		ph := p.phone(karwar, phoneName)
		insp := uuid.Must(uuid.NewV7())
		id, got := p.answer(ph, insp, "nav.lights", now.Add(-time.Duration(minutes)*time.Minute))
		if got != "deferred:aggregate_unknown" {
			t.Fatalf("the answer before its inspection: %s", got)
		}
		p.start(tablet, insp, now.Add(-time.Duration(minutes+1)*time.Minute))
		return ph, id
	}
	sPhone, sending := ready("Ravi's phone", 30)
	_, notApplied := ready("Ravi's old phone", 20)

	sup := newClient(t, s)
	sup.signIn("supervisor.karwar@demo.tindal")
	written := func() string {
		return scalar[string](t, s, `SELECT concat_ws('|',
			(SELECT string_agg(mutation_id::text || seq::text, ',' ORDER BY mutation_id) FROM mutation_backlog),
			(SELECT count(*)::text FROM applied_mutations),
			(SELECT string_agg(mutation_id::text || state || version::text, ',' ORDER BY id) FROM quarantine),
			(SELECT count(*)::text FROM inspection_answers))`)
	}
	namesOf := func(id uuid.UUID, table string) []string {
		return []string{
			scalar[string](t, s, `SELECT d.name FROM `+table+` b JOIN devices d ON d.id = b.device_id WHERE b.mutation_id = ?`, id),
			scalar[string](t, s, `SELECT u.email FROM `+table+` b JOIN users u ON u.id = b.user_id WHERE b.mutation_id = ?`, id),
			web.DateTime(scalar[time.Time](t, s, `SELECT captured_at FROM `+table+` b WHERE b.mutation_id = ?`, id)),
		}
	}
	for _, tc := range []struct {
		name  string
		id    uuid.UUID
		table string // where the work is held when the decision is pressed
		hold  func() (release func())
		words map[string]string
	}{
		{"work held in quarantine", quarantined, "quarantine", nil,
			map[string]string{"kn": "ಪ್ರತ್ಯೇಕಿಸಲಾಗಿದೆ", "hi": "अलग रखा गया है"}},
		{"work waiting behind earlier work held in quarantine", waiting, "mutation_backlog", nil,
			map[string]string{"kn": "ಮೊದಲು ಅದನ್ನು ನಿರ್ಧರಿಸಿ", "hi": "पहले उस पर निर्णय लें"}},
		{"work of a phone sending right now", sending, "mutation_backlog", func() func() {
			return holdLock(t, s, "SELECT pg_advisory_lock($1, hashtext($2))", "SELECT pg_advisory_unlock($1, hashtext($2))",
				tsync.PushLockNamespace, sPhone.DeviceID.String())
		}, map[string]string{"kn": "ಕಳುಹಿಸುತ್ತಿದೆ", "hi": "अभी अपना काम भेज रहा है"}},
		{"work the drain could not apply in time", notApplied, "mutation_backlog", func() func() {
			return holdLock(t, s, "SELECT pg_advisory_lock(1, 0)", "SELECT pg_advisory_unlock(1, 0)")
		}, map[string]string{"kn": "ಈಗ ಅನ್ವಯಿಸಲಾಗಲಿಲ್ಲ", "hi": "अभी लागू नहीं हो सका"}},
	} {
		names := namesOf(tc.id, tc.table)
		for _, lang := range []string{"kn", "hi"} {
			setLanguage(t, sup, lang)
			before := written()
			release := func() {}
			if tc.hold != nil {
				release = tc.hold()
			}
			res, page := sup.do("POST", "/console/sync/backlog/"+tc.id.String()+"/decide", withCSRF(sup, "",
				url.Values{"decision": {"apply"}, "reason": {"the inspector says the answer is right"}}), nil)
			release()
			m := problemBlock.FindStringSubmatch(page)
			if res.StatusCode != http.StatusConflict || m == nil {
				t.Errorf("%s in %s: %d, want 409 with the problem shown\n%.600s", tc.name, lang, res.StatusCode,
					problemBlock.FindString(page))
				continue
			}
			checkRefusal(t, tc.name, lang, htmlUnescape(m[1]), tc.words[lang], append([]string{work[lang]}, names...), names)
			if after := written(); after != before {
				t.Errorf("%s in %s: the refused decision wrote: %s, was %s", tc.name, lang, after, before)
			}
		}
	}
}
