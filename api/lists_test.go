package api_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/api"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/openapi"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/testkit"
)

// listOp is a list operation of the contract: a GET whose answer has items.
type listOp struct {
	id, path  string
	params    map[string]bool
	paged     bool // the answer carries next_cursor
	hasParent bool // items of one parent record, bounded by it ({id} in the path)
}

// unpagedLists are the lists with no cursor, and why.
var unpagedLists = map[string]string{
	"syncPull": "the change log, paged by the sync protocol's own signed cursor (docs/SYNC.md)",
	"listJobs": "the fixed set of scheduled jobs",
}

func contractLists(t *testing.T) []listOp {
	t.Helper()
	doc, err := openapi3.NewLoader().LoadFromData(openapi.Spec)
	if err != nil {
		t.Fatal(err)
	}
	var out []listOp
	for path, item := range doc.Paths.Map() {
		op := item.Get
		if op == nil || op.Responses.Status(200) == nil || op.Responses.Status(200).Value.Content.Get("application/json") == nil {
			continue
		}
		s := op.Responses.Status(200).Value.Content.Get("application/json").Schema.Value
		if s.Properties["items"] == nil {
			continue
		}
		l := listOp{id: op.OperationID, path: path, params: map[string]bool{}, paged: s.Properties["next_cursor"] != nil, hasParent: strings.Contains(path, "{")}
		for _, p := range append(op.Parameters, item.Parameters...) {
			l.params[p.Value.Name] = true
		}
		out = append(out, l)
	}
	if len(out) < 15 {
		t.Fatalf("found only %d list operations", len(out))
	}
	return out
}

// TestEveryListPagesWithTheOneCursor walks every list of the contract:
// each top-level list takes cursor and limit and answers next_cursor; a
// cursor that is not the one format is the same 422 (field cursor) on
// every list; and walking a list one row a page returns each row once.
func TestEveryListPagesWithTheOneCursor(t *testing.T) {
	h := newHarness(t)
	h.noticesIn(h.pusher("inspector"), "KARWAR", 2)
	for _, l := range contractLists(t) {
		if l.hasParent || unpagedLists[l.id] != "" {
			continue
		}
		t.Run(l.id, func(t *testing.T) {
			h := h.with(t)
			if !l.params["cursor"] || !l.params["limit"] || !l.paged {
				t.Fatalf("%s %s: a list without cursor (%v), limit (%v) or next_cursor (%v)", l.id, l.path, l.params["cursor"], l.params["limit"], l.paged)
			}
			r := h.do("GET", l.path+"?cursor="+url.QueryEscape("not-a-cursor!"), "admin", nil)
			if code, _ := fieldError(r, "cursor"); r.status != 422 || code != "invalid" {
				t.Errorf("a malformed cursor: %d %s, want 422 with the invalid field cursor", r.status, r.body)
			}
			seen, cursor := map[string]bool{}, ""
			for page := 0; page < 20; page++ {
				r := h.do("GET", l.path+"?limit=1&cursor="+url.QueryEscape(cursor), "admin", nil)
				var body struct {
					Items      []map[string]any `json:"items"`
					NextCursor *string          `json:"next_cursor"`
				}
				if r.status != 200 || json.Unmarshal(r.body, &body) != nil || len(body.Items) > 1 {
					t.Fatalf("page %d: %d %s", page, r.status, r.body)
				}
				for _, it := range body.Items {
					key := fmt.Sprint(it["id"], it["mutation_id"])
					if seen[key] {
						t.Fatalf("page %d repeats %s", page, key)
					}
					seen[key] = true
				}
				if body.NextCursor == nil {
					return
				}
				cursor = *body.NextCursor
			}
		})
	}
}

