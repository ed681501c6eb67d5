package penalty

import (
	"context"
	"fmt"
	"strconv"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
)

// Challan is what the notice prints in the Form-18 layout (Karnataka 2025,
// Sch-I Form-18, r.13) beyond its lines: the boxes the deficiencies tick,
// where the vessel was, who was master with which Certificate of
// Competency, where it is registered, and the officer who inspected.
type Challan struct {
	Grounds      []string // Form-18 boxes found, "a".."i" (rules.Form18Found)
	Location     string   // the inspection's position, "lat, lon"; "" when not recorded
	Registry     string   // the office the vessel is registered at
	MasterName   string   // the master signed on at the inspection; ""
	MasterCoC    string   // the master's latest Certificate of Competency number; ""
	OfficerName  string   // the inspecting officer
	OfficerRole  string   // the officer's role (inspector, supervisor, ...)
	InspectionID uuid.UUID
}

func (r challanRow) challan() Challan {
	c := Challan{InspectionID: r.InspectionID, Registry: r.Registry, MasterName: deref(r.MasterName),
		MasterCoC: deref(r.MasterCoC), OfficerName: deref(r.OfficerName), OfficerRole: deref(r.OfficerRole)}
	if r.Lat != nil && r.Lon != nil {
		c.Location = strconv.FormatFloat(*r.Lat, 'f', 5, 64) + ", " + strconv.FormatFloat(*r.Lon, 'f', 5, 64)
	}
	return c
}

// offenceCodes reads the deficiency codes of every line's offence.
func offenceCodes(ctx context.Context, tx *storage.Tx, vs []NoticeView) (map[uuid.UUID][]rules.Code, error) {
	var ids []uuid.UUID
	for _, v := range vs {
		for _, l := range v.Lines {
			ids = append(ids, l.OffenceID)
		}
	}
	out := map[uuid.UUID][]rules.Code{}
	if len(ids) == 0 {
		return out, nil
	}
	var offences []models.Offence
	if err := tx.DB.WithContext(ctx).Unscoped().Select("id", "codes").Where("id IN ?", ids).
		Find(&offences).Error; err != nil {
		return nil, fmt.Errorf("notice offence codes: %w", err)
	}
	for _, o := range offences {
		for _, c := range o.Codes {
			out[o.ID] = append(out[o.ID], rules.Code(c))
		}
	}
	return out, nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
