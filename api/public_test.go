package api_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// publicFields is every JSON field the public page serves, nested fields
// by path ("[]" for array elements). It is the no-personal-data guarantee
// written down: a field added to public.VesselStatus fails this test until
// it is listed here, after someone has asked whether a passenger needs it
// and whether it can carry a person's data.
var publicFields = []string{
	"registration_number", "name", "kind", "office", "status", "detained", "fit_to_ply",
	"not_fit_because", "not_fit_because[].code", "not_fit_because[].title",
	"registration", "registration.status", "registration.valid_until",
	"survey", "survey.status", "survey.valid_until",
	"passengers_certified", "zone",
	"crew", "crew.posts", "crew.valid", "crew.expiring", "crew.expired", "crew.missing",
	"last_inspected_on", "checked_on", "updated_at",
}

// keysOf lists every key path of a decoded JSON value.
func keysOf(prefix string, v any, out map[string]bool) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			p := k
			if prefix != "" {
				p = prefix + "." + k
			}
			out[p] = true
			keysOf(p, e, out)
		}
	case []any:
		for _, e := range x {
			keysOf(prefix+"[]", e, out)
		}
	}
}

func TestPublicStatusServesOnlyItsFields(t *testing.T) {
	f := newPublicFixture(t)
	seen := map[string]bool{}
	fit := f.get("/v/vessel/KA-KWR-NM-12", "192.0.2.1", "Accept", "application/json")
	// A detained vessel fills not_fit_because, so its element fields are seen too.
	f.must(f.db.Gorm.Exec(`UPDATE vessels SET status = 'detained' WHERE id = ?`, f.boat.ID).Error)
	detained := f.get("/v/vessel/KA-KWR-NM-12?format=json", "192.0.2.1")
	for _, r := range []response{fit, detained} {
		if r.status != 200 || !strings.HasPrefix(r.header.Get("Content-Type"), "application/json") {
			t.Fatalf("status %d, content type %q: %s", r.status, r.header.Get("Content-Type"), r.body)
		}
		var v any
		if err := json.Unmarshal(r.body, &v); err != nil {
			t.Fatal(err)
		}
		keysOf("", v, seen)
	}
	var got []string
	for k := range seen {
		got = append(got, k)
	}
	sort.Strings(got)
	want := slices.Clone(publicFields)
	sort.Strings(want)
	if !slices.Equal(got, want) {
		t.Fatalf("the public page serves fields\n%v\nwant exactly\n%v", got, want)
	}
	var st map[string]any
	f.must(json.Unmarshal(fit.body, &st))
	if st["registration_number"] != "KA-KWR-NM-12" || st["fit_to_ply"] != true || st["passengers_certified"] != 8.0 || st["zone"] != 3.0 ||
		st["office"] != "Karwar" || st["status"] != "active" {
		t.Errorf("fit boat: %s", fit.body)
	}
	crew := st["crew"].(map[string]any)
	if crew["posts"] != 2.0 || crew["valid"] != 2.0 || st["survey"].(map[string]any)["status"] != "valid" ||
		st["registration"].(map[string]any)["status"] != "valid" {
		t.Errorf("Karnataka 2025 r.113(1), r.124: survey in force and two GP ratings signed on: %s", fit.body)
	}
}

func TestPublicStatusHasNoPersonalData(t *testing.T) {
	f := newPublicFixture(t)
	pages := map[string]response{
		"json": f.get("/v/vessel/KA-KWR-NM-12?format=json", "192.0.2.2"),
		"en":   f.get("/v/vessel/KA-KWR-NM-12", "192.0.2.2", "Accept", "text/html"),
		"kn":   f.get("/v/vessel/KA-KWR-NM-12", "192.0.2.2", "Accept-Language", "kn-IN,kn;q=0.9"),
		"hi":   f.get("/v/vessel/KA-KWR-NM-12", "192.0.2.2", "Accept-Language", "hi"),
	}
	for name, r := range pages {
		if r.status != 200 {
			t.Fatalf("%s: %d %s", name, r.status, r.body)
		}
		body := strings.ToLower(string(r.body))
		for _, s := range f.secret {
			if strings.Contains(body, strings.ToLower(s)) {
				t.Errorf("%s page shows %q", name, s)
			}
		}
		for k, vs := range r.header {
			for _, v := range vs {
				for _, s := range f.secret {
					if strings.Contains(strings.ToLower(v), strings.ToLower(s)) {
						t.Errorf("%s header %s shows %q", name, k, s)
					}
				}
			}
		}
		if name != "json" {
			for _, bad := range []string{"<script", "src=", "href=", "@import", "url("} {
				if strings.Contains(body, bad) {
					t.Errorf("%s page has %q: no scripts, no external assets", name, bad)
				}
			}
			if !strings.Contains(body, "nada doni") || !strings.Contains(body, "ka-kwr-nm-12") {
				t.Errorf("%s page does not name the boat:\n%s", name, r.body)
			}
		}
	}
}

