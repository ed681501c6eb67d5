package console_test

import (
	"net/http"
	"net/url"
	"strconv"
	"testing"

	"github.com/tindal/tindal/web/webtest"
)

// TestRegistrarDeletesARecordAtTheVersionShown walks the deletions of the
// register (one handler serves all four): a stale version shows the
// conflict and deletes nothing; the version shown tombstones the record;
// another office's registrar gets the API's 404 and deletes nothing; an
// owner who still has vessels is refused.
func TestRegistrarDeletesARecordAtTheVersionShown(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	karwar := newClient(t, s)
	karwar.signIn("registrar.karwar@demo.tindal")
	other := newClient(t, s)
	other.signIn(mangaluruRegistrar(t, s))
	for _, tc := range []struct{ table, path string }{
		{"certificates", "/console/certificates/"},
		{"crew_members", "/console/crew/"},
	} {
		t.Run(tc.table, func(t *testing.T) {
			var row struct {
				ID      string
				Version int64
			}
			q := `SELECT t.id::text AS id, t.version FROM ` + tc.table + ` t
				JOIN jurisdictions j ON j.id = t.jurisdiction_id
				WHERE j.code = 'KARWAR' AND t.deleted_at IS NULL ORDER BY t.id LIMIT 1`
			if err := s.DB.Gorm.Raw(q).Scan(&row).Error; err != nil || row.ID == "" {
				t.Fatalf("no Karwar row in %s: %v", tc.table, err)
			}
			deleted := func() bool {
				var n int64
				if err := s.DB.Gorm.Raw(`SELECT count(*) FROM `+tc.table+` WHERE id = ? AND deleted_at IS NOT NULL`, row.ID).
					Scan(&n).Error; err != nil {
					t.Fatal(err)
				}
				return n == 1
			}
			post := func(c *client, version int64) answer {
				tok := c.csrf("/console/")
				res, _ := c.do("POST", tc.path+row.ID+"/delete",
					url.Values{"csrf": {tok}, "version": {strconv.FormatInt(version, 10)}}, nil)
				return res
			}
			if res := post(other, row.Version); res.StatusCode != http.StatusNotFound || deleted() {
				t.Fatalf("another office's registrar: %d, deleted %v", res.StatusCode, deleted())
			}
			if res := post(karwar, row.Version+1); res.StatusCode == http.StatusSeeOther || deleted() {
				t.Fatalf("a stale version: %d, deleted %v", res.StatusCode, deleted())
			}
			if res := post(karwar, row.Version); res.StatusCode != http.StatusSeeOther || !deleted() {
				t.Fatalf("the version shown: %d, deleted %v", res.StatusCode, deleted())
			}
		})
	}
	t.Run("an owner with vessels", func(t *testing.T) {
		var row struct {
			ID      string
			Version int64
		}
		if err := s.DB.Gorm.Raw(`SELECT o.id::text AS id, o.version FROM owners o
			WHERE EXISTS (SELECT 1 FROM vessels v WHERE v.owner_id = o.id AND v.deleted_at IS NULL)
			AND o.jurisdiction_id = (SELECT id FROM jurisdictions WHERE code = 'KARWAR') LIMIT 1`).Scan(&row).Error; err != nil || row.ID == "" {
			t.Fatalf("no Karwar owner with vessels: %v", err)
		}
		tok := karwar.csrf("/console/")
		res, _ := karwar.do("POST", "/console/owners/"+row.ID+"/delete",
			url.Values{"csrf": {tok}, "version": {strconv.FormatInt(row.Version, 10)}}, nil)
		if res.StatusCode == http.StatusSeeOther {
			t.Error("an owner who still has vessels was deleted")
		}
	})
}
