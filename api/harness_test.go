package api_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	stdsync "sync"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/tindal/tindal/api"
	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/auth/authtest"
	"github.com/tindal/tindal/document"
	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/jobs"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/openapi"
	"github.com/tindal/tindal/photo"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/services"
	"github.com/tindal/tindal/services/servicestest"
	"github.com/tindal/tindal/storage"
	tsync "github.com/tindal/tindal/sync"
	"github.com/tindal/tindal/testkit"
)

const testPassword = "correct horse battery"

// harness is a real server on a fresh database, with one signed-in user
// per role: admin, registrar/supervisor/inspector of Karwar, an inspector
// of Mangaluru, and the owner of the Karwar vessel.
type harness struct {
	t      *testing.T
	app    *fiber.App
	db     *storage.DB
	auth   *auth.Service
	router routers.Router
	// metrics is the server's registry, served apart from the API
	// (api.MetricsHandler; see scrape).
	metrics *prometheus.Registry
	tokens  map[string]string // by user label
	ids     map[string]uuid.UUID
	key     ed25519.PrivateKey // signs access tokens; a restart keeps it
}

// assignedLongAgo starts the test users' assignments well in the past: a
// push is authorised against the assignments in force on its capture date
// in India, so an assignment starting "today" refuses a start captured two
// hours ago whenever the suite runs between 00:00 and 02:00 India time.
var assignedLongAgo = time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)

func newHarness(t *testing.T) *harness {
	t.Helper()
	return newHarnessWith(t, harnessOptions{})
}

// harnessOptions tune a harness: the auth service's options (the hasher is
// always the cheap one) and the server's dependencies.
type harnessOptions struct {
	auth auth.Options
	deps func(*api.Deps)
	// db is the database to serve (default: a fresh one, testkit.NewDB).
	db *storage.DB
	// restart serves db as a server restarted on it: the same signing
	// key, no seeding (see restartOn), the epoch's numbers advanced.
	restart *harness
}

// fullDeps are a server's dependencies as main wires them, every service
// over db (photos on a local disk store), on the clock now; a test sets
// what it needs otherwise.
func fullDeps(t testing.TB, db *storage.DB, authSvc *auth.Service, now func() time.Time) api.Deps {
	t.Helper()
	inspSvc := inspect.New(db, nil, now)
	pull, err := tsync.NewPullEngine(db, []byte("harness-cursor-key-of-at-least-32-bytes"), tsync.PullOptions{})
	if err != nil {
		t.Fatal(err)
	}
	local := testkit.LocalBlobs(t)
	return api.Deps{Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), DB: db, Auth: authSvc,
		Set: servicestest.Complete(services.Set{Registry: registry.New(db, now),
			Jobs: jobs.New(jobs.Deps{DB: db}), Feed: &notify.Feed{DB: db}, Calendars: &notify.Calendars{DB: db},
			Inspect: inspSvc, Push: tsync.New(db, inspSvc, now, tsync.Options{}), Pull: pull,
			Photos: photo.New(db, local, photo.Options{})}, db),
		Metrics: prometheus.NewRegistry(), PublicBaseURL: "http://tindal.test", Outbox: notify.Outbox{Email: true},
		Printer: testPrinter()}
}

// testPrinter is the one Chromium of this test binary that prints
// documents, as a server has one; it starts on the first PDF asked for.
var testPrinter = stdsync.OnceValue(func() *document.Printer {
	return document.NewPrinter(document.PrinterOptions{Timeout: 60 * time.Second})
})

// contractRouter routes the published contract (as written, without the
// server's own adjustments) for validating answers; parsed once, as every
// harness reads it and none changes it.
var contractRouter = stdsync.OnceValues(func() (routers.Router, error) {
	doc, err := openapi3.NewLoader().LoadFromData(openapi.Spec)
	if err != nil {
		return nil, err
	}
	doc.Servers = nil
	return gorillamux.NewRouter(doc)
})

