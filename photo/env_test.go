package photo_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/photo"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/storage/blob"
	"github.com/tindal/tindal/testkit"
)

// env is a fresh database with two jurisdictions and their people, an
// inspection at Karwar, and a photo service on one blob store.
type env struct {
	t     testing.TB
	db    *storage.DB
	store blob.Store
	svc   *photo.Service
	ids   map[string]uuid.UUID
}

// stores runs fn once against real MinIO and once against the local-disk
// store: the same suite for both (docs/PHOTOS.md).
func stores(t *testing.T, fn func(t *testing.T, e *env)) {
	for _, kind := range []string{"minio", "local"} {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			var s blob.Store
			if kind == "minio" {
				s = testkit.MinIO(t)
			} else {
				s = testkit.LocalBlobs(t)
			}
			fn(t, newEnv(t, s, photo.Options{}))
		})
	}
}

func newEnv(t testing.TB, s blob.Store, opts photo.Options) *env {
	e := &env{t: t, db: testkit.NewDB(t), store: s, ids: map[string]uuid.UUID{}}
	e.svc = photo.New(e.db, s, opts)
	e.seed()
	return e
}

func (e *env) exec(q string, args ...any) {
	e.t.Helper()
	if err := e.db.Gorm.Exec(q, args...).Error; err != nil {
		e.t.Fatalf("%s: %v", q, err)
	}
}

func (e *env) id(label string) uuid.UUID {
	if id, ok := e.ids[label]; ok {
		return id
	}
	id := uuid.New()
	e.ids[label] = id
	return id
}

// seed: KARWAR and MANGALURU with an owner and vessel each; inspectors
// "insp" and "insp2" of Karwar, "insp-m" of Mangaluru, an admin, owner
// users of each owner; a checklist template; inspection "i1" at Karwar
// (14.8019 N, 74.1240 E, 2026-01-15 05:00 UTC) by insp with findings f1, f2.
func (e *env) seed() {
	for _, j := range []string{"KARWAR", "MANGALURU"} {
		e.exec(`INSERT INTO jurisdictions (id, code, name, regime) VALUES (?, ?, ?, 'KA-IV-2025')`, e.id(j), j, j)
		e.exec(`INSERT INTO owners (id, kind, name, jurisdiction_id) VALUES (?, 'person', ?, ?)`, e.id("owner-"+j), "Owner "+j, e.id(j))
		e.exec(`INSERT INTO vessels (id, registration_number, name, regime, kind, use, jurisdiction_id, owner_id)
			VALUES (?, ?, ?, 'KA-IV-2025', 'mechanised', 'passenger', ?, ?)`, e.id("vessel-"+j), "KA-"+j[:3]+"-0001", "Boat "+j, e.id(j), e.id("owner-"+j))
		e.exec(`INSERT INTO users (id, email, name, role, password_hash, owner_id) VALUES (?, ?, 'o', 'owner', 'x', ?)`,
			e.id("owner-user-"+j), strings.ToLower("owner-"+j+"@t.tindal"), e.id("owner-"+j))
	}
	for label, j := range map[string]string{"insp": "KARWAR", "insp2": "KARWAR", "insp-m": "MANGALURU", "sup": "KARWAR"} {
		role := "inspector"
		if label == "sup" {
			role = "supervisor"
		}
		e.exec(`INSERT INTO users (id, email, name, role, password_hash) VALUES (?, ?, ?, ?, 'x')`, e.id(label), label+"@t.tindal", label, role)
		e.exec(`INSERT INTO user_jurisdictions (id, user_id, jurisdiction_id, starts_on) VALUES (?, ?, ?, '2020-01-01')`, uuid.New(), e.id(label), e.id(j))
	}
	e.exec(`INSERT INTO users (id, email, name, role, password_hash) VALUES (?, 'admin@t.tindal', 'admin', 'admin', 'x')`, e.id("admin"))
	e.exec(`INSERT INTO checklist_templates (id, key, template_version, regime, title, items) VALUES (?, 'basic', 1, 'KA-IV-2025', 'Basic', '[]')`, e.id("tpl"))
	e.inspection("i1", "insp", "KARWAR", 14.8019, 74.1240)
	e.finding("f1", "i1")
	e.finding("f2", "i1")
}

func (e *env) inspection(label, inspector, jur string, lat, lon float64) {
	e.inspectionAt(label, inspector, jur, lat, lon, "2026-01-15T05:00:00Z")
}

func (e *env) inspectionAt(label, inspector, jur string, lat, lon float64, at string) {
	e.exec(`INSERT INTO inspections (id, vessel_id, inspector_id, jurisdiction_id, owner_id, template_id, rule_set_id, kind, started_at, lat, lon)
		VALUES (?, ?, ?, ?, ?, ?, 'KA-IV-2025', 'routine', ?, ?, ?)`,
		e.id(label), e.id("vessel-"+jur), e.id(inspector), e.id(jur), e.id("owner-"+jur), e.id("tpl"), at, lat, lon)
}

