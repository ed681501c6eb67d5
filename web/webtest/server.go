package webtest

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"io"
	"log/slog"
	"net"
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
	"github.com/tindal/tindal/penalty"
	"github.com/tindal/tindal/photo"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/services"
	"github.com/tindal/tindal/services/servicestest"
	"github.com/tindal/tindal/storage"
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

// NewServer starts a server on a database of the test's own with the demo
// data, stopped when the test ends.
func NewServer(t testing.TB, opts ...Options) *Server {
	t.Helper()
	ctx := context.Background()
	var restart *Server
	var restored *storage.DB
	for _, o := range opts {
		if o.Restart != nil {
			restart, restored = o.Restart, o.DB
		}
	}
	_, priv, _ := ed25519.GenerateKey(rand.Reader) //nolint:errcheck // crypto/rand never fails
	db := restored
	if restart != nil {
		priv = restart.Key
		if _, err := tsync.AdvanceEpoch(ctx, db); err != nil {
			t.Fatal(err)
		}
	} else {
		db = testkit.NewDB(t)
	}
	authSvc := auth.NewService(db, auth.NewKeySet(priv), auth.Options{Hasher: authtest.CheapHasher()})
	now := time.Now
	local := testkit.LocalBlobs(t)
	photos := photo.New(db, local, photo.Options{})
	if restart == nil {
		seedOpts := []demo.Option{demo.WithPhotos(photos)}
		for _, o := range opts {
			if o.History {
				seedOpts = append(seedOpts, demo.WithHistory())
			}
		}
		if _, err := demo.Seed(ctx, db, authSvc, DemoPassword, now(), io.Discard, seedOpts...); err != nil {
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
	for _, o := range opts {
		if o.Web != nil {
			o.Web(&wd)
		}
	}
	ob := notify.Outbox{Email: true, SMS: true, Link: base + "/my"}
	payee := penalty.Payee{VPA: "registrar.karwar@sbi", Name: "Registrar of Boats, Karwar"}
	set := servicestest.Complete(services.Set{Registry: reg, Inspect: insp, Photos: photos, Jobs: jobSvc, Push: push,
		Pull: pull, Feed: &notify.Feed{DB: db}, Calendars: &notify.Calendars{DB: db}}, db)
	site, err := pages.New(pages.Deps{Set: set, Web: wd, Outbox: ob, UPIPayee: payee, Printer: printer()})
	if err != nil {
		t.Fatal(err)
	}
	app, err := api.NewServer(api.Deps{Set: set, Logger: log, DB: db, Auth: authSvc, Metrics: prometheus.NewRegistry(),
		PublicBaseURL: base, LocalBlobs: local, Pages: site, Outbox: ob, UPIPayee: payee, Printer: printer()})
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

// printer prints the API's PDFs (orders, notices) for every server of the
// test binary: one Chromium, as a server has one, started on the first PDF.
var printer = stdsync.OnceValue(func() *document.Printer { return document.NewPrinter(document.PrinterOptions{}) })