func newHarnessWith(t *testing.T, o harnessOptions) *harness {
	t.Helper()
	db := o.db
	if db == nil {
		db = testkit.NewDB(t)
	}
	if o.restart != nil { // as `tindal serve` does before it serves
		if _, err := tsync.AdvanceEpoch(context.Background(), db); err != nil {
			t.Fatal(err)
		}
	}
	_, priv, _ := ed25519.GenerateKey(rand.Reader)
	if o.restart != nil {
		priv = o.restart.key
	}
	o.auth.Hasher = authtest.CheapHasher()
	if o.auth.Clock == nil {
		o.auth.Clock = testkit.Now
	}
	authSvc := auth.NewService(db, auth.NewKeySet(priv), o.auth)
	deps := fullDeps(t, db, authSvc, testkit.Now)
	reg := deps.Metrics
	if o.deps != nil {
		o.deps(&deps)
	}
	app, err := api.NewServer(deps)
	if err != nil {
		t.Fatal(err)
	}
	router, err := contractRouter()
	if err != nil {
		t.Fatal(err)
	}
	h := &harness{t: t, app: app, db: db, auth: authSvc, router: router, metrics: reg, tokens: map[string]string{}, ids: map[string]uuid.UUID{}, key: priv}
	if o.restart != nil {
		h.tokens, h.ids = o.restart.tokens, o.restart.ids
		return h
	}
	h.seed()
	return h
}

// seed creates two jurisdictions, an owner and vessel in each, and a user per role.
func (h *harness) seed() {
	ctx := context.Background()
	reg := registry.New(h.db, testkit.Now)
	admin := models.Scope{Access: models.AccessAll, UserID: uuid.New()}
	for _, code := range []string{"KARWAR", "MANGALURU"} {
		name := code[:1] + strings.ToLower(code[1:])
		j, _, err := reg.CreateJurisdiction(ctx, admin, models.Jurisdiction{Code: code, Name: name, Regime: "KA-IV-2025",
			UPIPayee: models.UPIPayee{VPA: "registrar." + strings.ToLower(code) + "@sbi", Name: "Registrar of Boats, " + name}})
		h.must(err)
		h.ids[code] = j.ID
		o, _, err := reg.CreateOwner(ctx, admin, models.Owner{Kind: "person", Name: "Owner of " + code, JurisdictionID: j.ID, PreferredLanguage: "kn"})
		h.must(err)
		h.ids["owner-"+code] = o.ID
		cat, zone, power, unit := "C", 3, 120.0, "kW"
		v, _, err := reg.CreateVessel(ctx, admin, models.Vessel{RegistrationNumber: "KA-" + code[:3] + "-0001", Name: "Boat of " + code,
			Kind: "mechanised", Category: &cat, Zone: &zone, EnginePower: &power, PowerUnit: &unit, Use: "passenger",
			JurisdictionID: j.ID, OwnerID: o.ID})
		h.must(err)
		h.ids["vessel-"+code] = v.ID
	}
	users := []struct {
		label string
		role  models.Role
		jur   []string
	}{
		{"admin", models.RoleAdmin, nil},
		{"registrar", models.RoleRegistrar, []string{"KARWAR"}},
		{"supervisor", models.RoleSupervisor, []string{"KARWAR"}},
		{"inspector", models.RoleInspector, []string{"KARWAR"}},
		{"inspector-mangaluru", models.RoleInspector, []string{"MANGALURU"}},
		{"owner", models.RoleOwner, nil},
	}
	for _, u := range users {
		n := auth.NewUser{Email: u.label + "@test.tindal", Name: u.label, Role: u.role, Password: testPassword, AssignedFrom: assignedLongAgo}
		for _, j := range u.jur {
			n.Jurisdictions = append(n.Jurisdictions, h.ids[j])
		}
		if u.role == models.RoleOwner {
			o := h.ids["owner-KARWAR"]
			n.OwnerID = &o
		}
		_, err := h.auth.CreateUser(ctx, storage.Actor{}, n)
		h.must(err)
		h.tokens[u.label] = h.login(n.Email)
	}
}

func (h *harness) login(email string) string {
	res := h.do("POST", "/v1/auth/login", "", map[string]any{"email": email, "password": testPassword, "installation_id": "install-" + email})
	if res.status != 200 {
		h.t.Fatalf("login %s: %d %s", email, res.status, res.body)
	}
	return res.json()["access_token"].(string)
}

// with returns the harness reporting to t, for use inside subtests.
func (h *harness) with(t *testing.T) *harness {
	c := *h
	c.t = t
	return &c
}

// overHTTP sends a request through a real listener, for what Fiber's
// in-memory test transport cannot show (a body over the limit).
func (h *harness) overHTTP(method, path, user, body string) response {
	h.t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	h.must(err)
	go func() { _ = h.app.Listener(ln) }()
	h.t.Cleanup(func() { _ = ln.Close() })
	req, err := http.NewRequest(method, "http://"+ln.Addr().String()+path, strings.NewReader(body))
	h.must(err)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+h.tokens[user])
	res, err := http.DefaultClient.Do(req)
	h.must(err)
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	return response{status: res.StatusCode, header: res.Header, body: out}
}

