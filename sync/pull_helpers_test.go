package sync_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/api"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/sync"
	"github.com/tindal/tindal/testkit"
)

var testKey = []byte("test cursor key, 32 bytes or more, not a secret")

// item is a pull item as a client decodes it.
type item struct {
	Type     string          `json:"type"`
	ID       uuid.UUID       `json:"id"`
	Op       string          `json:"op"`
	Position int64           `json:"position"`
	Version  int64           `json:"version"`
	Data     json.RawMessage `json:"data"`
}

// page is a pull page as a client decodes it.
type page struct {
	Items    []item `json:"items"`
	Cursor   string `json:"cursor"`
	HasMore  bool   `json:"has_more"`
	Phase    string `json:"phase"`
	AckedSeq *int64 `json:"acked_seq"`
	Epoch    string `json:"epoch"`
}

// world is a registry with two jurisdictions, an owner, vessel and
// certificates in each, and a crew member on the Karwar vessel.
type world struct {
	t       *testing.T
	db      *storage.DB
	reg     *registry.Service
	admin   models.Scope
	ids     map[string]uuid.UUID
	engine  *sync.PullEngine
	version map[string]int64
}

func newWorld(t *testing.T) *world {
	t.Helper()
	db := testkit.NewDB(t)
	e, err := sync.NewPullEngine(db, testKey, sync.PullOptions{})
	if err != nil {
		t.Fatal(err)
	}
	w := &world{t: t, db: db, reg: registry.New(db, time.Now), admin: models.Scope{Access: models.AccessAll, UserID: uuid.New()},
		ids: map[string]uuid.UUID{}, engine: e, version: map[string]int64{}}
	for _, code := range []string{"KARWAR", "MANGALURU"} {
		w.jurisdiction(code)
	}
	crew, _, err := w.reg.CreateCrewMember(context.Background(), w.admin, models.CrewMember{IndivcNumber: "INDIVC-0001", Name: "Ramesh",
		JurisdictionID: w.ids["KARWAR"]})
	w.must(err)
	w.ids["crew"] = crew.ID
	vc, _, err := w.reg.AddVesselCrew(context.Background(), w.admin, models.VesselCrew{VesselID: w.ids["vessel-KARWAR"], CrewMemberID: crew.ID,
		Role: "master", SignedOn: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)})
	w.must(err)
	w.ids["placement"] = vc.ID
	cert, _, err := w.reg.CreateCertificate(context.Background(), w.admin, models.Certificate{CrewMemberID: &crew.ID, Kind: "competency",
		Number: "COC-1", IssuedOn: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)})
	w.must(err)
	w.ids["crew-cert"] = cert.ID
	return w
}

// jurisdiction creates a jurisdiction with an owner, a vessel and a
// survey certificate of the vessel.
func (w *world) jurisdiction(code string) {
	ctx := context.Background()
	j, _, err := w.reg.CreateJurisdiction(ctx, w.admin, models.Jurisdiction{Code: code, Name: code, Regime: "KA-IV-2025"})
	w.must(err)
	w.ids[code] = j.ID
	o, _, err := w.reg.CreateOwner(ctx, w.admin, models.Owner{Kind: "person", Name: "Owner of " + code, JurisdictionID: j.ID})
	w.must(err)
	w.ids["owner-"+code] = o.ID
	v, _, err := w.reg.CreateVessel(ctx, w.admin, models.Vessel{RegistrationNumber: "KA-" + code[:3] + "-0001", Name: "Boat of " + code,
		Kind: "non_mechanised", Use: "fishing", JurisdictionID: j.ID, OwnerID: o.ID})
	w.must(err)
	w.ids["vessel-"+code] = v.ID
	exp := time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)
	c, _, err := w.reg.CreateCertificate(ctx, w.admin, models.Certificate{VesselID: &v.ID, Kind: "survey", Number: "SV-" + code,
		IssuedOn: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC), ExpiresOn: &exp})
	w.must(err)
	w.ids["cert-"+code] = c.ID
}

func (w *world) must(err error) {
	w.t.Helper()
	if err != nil {
		w.t.Fatal(err)
	}
}

// staff is a viewer of the role assigned to the named jurisdictions, with
// the real authorization table.
func (w *world) staff(role models.Role, user uuid.UUID, codes ...string) sync.Viewer {
	v := sync.Viewer{UserID: user, DeviceID: uuid.New(), Role: role, Access: accessOf(role)}
	for _, c := range codes {
		v.Jurisdictions = append(v.Jurisdictions, w.ids[c])
	}
	return v
}

// assigned creates a staff user assigned, from ten days ago, to the named
// jurisdictions, as auth records it: a pull accepts a cursor naming a
// jurisdiction key only while the user holds, or once held, it.
func (w *world) assigned(role models.Role, codes ...string) uuid.UUID {
	w.t.Helper()
	user := uuid.New()
	ctx := context.Background()
	_, err := w.db.Pool.Exec(ctx, `INSERT INTO users (id, email, role, password_hash) VALUES ($1, $2, $3, 'x')`,
		user, user.String()+"@test.tindal", string(role))
	w.must(err)
	for _, c := range codes {
		_, err := w.db.Pool.Exec(ctx, `INSERT INTO user_jurisdictions (id, user_id, jurisdiction_id, starts_on)
			VALUES (gen_random_uuid(), $1, $2, current_date - 10)`, user, w.ids[c])
		w.must(err)
	}
	return user
}

// owner is a viewer for the owner of the named jurisdiction's vessel.
func (w *world) owner(code string) sync.Viewer {
	o := w.ids["owner-"+code]
	return sync.Viewer{UserID: uuid.New(), DeviceID: uuid.New(), Role: models.RoleOwner, OwnerID: &o, Access: accessOf(models.RoleOwner)}
}

func accessOf(role models.Role) func(string) models.Access {
	return func(op string) models.Access {
		a, _ := api.AccessFor(op, role)
		return a
	}
}

// pull fetches one page.
func (w *world) pull(v sync.Viewer, cursor string, limit int) page {
	w.t.Helper()
	got, err := w.engine.Pull(context.Background(), v, sync.PullRequest{Cursor: cursor, Limit: limit, Gzip: true})
	w.must(err)
	return decodePage(w.t, got)
}

// pullAll pulls until has_more is false and returns every item in order
// and the last cursor.
func (w *world) pullAll(v sync.Viewer, cursor string) ([]item, string) {
	w.t.Helper()
	var items []item
	for range 1000 {
		p := w.pull(v, cursor, 0)
		items = append(items, p.Items...)
		cursor = p.Cursor
		if !p.HasMore {
			return items, cursor
		}
	}
	w.t.Fatal("pull never ended")
	return nil, ""
}

func decodePage(t testing.TB, p *sync.PullPage) page {
	t.Helper()
	body := p.Body
	if p.Gzip {
		r, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		if body, err = io.ReadAll(r); err != nil {
			t.Fatal(err)
		}
	}
	var out page
	if err := json.Unmarshal(body, &out); err != nil {
		t.Fatalf("page is not JSON: %v\n%s", err, body)
	}
	return out
}

// ops indexes items by "type id" → the last op seen.
func ops(items []item) map[string]string {
	m := map[string]string{}
	for _, it := range items {
		m[it.Type+" "+it.ID.String()] = it.Op
	}
	return m
}

// op is the last operation on an entity in items, "" if none.
func (w *world) op(items []item, typ, name string) string {
	return ops(items)[typ+" "+w.ids[name].String()]
}
