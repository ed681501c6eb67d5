package penalty

// The penalty chain's reads that join or aggregate, in one file
// (docs/ARCHITECTURE.md, the database rule).

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
)

// currentLines are the live penalties of an inspection's charged (or set
// aside) offences, in row and person order.
func currentLines(ctx context.Context, tx *storage.Tx, inspection uuid.UUID) ([]NoticeLine, error) {
	var rows []lineRow
	err := tx.DB.WithContext(ctx).
		Raw(`SELECT p.id AS penalty_id, p.offence_id, p.penalty_row, lp.kind AS party_kind, lp.ref AS party_ref,
		o.persons, p.level, p.unit_amount, p.amount, o.status, p.escalated_from, p.trace
		FROM penalties p JOIN offences o ON o.id = p.offence_id JOIN liable_parties lp ON lp.id = p.party_id
		WHERE p.inspection_id = ? AND p.deleted_at IS NULL AND o.deleted_at IS NULL AND o.status IN ('charged', 'set_aside')
		ORDER BY p.penalty_row, lp.kind, lp.ref, p.id`, inspection).
		Scan(&rows).
		Error
	if err != nil {
		return nil, fmt.Errorf("notice lines: %w", err)
	}
	out := make([]NoticeLine, 0, len(rows))
	for _, r := range rows {
		out = append(out, lineOf(r))
	}
	return out, nil
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