// scrape reads the metrics as the separate metrics listener serves them.
func (h *harness) scrape() response {
	h.t.Helper()
	srv := httptest.NewServer(api.MetricsHandler(h.metrics))
	defer srv.Close()
	res, err := http.Get(srv.URL + "/metrics")
	h.must(err)
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	return response{status: res.StatusCode, header: res.Header, body: out}
}

func (h *harness) must(err error) {
	h.t.Helper()
	if err != nil {
		h.t.Fatal(err)
	}
}

type response struct {
	status int
	header http.Header
	body   []byte
}

func (r response) json() map[string]any {
	var m map[string]any
	_ = json.Unmarshal(r.body, &m)
	return m
}

// do sends a request as the labelled user ("" for none); body may be a
// string (sent as is) or a value (sent as JSON). Every response is
// validated against the contract.
func (h *harness) do(method, path, user string, body any, headers ...string) response {
	h.t.Helper()
	var raw []byte
	switch b := body.(type) {
	case nil:
	case string:
		raw = []byte(b)
	case []byte:
		raw = b
	default:
		raw, _ = json.Marshal(b)
	}
	req := httptest.NewRequest(method, path, bytes.NewReader(raw))
	if raw != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if tok, ok := h.tokens[user]; ok {
		req.Header.Set("Authorization", "Bearer "+tok)
	} else if user != "" {
		req.Header.Set("Authorization", "Bearer "+user)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := h.app.Test(req, 10000)
	if err != nil {
		h.t.Fatalf("%s %s: %v", method, path, err)
	}
	out, _ := io.ReadAll(res.Body)
	_ = res.Body.Close() // in memory: app.Test buffers the whole answer
	r := response{status: res.StatusCode, header: res.Header, body: out}
	h.validate(req, raw, r)
	return r
}

// validate checks a response against the contract: problems must be
// problem+json, and documented operations must answer as documented.
func (h *harness) validate(req *http.Request, reqBody []byte, r response) {
	h.t.Helper()
	if r.status >= 400 {
		if ct := r.header.Get("Content-Type"); !strings.HasPrefix(ct, "application/problem+json") {
			h.t.Errorf("%s %s: status %d with content type %q, want application/problem+json: %s", req.Method, req.URL, r.status, ct, r.body)
		}
		var p map[string]any
		if err := json.Unmarshal(r.body, &p); err != nil || p["code"] == nil || p["status"] == nil {
			h.t.Errorf("%s %s: problem body lacks code/status: %s", req.Method, req.URL, r.body)
		}
	}
	route, params, err := h.router.FindRoute(req)
	if err != nil {
		return // unknown route or method: checked above as a problem
	}
	in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}}
	out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: r.status, Header: r.header,
		Options: &openapi3filter.Options{IncludeResponseStatus: true}}
	out.SetBodyBytes(r.body)
	if err := openapi3filter.ValidateResponse(context.Background(), out); err != nil {
		h.t.Errorf("%s %s: response %d does not match the contract: %v\n%s", req.Method, req.URL, r.status, err, r.body)
	}
	for _, u := range undeclaredIn(responseSchema(route, r), r.body) {
		h.t.Errorf("%s %s: response %d: %s (a typed client drops it)", req.Method, req.URL, r.status, u)
	}
}

// responseSchema is the JSON schema the operation documents for the
// response's status (or its default), nil for any other content.
func responseSchema(route *routers.Route, r response) *openapi3.SchemaRef {
	if !strings.Contains(r.header.Get("Content-Type"), "json") {
		return nil
	}
	res := route.Operation.Responses.Status(r.status)
	if res == nil {
		res = route.Operation.Responses.Default()
	}
	if res == nil || res.Value == nil {
		return nil
	}
	for ct, mt := range res.Value.Content {
		if strings.Contains(ct, "json") {
			return mt.Schema
		}
	}
	return nil
}

// count returns the number of rows of a table, tombstones included.
func (h *harness) count(table string) int64 {
	var n int64
	h.must(h.db.Gorm.Raw("SELECT count(*) FROM " + table).Scan(&n).Error)
	return n
}
