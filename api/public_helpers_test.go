package api_test

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/netip"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/api"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/public"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/testkit"
)

// publicFixture is a harness serving over a real listener, trusting
// 127.0.0.0/8 as a proxy so that each test picks its client address with
// X-Forwarded-For, and a Karwar country boat with a named owner and named
// crew: the names the public page must never show.
type publicFixture struct {
	*harness
	base   string
	boat   models.Vessel
	owner  models.Owner
	crew   []models.CrewMember
	secret []string // personal data and internal ids that must not appear
}

// publicLimit is small so that a test reaches it quickly.
var publicLimit = public.Limit{Max: 6, Window: 24 * time.Hour}

// fixedNow keeps every request of a test in one rate-limit window.
var fixedNow = testkit.Now()

func newPublicFixture(t *testing.T) *publicFixture {
	t.Helper()
	h := newHarnessWith(t, harnessOptions{deps: func(d *api.Deps) {
		d.PublicLimit = publicLimit
		d.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}
		d.Clock = func() time.Time { return fixedNow }
	}})
	f := &publicFixture{harness: h}
	f.base = f.listen()
	f.seedBoat()
	return f
}

func (f *publicFixture) listen() string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	f.must(err)
	go func() { _ = f.app.Listener(ln) }()
	f.t.Cleanup(func() { _ = ln.Close() })
	return "http://" + ln.Addr().String()
}

// day is today plus n days, as a date column holds it.
func day(n int) time.Time {
	d := fixedNow.In(time.FixedZone("IST", 5*3600+1800)).AddDate(0, 0, n)
	return time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, time.UTC)
}

// seedBoat registers a non-mechanised Category B passenger boat (Zone 3,
// 8 passengers) with its registration and survey, and two GP ratings
// signed on: fit to ply (Karnataka 2025, r.113(1), r.124).
func (f *publicFixture) seedBoat() {
	ctx := context.Background()
	reg := registry.New(f.db, testkit.Now)
	admin := models.Scope{Access: models.AccessAll, UserID: uuid.New()}
	o, _, err := reg.CreateOwner(ctx, admin, models.Owner{Kind: "person", Name: "Sadashiva Venkatramana Hegde", Email: "hegde.owner@example.in",
		Phone: "+919845001122", Address: "Kodibag Road, Karwar 581303", PreferredLanguage: "kn", JurisdictionID: f.ids["KARWAR"]})
	f.must(err)
	cat, zone, pax, grt, anniversary := "B", 3, 8, 5.0, day(-30)
	v, _, err := reg.CreateVessel(ctx, admin, models.Vessel{RegistrationNumber: "KA-KWR-NM-12", Name: "Nada Doni", Kind: "non_mechanised",
		Category: &cat, Zone: &zone, Passengers: &pax, GRT: &grt, Use: "passenger", OwnerID: o.ID, JurisdictionID: f.ids["KARWAR"],
		SurveyAnniversary: &anniversary})
	f.must(err)
	cert := func(c models.Certificate) {
		_, _, err := reg.CreateCertificate(ctx, admin, c)
		f.must(err)
	}
	cert(models.Certificate{VesselID: &v.ID, Kind: "registration", Number: "KWR-NM-12", IssuedOn: day(-900)})
	cert(models.Certificate{VesselID: &v.ID, Kind: "survey", Number: "NM-COS-12", IssuedOn: day(-30)})
	insured := day(300)
	cert(models.Certificate{VesselID: &v.ID, Kind: "insurance", Number: "INS-12", IssuedOn: day(-65), ExpiresOn: &insured})
	f.secret = append(f.secret, o.Name, "Hegde", o.Email, o.Phone, "Kodibag", o.ID.String(), v.ID.String(), f.ids["KARWAR"].String())
	for i, n := range []struct{ indivc, name, phone string }{{"KA-GP-0001", "Manjunath Ganapati Kharvi", "+919900112233"}, {"KA-GP-0002", "Ganesh Tandel", "+919900445566"}} {
		m, _, err := reg.CreateCrewMember(ctx, admin, models.CrewMember{IndivcNumber: n.indivc, Name: n.name, Phone: n.phone,
			PreferredLanguage: "kn", JurisdictionID: f.ids["KARWAR"]})
		f.must(err)
		cert(models.Certificate{CrewMemberID: &m.ID, Kind: "gp_rating", Grade: "gp_rating", Number: "GP-SECRET-" + n.indivc, IssuedOn: day(-400 + i)})
		_, _, err = reg.AddVesselCrew(ctx, admin, models.VesselCrew{VesselID: v.ID, CrewMemberID: m.ID, Role: "gp_rating", SignedOn: day(-20)})
		f.must(err)
		f.crew = append(f.crew, m)
		f.secret = append(f.secret, n.indivc, n.name, "Kharvi", "Tandel", n.phone, "GP-SECRET-"+n.indivc, m.ID.String())
	}
	f.boat, f.owner = v, o
}

// get sends a GET over the listener from client address addr, with
// header name/value pairs; redirects are not followed.
func (f *publicFixture) get(path, addr string, headers ...string) response {
	f.t.Helper()
	req, err := http.NewRequest("GET", f.base+path, nil)
	f.must(err)
	req.Header.Set("X-Forwarded-For", addr)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.Do(req)
	f.must(err)
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	return response{status: res.StatusCode, header: res.Header, body: out}
}
