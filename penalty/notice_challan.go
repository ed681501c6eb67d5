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

type challanRow struct {
	InspectionID uuid.UUID
	Lat, Lon     *float64
	Registry     string
	MasterName   *string
	MasterCoC    *string
	OfficerName  *string
	OfficerRole  *string
}

// challanSQL reads, per inspection, its position, the vessel's registry
// office, the master on the crew list on the inspection's day (India) with
// the number of the master's latest Certificate of Competency, and the
// inspector: one query for every notice of a page.
const challanSQL = `
SELECT i.id AS inspection_id, i.lat, i.lon, COALESCE(j.name, '') AS registry,
       m.name AS master_name, coc.number AS master_co_c, u.name AS officer_name, u.role AS officer_role
FROM inspections i
JOIN vessels v ON v.id = i.vessel_id
LEFT JOIN jurisdictions j ON j.id = v.jurisdiction_id
LEFT JOIN users u ON u.id = i.inspector_id
LEFT JOIN LATERAL (
    SELECT cm.id, cm.name FROM vessel_crew vc JOIN crew_members cm ON cm.id = vc.crew_member_id
    WHERE vc.vessel_id = i.vessel_id AND vc.role = 'master' AND vc.deleted_at IS NULL
      AND vc.signed_on <= (i.started_at AT TIME ZONE 'Asia/Kolkata')::date
      AND (vc.signed_off IS NULL OR vc.signed_off >= (i.started_at AT TIME ZONE 'Asia/Kolkata')::date)
    ORDER BY vc.signed_on DESC, vc.id LIMIT 1) m ON true
LEFT JOIN LATERAL (
    SELECT c.number FROM certificates c
    WHERE c.crew_member_id = m.id AND c.kind = 'competency' AND c.deleted_at IS NULL
    ORDER BY c.issued_on DESC, c.id LIMIT 1) coc ON true
WHERE i.id IN ?`

// loadChallans reads what the Form-18 layout of every notice needs, in two
// queries whatever the number of notices.
func loadChallans(ctx context.Context, tx *storage.Tx, vs []NoticeView) error {
	var rows []challanRow
	ids := column(vs, func(v NoticeView) uuid.UUID { return v.Notice.InspectionID })
	if err := tx.DB.WithContext(ctx).Raw(challanSQL, ids).Scan(&rows).Error; err != nil {
		return fmt.Errorf("notice challans: %w", err)
	}
	codes, err := offenceCodes(ctx, tx, vs)
	if err != nil {
		return err
	}
	for i := range vs {
		for _, r := range rows {
			if r.InspectionID == vs[i].Notice.InspectionID {
				vs[i].Challan = r.challan()
			}
		}
		var found []rules.Code
		for _, l := range vs[i].Lines {
			if l.Status == string(rules.OffenceSetAside) || l.Status == LineCancelled {
				continue // a box is ticked for what stands
			}
			found = append(found, codes[l.OffenceID]...)
		}
		vs[i].Challan.Grounds = rules.Form18Found(found)
	}
	return nil
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
