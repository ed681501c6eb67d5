package webtest

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	stdsync "sync"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/tindal/tindal/api"
	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/auth/authtest"
	"github.com/tindal/tindal/demo"
	"github.com/tindal/tindal/document"
	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/jobs"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/photo"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/services"
	"github.com/tindal/tindal/services/servicestest"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/storage/blob"
	tsync "github.com/tindal/tindal/sync"
	"github.com/tindal/tindal/testkit"
	"github.com/tindal/tindal/web"
	"github.com/tindal/tindal/web/pages"
)

// DemoPassword is the password of every demo account the server seeds.
const DemoPassword = "demo-password-for-tests"

// Server is Tindal serving the API and every page over the demo data (the
// register, accounts and submitted inspections of `make run`), on a
// loopback port, as cmd/tindal wires it.
type Server struct {
	URL  string
	DB   *storage.DB
	Auth *auth.Service
	// Services the pages act through, for tests that set up or check state.
	Inspect  *inspect.Service
	Registry *registry.Service
	Photos   *photo.Service
	// Routes are every route the server answers (the API's and the pages'),
	// for tests that walk them.
	Routes []fiber.Route
	// Key signs the access tokens; a server restarted on a restored
	// database keeps it (Options.Restart).
	Key ed25519.PrivateKey
}

// Options tune NewServer.
type Options struct {
	// Web adjusts the web layer's settings (timeouts, the clock).
	Web func(*web.Deps)
	// Auth adjusts the sign-in service's settings (its clock, the tokens'
	// lifetimes).
	Auth func(*auth.Options)
	// History seeds the demo's year too (demo.WithHistory), as `make run`
	// does: a year of two offices' work behind the charts, the plan and
	// the owners' pages.
	History bool
	// Restart serves DB as a server restarted on it (a restored backup):
	// Restart's signing key, no seeding, the epoch's numbers advanced as
	// `tindal serve` does before it serves.
	Restart *Server
	DB      *storage.DB
}

// merged is the options in one: the last Restart (with its DB), History
// when any asks for it, and every Web and Auth adjustment in order.
func merged(opts []Options) Options {
	var m Options
	var webs []func(*web.Deps)
	var auths []func(*auth.Options)
	for _, o := range opts {
		if o.Restart != nil {
			m.Restart, m.DB = o.Restart, o.DB
		}
		m.History = m.History || o.History
		if o.Web != nil {
			webs = append(webs, o.Web)
		}
		if o.Auth != nil {
			auths = append(auths, o.Auth)
		}
	}
	if len(webs) > 0 {
		m.Web = func(d *web.Deps) {
			for _, f := range webs {
				f(d)
			}
		}
	}
	if len(auths) > 0 {
		m.Auth = func(a *auth.Options) {
			for _, f := range auths {
				f(a)
			}
		}
	}
	return m
}