func (e *env) finding(label, insp string) {
	e.exec(`INSERT INTO findings (id, inspection_id, code, source, jurisdiction_id, owner_id, inspector_id)
		SELECT ?, id, '01001', 'inspector', jurisdiction_id, owner_id, inspector_id FROM inspections WHERE id = ?`, e.id(label), e.id(insp))
}

// attach does what an applied photo.attach does: a photo row.
func (e *env) attach(label, insp, finding string, data []byte, ct string) uuid.UUID {
	var fid *uuid.UUID
	if finding != "" {
		f := e.id(finding)
		fid = &f
	}
	e.exec(`INSERT INTO photos (id, inspection_id, finding_id, sha256, size, content_type, uploaded_by, jurisdiction_id, owner_id, inspector_id)
		SELECT ?, id, ?, ?, ?, ?, inspector_id, jurisdiction_id, owner_id, inspector_id FROM inspections WHERE id = ?`,
		e.id(label), fid, sum(data), len(data), ct, e.id(insp))
	return e.id(label)
}

// scope is what the API would pass for the labelled user.
func (e *env) scope(label string) models.Scope {
	sc := models.Scope{UserID: e.id(label), RequestID: "test"}
	switch label {
	case "admin":
		sc.Role, sc.Access = models.RoleAdmin, models.AccessAll
	case "insp", "insp2", "sup":
		sc.Role, sc.Access, sc.Jurisdictions = models.RoleInspector, models.AccessJurisdiction, []uuid.UUID{e.id("KARWAR")}
	case "insp-m":
		sc.Role, sc.Access, sc.Jurisdictions = models.RoleInspector, models.AccessJurisdiction, []uuid.UUID{e.id("MANGALURU")}
	default: // owner-user-KARWAR, owner-user-MANGALURU
		o := e.id("owner-" + label[len("owner-user-"):])
		sc.Role, sc.Access, sc.OwnerID = models.RoleOwner, models.AccessOwn, &o
	}
	return sc
}

func (e *env) plan(user string, id uuid.UUID, data []byte, ct string) photo.Plan {
	e.t.Helper()
	p, err := e.svc.Plan(ctx(e.t), e.scope(user), photo.PlanRequest{PhotoID: id, SHA256: sum(data), Size: int64(len(data)), ContentType: ct})
	if err != nil {
		e.t.Fatalf("plan: %v", err)
	}
	return p
}

func (e *env) complete(user string, id uuid.UUID) (photo.Result, error) {
	return e.svc.Complete(ctx(e.t), e.scope(user), id)
}

func (e *env) state(id uuid.UUID) string {
	var s string
	e.must(e.db.Gorm.Raw(`SELECT state FROM photos WHERE id = ?`, id).Scan(&s).Error)
	return s
}

func (e *env) must(err error) {
	e.t.Helper()
	if err != nil {
		e.t.Fatal(err)
	}
}

func (e *env) count(q string, args ...any) int {
	var n int
	e.must(e.db.Gorm.Raw(q, args...).Scan(&n).Error)
	return n
}

// objectKey is where the blob of sha is stored (its row's object_key).
func (e *env) objectKey(sha string) string {
	var k string
	e.must(e.db.Gorm.Raw(`SELECT COALESCE(object_key, '') FROM blobs WHERE sha256 = ?`, sha).Scan(&k).Error)
	return k
}

// readBack returns the bytes stored as the blob of data.
func (e *env) readBack(data []byte) []byte {
	rc, err := e.store.Get(ctx(e.t), e.objectKey(sum(data)))
	e.must(err)
	defer rc.Close()
	b, err := io.ReadAll(rc)
	e.must(err)
	return b
}

func (e *env) exists(key string) bool {
	ok, err := e.store.Exists(ctx(e.t), key)
	e.must(err)
	return ok
}

func ctx(t testing.TB) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	return c
}

func sum(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// send makes a presigned request with a plain net/http client, as a
// phone would: the method, URL and signed headers given, and the body.
func send(t testing.TB, method, url string, headers map[string][]string, body []byte) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range headers {
		req.Header[k] = v
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// bigJPEG is a real JPEG padded after its end marker to n bytes (decoders
// stop at the end marker), random so that every call is new content.
func bigJPEG(t testing.TB, n int) []byte {
	b := append([]byte{}, readFixture(t, "no_exif.jpg")...)
	pad := make([]byte, n-len(b))
	_, _ = rand.Read(pad)
	return append(b, pad...)
}

// codeOf is the machine code of a domain error, or "".
func codeOf(err error) string {
	var me *models.Error
	if errors.As(err, &me) {
		return me.Code
	}
	return ""
}

type txT = storage.Tx

func storageActor() storage.Actor { return storage.Actor{} }

func itoa(n int) string { return strconv.Itoa(n) }