// TestListsNeverShowAnotherOffice walks every list of the contract for
// every role the authorization table limits to its jurisdictions or its
// own records: with inspections and penalty notices in both offices, no
// Mangaluru record appears in a Karwar official's or the Karwar owner's
// list, and reading one by id is 404.
func TestListsNeverShowAnotherOffice(t *testing.T) {
	h := newHarness(t)
	h.noticesIn(h.pusher("inspector"), "KARWAR", 1)
	mangaluru := h.noticesIn(h.pusher("inspector-mangaluru"), "MANGALURU", 1)
	foreign := map[string]string{h.ids["vessel-MANGALURU"].String(): "the Mangaluru vessel", h.ids["owner-MANGALURU"].String(): "the Mangaluru owner"}
	for insp, notice := range mangaluru {
		foreign[insp.String()], foreign[notice] = "a Mangaluru inspection", "a Mangaluru penalty notice"
	}
	users := map[models.Role]string{models.RoleRegistrar: "registrar", models.RoleSupervisor: "supervisor", models.RoleInspector: "inspector", models.RoleOwner: "owner"}
	walked := 0
	for _, l := range contractLists(t) {
		if l.hasParent || l.id == "syncPull" {
			continue
		}
		for role, user := range users {
			if access, _ := api.AccessFor(l.id, role); access == models.AccessNone || access == models.AccessAll {
				continue
			}
			walked++
			r := h.do("GET", l.path+"?limit=500", user, nil)
			if r.status != 200 {
				t.Errorf("%s as %s: %d %s", l.id, user, r.status, r.body)
				continue
			}
			for id, what := range foreign {
				if strings.Contains(string(r.body), id) {
					t.Errorf("%s as %s shows %s (%s)", l.id, user, what, id)
				}
			}
		}
	}
	if walked < 20 {
		t.Fatalf("walked only %d lists", walked)
	}
	walkReadsByID(t, h, users, mangaluru)
}

// readsByIDElsewhere are the reads by id of the contract that
// walkReadsByID does not walk, and why.
var readsByIDElsewhere = map[string]string{
	"getJurisdiction": "jurisdictions are reference data every official reads",
	"getReportChart":  "{chart} names a chart, not a record; its queries are scoped (api/reports_test.go)",
	"verifyDocument":  "public: a printed document's code, answered to anyone (docs/PUBLIC.md)",
	"getPhoto":        "a photo needs an upload; TestPhotoEndToEnd reads one as the other office's inspector (404)",
	"getPhotoUpload":  "a photo needs an upload; TestPhotoEndToEnd puts one as the other office's inspector (404)",
	"getOwnerCalendar": "read with the feed's own token (?token=), not a session; TestCalendarFeedBehindARevocableToken " +
		"reads another owner's feed with a token (404)",
}

// walkReadsByID reads every record of the contract by id that belongs to
// Mangaluru (the one {id} of every GET) as every Karwar user: each is 404,
// or 403 where the role may not read that kind of record at all.
func walkReadsByID(t *testing.T, h *harness, users map[models.Role]string, mangaluru map[uuid.UUID]string) {
	t.Helper()
	var insp uuid.UUID
	var notice string
	for i, n := range mangaluru { // noticesIn made one
		insp, notice = i, n
	}
	vessel := h.ids["vessel-MANGALURU"]
	crew := h.do("POST", "/v1/crew-members", "admin", map[string]any{"indivc_number": "KA-CREW-0901", "name": "Raghu Naik",
		"jurisdiction_id": h.ids["MANGALURU"]})
	cert := h.do("POST", "/v1/certificates", "admin", map[string]any{"vessel_id": vessel, "kind": "insurance",
		"number": "INS-MNG-1", "issued_on": "2026-03-02"})
	if crew.status != 201 || cert.status != 201 {
		t.Fatalf("a Mangaluru crew member and certificate: %d %s, %d %s", crew.status, crew.body, cert.status, cert.body)
	}
	var user models.User
	h.must(h.db.Gorm.Where("email = ?", "inspector-mangaluru@test.tindal").Take(&user).Error)
	order := h.detainedBy(h.pusher("inspector-mangaluru"), "admin", vessel)
	if order.status != 201 {
		t.Fatalf("a Mangaluru detention order: %d %s", order.status, order.body)
	}
	foreign := map[string]string{ // the first path segment after /v1/ → a Mangaluru record of that kind
		"owners":           h.ids["owner-MANGALURU"].String(),
		"vessels":          vessel.String(),
		"crew-members":     crew.json()["id"].(string),
		"certificates":     cert.json()["id"].(string),
		"inspections":      insp.String(),
		"detention-orders": order.json()["id"].(string),
		"penalty-notices":  notice,
		"admin":            user.ID.String(), // /v1/admin/users/{id}
	}
	doc, err := openapi3.NewLoader().LoadFromData(openapi.Spec)
	h.must(err)
	walked := 0
	for path, item := range doc.Paths.Map() {
		op := item.Get
		if op == nil || !strings.Contains(path, "{") || readsByIDElsewhere[op.OperationID] != "" {
			continue
		}
		kind := strings.Split(strings.TrimPrefix(path, "/v1/"), "/")[0]
		id := foreign[kind]
		if id == "" || strings.Count(path, "{") != 1 {
			t.Errorf("%s (%s) reads by id: walk it here with a Mangaluru record, or say in readsByIDElsewhere why not", op.OperationID, path)
			continue
		}
		target := path[:strings.Index(path, "{")] + id + path[strings.Index(path, "}")+1:]
		for _, user := range users {
			walked++
			if r := h.do("GET", target, user, nil); r.status != 404 && r.status != 403 {
				t.Errorf("%s as %s: GET %s: %d, want 404 (or 403 where the role may not read it at all)",
					op.OperationID, user, target, r.status)
			}
		}
	}
	if walked < 80 {
		t.Fatalf("walked only %d reads by id", walked)
	}
}