// NewServer starts a server on a database of the test's own with the demo
// data, stopped when the test ends.
func NewServer(t testing.TB, opts ...Options) *Server {
	t.Helper()
	ctx := context.Background()
	o := merged(opts)
	restart, restored := o.Restart, o.DB
	_, priv, _ := ed25519.GenerateKey(rand.Reader) //nolint:errcheck // crypto/rand never fails
	db := restored
	if restart != nil {
		priv = restart.Key
		if _, err := tsync.AdvanceEpoch(ctx, db); err != nil {
			t.Fatal(err)
		}
	}
	// A server of the demo's register alone starts from a copy of it seeded
	// once per test binary; one with the year seeds its own.
	fromSeed := restart == nil && !o.History
	blobsFrom := ""
	switch {
	case fromSeed:
		var tpl string
		tpl, blobsFrom = seededDemo(t)
		db = testkit.NewDBFrom(t, tpl)
	case restart == nil:
		db = testkit.NewDB(t)
	}
	authOpts := auth.Options{Hasher: authtest.CheapHasher()}
	if o.Auth != nil {
		o.Auth(&authOpts)
	}
	authSvc := auth.NewService(db, auth.NewKeySet(priv), authOpts)
	now := time.Now
	local := testkit.LocalBlobsFrom(t, blobsFrom)
	photos := photo.New(db, local, photo.Options{})
	if restart == nil && !fromSeed {
		if _, err := demo.Seed(ctx, db, authSvc, DemoPassword, now(), io.Discard,
			demo.WithPhotos(photos), demo.WithHistory()); err != nil {
			t.Fatalf("seed the demo data: %v", err)
		}
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	insp := inspect.New(db, nil, now)
	reg := registry.New(db, now)
	push := tsync.New(db, insp, now, tsync.Options{})
	pull, err := tsync.NewPullEngine(db, []byte("webtest-cursor-key-of-at-least-32-bytes!"), tsync.PullOptions{})
	if err != nil {
		t.Fatal(err)
	}
	jobSvc := jobs.New(jobs.Deps{DB: db})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + ln.Addr().String()
	wd := web.Deps{Logger: log, DB: db, Auth: authSvc, Clock: now, PublicBaseURL: base}
	if o.Web != nil {
		o.Web(&wd)
	}
	ob := notify.Outbox{Email: true, SMS: true, Link: base + "/my"}
	set := servicestest.Complete(services.Set{Registry: reg, Inspect: insp, Photos: photos, Jobs: jobSvc, Push: push,
		Pull: pull, Feed: &notify.Feed{DB: db}, Calendars: &notify.Calendars{DB: db}}, db)
	site, err := pages.New(pages.Deps{Set: set, Web: wd, Outbox: ob, Printer: printer()})
	if err != nil {
		t.Fatal(err)
	}
	app, err := api.NewServer(api.Deps{Set: set, Logger: log, DB: db, Auth: authSvc, Metrics: prometheus.NewRegistry(),
		PublicBaseURL: base, LocalBlobs: local, Pages: site, Outbox: ob, Printer: printer()})
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = app.Listener(ln) }() //nolint:errcheck // ends at shutdown
	t.Cleanup(func() {
		_ = app.ShutdownWithTimeout(5 * time.Second) //nolint:errcheck // test cleanup
		site.Close()
	})
	return &Server{
		URL: base, DB: db, Auth: authSvc, Inspect: insp, Registry: reg, Photos: photos,
		Routes: app.GetRoutes(true), Key: priv,
	}
}

// seeded is the demo's register (without the year) written once per test
// binary: a template database and a folder of the photos' bytes, which
// each server copies. Seeding took about 2 s a server under the race
// detector, and the browser packages start sixty.
var seeded struct {
	once       stdsync.Once
	tpl, blobs string
}

// seededDemo seeds the demo's register on the binary's first call and
// returns the template and the folder of bytes to copy.
func seededDemo(t testing.TB) (tpl, blobs string) {
	t.Helper()
	seeded.once.Do(func() {
		dir, err := os.MkdirTemp("", "tindal-demo-blobs-")
		if err != nil {
			t.Fatal(err)
		}
		key := make([]byte, 32)
		_, _ = rand.Read(key) //nolint:errcheck // crypto/rand never fails
		// No server answers this store's signed URLs: the seed writes the
		// bytes itself, and each server's copy has its own.
		local, err := blob.NewLocal(blob.Config{Dir: dir, SigningKey: key, PublicBaseURL: "http://127.0.0.1:9/v1/blobs"})
		if err == nil {
			err = local.EnsureBucket(context.Background())
		}
		if err != nil {
			t.Fatalf("the seed's blob store: %v", err)
		}
		_, priv, _ := ed25519.GenerateKey(rand.Reader) //nolint:errcheck // crypto/rand never fails
		seeded.tpl = testkit.NewSeededTemplate(t, func(db *storage.DB) error {
			authSvc := auth.NewService(db, auth.NewKeySet(priv), auth.Options{Hasher: authtest.CheapHasher()})
			_, err := demo.Seed(context.Background(), db, authSvc, DemoPassword, time.Now(), io.Discard,
				demo.WithPhotos(photo.New(db, local, photo.Options{})))
			return err
		})
		seeded.blobs = dir
	})
	if seeded.tpl == "" {
		t.Fatal("the demo's data could not be seeded: see the first test that tried")
	}
	return seeded.tpl, seeded.blobs
}

// dropSeeded removes what seededDemo made, when the binary's tests end.
func dropSeeded() {
	if seeded.tpl != "" {
		if err := testkit.DropTemplate(seeded.tpl); err != nil {
			fmt.Fprintf(os.Stderr, "webtest: drop the seeded template %s: %v\n", seeded.tpl, err)
		}
	}
	if seeded.blobs != "" {
		_ = os.RemoveAll(seeded.blobs) //nolint:errcheck // a temporary folder
	}
}

// printer prints the API's PDFs (orders, notices) for every server of the
// test binary: one Chromium, as a server has one, started on the first PDF.
var printer = stdsync.OnceValue(func() *document.Printer { return document.NewPrinter(document.PrinterOptions{}) })