func TestPublicStatusUnknownRegistration(t *testing.T) {
	f := newPublicFixture(t)
	known := f.get("/v/vessel/KA-KWR-NM-12?format=json", "192.0.2.3")
	unknownJSON := f.get("/v/vessel/KA-KWR-NM-99?format=json", "192.0.2.3")
	unknownHTML := f.get("/v/vessel/KA-KWR-NM-99", "192.0.2.3", "Accept-Language", "kn")
	if unknownJSON.status != 404 || !strings.HasPrefix(unknownJSON.header.Get("Content-Type"), "application/problem+json") {
		t.Fatalf("unknown, JSON: %d %q %s", unknownJSON.status, unknownJSON.header.Get("Content-Type"), unknownJSON.body)
	}
	if unknownHTML.status != 404 || !strings.Contains(string(unknownHTML.body), "ಜಲನೌಕೆ ಕಂಡುಬಂದಿಲ್ಲ") {
		t.Fatalf("unknown, HTML in Kannada: %d %s", unknownHTML.status, unknownHTML.body)
	}
	// The same shape as a found page: cacheable alike, and counted alike
	// against the address's limit, so probing numbers costs what reading does.
	for _, hd := range []string{"Cache-Control", "Vary", "Content-Security-Policy"} {
		if unknownJSON.header.Get(hd) != known.header.Get(hd) || known.header.Get(hd) == "" {
			t.Errorf("%s: unknown %q, known %q", hd, unknownJSON.header.Get(hd), known.header.Get(hd))
		}
	}
	for i := 3; i < publicLimit.Max; i++ {
		if r := f.get(fmt.Sprintf("/v/vessel/KA-KWR-NM-%d", 50+i), "192.0.2.3"); r.status != 404 {
			t.Fatalf("probe %d: %d", i, r.status)
		}
	}
	if r := f.get("/v/vessel/KA-KWR-NM-12?format=json", "192.0.2.3"); r.status != 429 {
		t.Fatalf("after %d requests, 404s among them, the known vessel: %d, want 429", publicLimit.Max, r.status)
	}
}