// TestListingNoticesQueriesNoMoreForMoreNotices: GET /v1/penalty-notices
// reads a page of notices in the same number of queries whether it holds
// one notice or four (it used to read each notice on its own).
func TestListingNoticesQueriesNoMoreForMoreNotices(t *testing.T) {
	h := newHarness(t)
	var queries atomic.Int64
	count := func(*gorm.DB) { queries.Add(1) }
	h.must(h.db.Gorm.Callback().Query().After("gorm:query").Register("test:count_query", count))
	h.must(h.db.Gorm.Callback().Row().After("gorm:row").Register("test:count_row", count))
	listing := func() int64 {
		queries.Store(0)
		if r := h.do("GET", "/v1/penalty-notices?limit=500", "admin", nil); r.status != 200 {
			t.Fatalf("list notices: %d %s", r.status, r.body)
		}
		return queries.Load()
	}
	p := h.pusher("inspector")
	h.noticesIn(p, "KARWAR", 1)
	one := listing()
	h.noticesIn(p, "KARWAR", 3)
	four := listing()
	if one == 0 || four != one {
		t.Errorf("listing one notice took %d queries, four notices %d: want the same", one, four)
	}
}

// noticesIn submits n inspections of the jurisdiction's seeded vessel
// through p (an inspector of that jurisdiction),
// each with a finding, and approves them (as the admin, who reaches both
// offices), and returns each inspection's penalty notice id.
func (h *harness) noticesIn(p *pusher, jurisdiction string, n int) map[uuid.UUID]string {
	h.t.Helper()
	out := map[uuid.UUID]string{}
	for range n {
		id := h.submittedFor(p, h.ids["vessel-"+jurisdiction], testkit.Now().Add(-2*time.Hour), finding{code: rules.CodeExtinguisherMissing})
		if r := h.do("POST", "/v1/inspections/"+id.String()+"/review", "admin", map[string]any{"decision": "approve"}); r.status != 200 {
			h.t.Fatalf("approve: %d %s", r.status, r.body)
		}
		out[id] = h.noticeOf(id).ID
	}
	return out
}

// TestServerNeedsEveryService: main wires every service, so NewServer
// refuses a server without one instead of answering "not configured".
func TestServerNeedsEveryService(t *testing.T) {
	d := fullDeps(t, testkit.NewDB(t), nil, testkit.Now)
	d.Photos, d.Feed = nil, nil
	if _, err := api.NewServer(d); err == nil || !strings.Contains(err.Error(), "Auth, Feed, Photos") {
		t.Fatalf("NewServer without Auth, Feed and Photos: %v, want an error naming them", err)
	}
}
