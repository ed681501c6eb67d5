package api_test

import (
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3filter"
)

// The feed is text: the harness checks it against the contract as such.
func init() { openapi3filter.RegisterBodyDecoder("text/calendar", openapi3filter.PlainBodyDecoder) }

// TestCalendarFeedNamesItsCharsetAndRevalidates is issue 19 item 21 for
// the calendar feed: it says it is UTF-8 (Kannada titles), and carries a
// weak ETag that a calendar app polling every few hours sends back to get
// 304 without the body; the tag does not move with DTSTAMP (the time of
// rendering) but does when an event changes.
func TestCalendarFeedNamesItsCharsetAndRevalidates(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.seedExpiring()
	owner := h.ids["owner-KARWAR"].String()
	tok := h.do("POST", "/v1/owners/"+owner+"/calendar-tokens", "owner", nil).json()["token"].(string)
	path := "/v1/owners/" + owner + "/calendar.ics?token=" + tok
	first := h.do("GET", path, "", nil)
	tag := first.header.Get("ETag")
	if first.status != 200 || first.header.Get("Content-Type") != "text/calendar; charset=utf-8" || !strings.HasPrefix(tag, `W/"`) {
		t.Fatalf("feed: %d, Content-Type %q, ETag %q", first.status, first.header.Get("Content-Type"), tag)
	}
	time.Sleep(1100 * time.Millisecond) // a later DTSTAMP
	second := h.do("GET", path, "", nil)
	if second.header.Get("ETag") != tag {
		t.Errorf("the tag moved with nothing changed: %q then %q", tag, second.header.Get("ETag"))
	}
	for _, inm := range []string{tag, strings.TrimPrefix(tag, "W/"), `"other", ` + tag} {
		if r := h.do("GET", path, "", nil, "If-None-Match", inm); r.status != 304 || len(r.body) != 0 {
			t.Errorf("If-None-Match %s: %d with %d bytes, want 304 and no body", inm, r.status, len(r.body))
		}
	}
	if r := h.do("GET", path, "", nil, "If-None-Match", `W/"stale"`); r.status != 200 {
		t.Errorf("a stale tag: %d, want 200", r.status)
	}
	// A wrong token is still a 404, whatever the tag.
	if r := h.do("GET", "/v1/owners/"+owner+"/calendar.ics?token="+strings.Repeat("x", 40), "", nil, "If-None-Match", tag); r.status != 404 {
		t.Errorf("wrong token with the tag: %d, want 404", r.status)
	}
	// An event changes (the insurance is renewed): a new tag, the full feed.
	h.must(h.db.Gorm.Exec("UPDATE certificates SET expires_on = expires_on + interval '1 year'").Error)
	if r := h.do("GET", path, "", nil, "If-None-Match", tag); r.status != 200 || r.header.Get("ETag") == tag {
		t.Errorf("after a change: %d, ETag %q (was %q), want 200 and a new tag", r.status, r.header.Get("ETag"), tag)
	}
}