func TestPublicStatusRateLimit(t *testing.T) {
	f := newPublicFixture(t)
	for i := 0; i < publicLimit.Max; i++ {
		if r := f.get("/v/vessel/KA-KWR-NM-12", "198.51.100.7"); r.status != 200 {
			t.Fatalf("request %d: %d", i+1, r.status)
		}
	}
	for _, format := range []string{"json", "html"} {
		r := f.get("/v/vessel/KA-KWR-NM-12?format="+format, "198.51.100.7")
		retry, err := strconv.Atoi(r.header.Get("Retry-After"))
		if r.status != 429 || err != nil || retry < 1 || r.header.Get("Cache-Control") != "no-store" {
			t.Fatalf("%s over the limit: %d, Retry-After %q, Cache-Control %q", format, r.status, r.header.Get("Retry-After"), r.header.Get("Cache-Control"))
		}
	}
	if r := f.get("/v/vessel/KA-KWR-NM-12", "198.51.100.8"); r.status != 200 {
		t.Fatalf("another address: %d, want 200 (the limit is per client address)", r.status)
	}
	metrics := string(f.scrape().body)
	for _, want := range []string{
		"tindal_public_vessel_rate_limited_total 2",
		`tindal_public_vessel_requests_total{format="html",outcome="ok"} 7`,
		`tindal_public_vessel_requests_total{format="json",outcome="rate_limited"} 1`,
	} {
		if !strings.Contains(metrics, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
}

func TestPublicStatusConditional(t *testing.T) {
	f := newPublicFixture(t)
	first := f.get("/v/vessel/KA-KWR-NM-12?format=json", "192.0.2.4")
	etag := first.header.Get("ETag")
	if first.status != 200 || etag == "" || first.header.Get("Last-Modified") == "" ||
		first.header.Get("Cache-Control") != "public, max-age=60" || !strings.Contains(first.header.Get("Vary"), "Accept-Language") {
		t.Fatalf("first: %d, headers %v", first.status, first.header)
	}
	again := f.get("/v/vessel/KA-KWR-NM-12?format=json", "192.0.2.4", "If-None-Match", etag)
	if again.status != 304 || len(again.body) != 0 || again.header.Get("ETag") != etag {
		t.Fatalf("If-None-Match of the current ETag: %d, %d bytes, ETag %q", again.status, len(again.body), again.header.Get("ETag"))
	}
	html := f.get("/v/vessel/KA-KWR-NM-12", "192.0.2.4", "If-None-Match", etag)
	if html.status != 200 || html.header.Get("ETag") == etag {
		t.Fatalf("the HTML page is another representation: %d, ETag %q", html.status, html.header.Get("ETag"))
	}
	f.must(f.db.Gorm.Exec(`UPDATE vessels SET status = 'detained', updated_at = now() WHERE id = ?`, f.boat.ID).Error)
	changed := f.get("/v/vessel/KA-KWR-NM-12?format=json", "192.0.2.4", "If-None-Match", etag)
	if changed.status != 200 || changed.header.Get("ETag") == etag {
		t.Fatalf("after a detention the old ETag must not match: %d, ETag %q", changed.status, changed.header.Get("ETag"))
	}
}

func TestPublicStatusDetained(t *testing.T) {
	f := newPublicFixture(t)
	f.must(f.db.Gorm.Exec(`UPDATE vessels SET status = 'detained' WHERE id = ?`, f.boat.ID).Error)
	r := f.get("/v/vessel/KA-KWR-NM-12?format=json", "192.0.2.5")
	var st struct {
		Status        string `json:"status"`
		Detained      bool   `json:"detained"`
		FitToPly      bool   `json:"fit_to_ply"`
		NotFitBecause []struct {
			Code string `json:"code"`
		} `json:"not_fit_because"`
	}
	f.must(json.Unmarshal(r.body, &st))
	if st.Status != "detained" || !st.Detained || st.FitToPly || len(st.NotFitBecause) == 0 || st.NotFitBecause[0].Code != "vessel_status" {
		t.Fatalf("detained vessel: %s", r.body)
	}
	for lang, want := range map[string]string{"en": "Detained: this vessel must not sail", "kn": "ತಡೆಹಿಡಿಯಲಾಗಿದೆ (ಡಿಟೆನ್ಷನ್)", "hi": "निरुद्ध (रोका गया)"} {
		page := f.get("/v/vessel/KA-KWR-NM-12", "192.0.2.5", "Accept-Language", lang)
		if !strings.Contains(string(page.body), want) || page.header.Get("Content-Language") != lang ||
			!strings.Contains(string(page.body), `<html lang="`+lang+`">`) {
			t.Errorf("%s page lacks %q (Content-Language %q):\n%s", lang, want, page.header.Get("Content-Language"), page.body)
		}
	}
}

func TestPublicStatusPathEncoding(t *testing.T) {
	f := newPublicFixture(t)
	v := f.boat
	f.must(f.db.Gorm.Exec(`UPDATE vessels SET registration_number = 'KA/KWR 7' WHERE id = ?`, v.ID).Error)
	cases := []struct {
		name, path string
		status     int
		location   string
	}{
		{"'/' as '~' and ' ' as '_'", "/v/vessel/KA~KWR_7?format=json", 200, ""},
		{"lower case: moved to the canonical URL", "/v/vessel/ka~kwr_7?format=json", 301, "/v/vessel/KA~KWR_7?format=json"},
		{"percent-encoded: refused like every non-canonical path", "/v/vessel/KA%2FKWR%207", 404, ""},
		{"percent-encoded letter", "/v/vessel/KA~KWR_%37", 404, ""},
		{"trailing slash", "/v/vessel/KA~KWR_7/", 404, ""},
		{"empty", "/v/vessel/", 404, ""},
		{"dot segment", "/v/vessel/../vessel/KA~KWR_7", 404, ""},
	}
	for _, c := range cases {
		r := f.get(c.path, "192.0.2.6")
		if r.status != c.status || r.header.Get("Location") != c.location {
			t.Errorf("%s: %s → %d Location %q, want %d %q", c.name, c.path, r.status, r.header.Get("Location"), c.status, c.location)
		}
	}
	r := f.get("/v/vessel/KA~KWR_7?format=json", "192.0.2.6")
	if !strings.Contains(string(r.body), `"registration_number":"KA/KWR 7"`) {
		t.Errorf("decoded registration: %s", r.body)
	}
}
