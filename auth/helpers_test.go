package auth

import (
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/testkit"
)

const testPassword = "correct horse battery"

// testClock is a settable clock.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *testClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// fixture is a service over a fresh database with a fake clock.
type fixture struct {
	svc   *Service
	db    *storage.DB
	clock *testClock
	keys  *KeySet
	jur   uuid.UUID // a jurisdiction
}

// start is one minute into a 15-minute window, 10:01 in Asia/Kolkata.
var testStart = time.Date(2026, 6, 1, 4, 31, 0, 0, time.UTC)

func newFixture(t *testing.T) *fixture {
	t.Helper()
	return newFixtureOpts(t, Options{})
}

func newFixtureOpts(t *testing.T, opts Options) *fixture {
	t.Helper()
	db := testkit.NewDB(t)
	clock := &testClock{t: testStart}
	opts.Clock = clock.Now
	if opts.Hasher.Memory == 0 {
		opts.Hasher = cheapHasher()
	}
	keys := NewKeySet(newKey(t))
	f := &fixture{svc: NewService(db, keys, opts), db: db, clock: clock, keys: keys}
	f.jur = f.jurisdiction(t, "KARWAR")
	return f
}

func newKey(t *testing.T) ed25519.PrivateKey {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return priv
}

func (f *fixture) jurisdiction(t *testing.T, code string) uuid.UUID {
	t.Helper()
	j := models.Jurisdiction{ID: uuid.New(), Code: code, Name: code, Regime: "KA-IV-2025"}
	if err := f.db.Gorm.Create(&j).Error; err != nil {
		t.Fatalf("create jurisdiction: %v", err)
	}
	return j.ID
}

func (f *fixture) owner(t *testing.T) uuid.UUID {
	t.Helper()
	o := models.Owner{ID: uuid.New(), Kind: "person", Name: "Ravi", PreferredLanguage: "kn", JurisdictionID: f.jur}
	if err := f.db.Gorm.Create(&o).Error; err != nil {
		t.Fatalf("create owner: %v", err)
	}
	return o.ID
}

// inspector creates an inspector of the fixture's jurisdiction.
func (f *fixture) inspector(t *testing.T, email string) models.User {
	t.Helper()
	u, err := f.svc.CreateUser(t.Context(), storage.Actor{}, NewUser{
		Email: email, Name: "Inspector", Role: models.RoleInspector, Password: testPassword,
		Jurisdictions: []uuid.UUID{f.jur},
	})
	if err != nil {
		t.Fatalf("create user: %v", err)
	}
	return u
}

func (f *fixture) login(t *testing.T, email, installation string) Tokens {
	t.Helper()
	tok, err := f.svc.Login(t.Context(), LoginInput{Email: email, Password: testPassword,
		InstallationID: installation, DeviceName: "Pixel", AppVersion: "1.0.0", RemoteAddr: "10.0.0.1:5555"})
	if err != nil {
		t.Fatalf("login: %v", err)
	}
	return tok
}

// wantCode fails unless err is a *models.Error of kind and code, and
// returns a copy of it for the checks that look further (a value, not an
// error: the assertion is the check, so callers may ignore it).
func wantCode(t *testing.T, err error, kind models.Kind, code string) models.Error {
	t.Helper()
	var e *models.Error
	if !errors.As(err, &e) {
		t.Fatalf("got error %v, want %s/%s", err, kind, code)
	}
	if e.Kind != kind || e.Code != code {
		t.Fatalf("got %s/%s (%v), want %s/%s", e.Kind, e.Code, err, kind, code)
	}
	return *e
}

// cheapHasher is testkit.CheapHasher for this package's own tests (testkit
// imports auth, so they cannot use it): fast and weak.
func cheapHasher() Hasher {
	return Hasher{Memory: 64, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32}
}
