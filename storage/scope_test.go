package storage_test

import (
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// TestScopedReachesWhatTheScopingSays: the one scope filter, for every
// access level and maker rule, reaches exactly the rows it names and
// nothing of another office or owner.
func TestScopedReachesWhatTheScopingSays(t *testing.T) {
	karwar, mangaluru := uuid.New(), uuid.New()
	ownerK, ownerM := uuid.New(), uuid.New()
	inspector, other := uuid.New(), uuid.New()
	at := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	rows := map[string]pageRow{
		"karwar":             {ID: uuid.New(), At: at, JurisdictionID: karwar, OwnerID: ownerK, InspectorID: other},
		"mangaluru":          {ID: uuid.New(), At: at, JurisdictionID: mangaluru, OwnerID: ownerM, InspectorID: other},
		"mangaluru, by mine": {ID: uuid.New(), At: at, JurisdictionID: mangaluru, OwnerID: ownerM, InspectorID: inspector},
	}
	var all []pageRow
	for _, r := range rows {
		all = append(all, r)
	}
	g := pageTable(t, all)
	officialOf := func(role models.Role, js ...uuid.UUID) models.Scope {
		return models.Scope{UserID: inspector, Role: role, Access: models.AccessJurisdiction, Jurisdictions: js}
	}
	withMaker := func(r storage.MakerRule) storage.Scoping {
		s := storage.ByJurisdiction
		s.Maker, s.Makers = "inspector_id", r
		return s
	}
	for _, c := range []struct {
		name    string
		sc      models.Scope
		scoping storage.Scoping
		want    []string
	}{
		{"admin reaches everything", models.Scope{Access: models.AccessAll}, storage.ByJurisdiction, []string{"karwar", "mangaluru", "mangaluru, by mine"}},
		{"a Karwar supervisor reaches Karwar only", officialOf(models.RoleSupervisor, karwar), storage.ByJurisdiction, []string{"karwar"}},
		{"an official with no jurisdiction reaches nothing", officialOf(models.RoleSupervisor), storage.ByJurisdiction, nil},
		{"an owner reaches their own", models.Scope{Access: models.AccessOwn, OwnerID: &ownerK}, storage.ByJurisdiction, []string{"karwar"}},
		{"an owner without an account reaches nothing", models.Scope{Access: models.AccessOwn}, storage.ByJurisdiction, nil},
		{"an owner of a table without owners reaches nothing", models.Scope{Access: models.AccessOwn, OwnerID: &ownerK}, storage.Scoping{Jurisdiction: "jurisdiction_id IN ?"}, nil},
		{"no access reaches nothing", models.Scope{}, storage.ByJurisdiction, nil},
		{"inspections: an inspector only what they made", officialOf(models.RoleInspector, karwar), withMaker(storage.InspectorsOnlyMade), []string{"mangaluru, by mine"}},
		{"inspections: a supervisor the jurisdiction's", officialOf(models.RoleSupervisor, karwar), withMaker(storage.InspectorsOnlyMade), []string{"karwar"}},
		{"detention: an inspector the jurisdiction's and what they made", officialOf(models.RoleInspector, karwar), withMaker(storage.InspectorsAlsoMade), []string{"karwar", "mangaluru, by mine"}},
		{"detention: a supervisor only the jurisdiction's", officialOf(models.RoleSupervisor, karwar), withMaker(storage.InspectorsAlsoMade), []string{"karwar"}},
		{"photos: any official also what they made", officialOf(models.RoleSupervisor, karwar), withMaker(storage.OfficialsAlsoMade), []string{"karwar", "mangaluru, by mine"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got []pageRow
			if err := storage.Scoped(g.Table("page_rows"), c.sc, c.scoping).Where("at = ?", at).Find(&got).Error; err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, r := range got {
				for name, want := range rows {
					if want.ID == r.ID {
						names = append(names, name)
					}
				}
			}
			slices.Sort(names)
			if !slices.Equal(names, c.want) {
				t.Errorf("reached %q, want %q", names, c.want)
			}
		})
	}
}
