package console_test

import (
	"context"
	"fmt"
	"html"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/web/webtest"
)

var nextLink = regexp.MustCompile(`<a href="([^"]+)" rel="next">`)

// TestOwnersArePagedWithTheOnePager: more owners than a page holds are
// shown over two pages by the next link (the one pager's cursor), none
// twice and none left out, the search kept.
func TestOwnersArePagedWithTheOnePager(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	sc := scopeOf(t, s, "registrar.karwar@demo.tindal", "createOwner")
	karwar := idOf(t, s, `SELECT id FROM jurisdictions WHERE code = 'KARWAR'`)
	for i := range 55 {
		if _, _, err := s.Registry.CreateOwner(context.Background(), sc, models.Owner{Kind: "person",
			Name: fmt.Sprintf("Paging Owner %02d", i), JurisdictionID: karwar}); err != nil {
			t.Fatal(err)
		}
	}
	c := newClient(t, s)
	c.signIn("registrar.karwar@demo.tindal")
	seen := map[string]int{}
	path := "/console/owners?q=Paging"
	for pages := 0; path != ""; pages++ {
		if pages > 2 {
			t.Fatal("more pages than 55 owners need")
		}
		res, body := c.do("GET", path, nil, nil)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("%s answered %d", path, res.StatusCode)
		}
		for _, m := range regexp.MustCompile(`>(Paging Owner \d\d)</a>`).FindAllStringSubmatch(body, -1) {
			seen[m[1]]++
		}
		path = ""
		if m := nextLink.FindStringSubmatch(body); m != nil {
			path = html.UnescapeString(m[1])
			if !strings.Contains(path, "q=Paging") {
				t.Errorf("the next link %s drops the search", path)
			}
		}
	}
	if len(seen) != 55 {
		t.Errorf("%d owners shown, want 55", len(seen))
	}
	for name, n := range seen {
		if n != 1 {
			t.Errorf("%s shown %d times", name, n)
		}
	}
}
