package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"gorm.io/gorm"

	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/rules"
)

// overdueVesselsSQL streams live vessels with their latest survey,
// pollution and licence certificates (set-based: lateral index lookups).
const overdueVesselsSQL = `
SELECT v.id, v.name, v.registration_number, v.kind, v.regime, v.survey_anniversary, v.jurisdiction_id, v.owner_id,
       o.name, o.email, o.preferred_language,
       s.issued_on, s.expires_on, s.number, p.issued_on, l.issued_on, l.expires_on, l.number
FROM vessels v
JOIN owners o ON o.id = v.owner_id
LEFT JOIN LATERAL (SELECT issued_on, expires_on, number FROM certificates
                   WHERE vessel_id = v.id AND kind = 'survey' AND deleted_at IS NULL AND status = 'valid'
                   ORDER BY issued_on DESC, id DESC LIMIT 1) s ON true
LEFT JOIN LATERAL (SELECT issued_on FROM certificates
                   WHERE vessel_id = v.id AND kind = 'pollution' AND deleted_at IS NULL AND status = 'valid'
                   ORDER BY issued_on DESC, id DESC LIMIT 1) p ON true
LEFT JOIN LATERAL (SELECT issued_on, expires_on, number FROM certificates
                   WHERE vessel_id = v.id AND kind = 'licence' AND deleted_at IS NULL AND status = 'valid'
                   ORDER BY issued_on DESC, id DESC LIMIT 1) l ON true
WHERE v.deleted_at IS NULL AND v.status <> 'cancelled'`

type overdueVessel struct {
	vesselRow
	kind, regime                 string
	anniversary                  *time.Time
	surveyIssued, surveyExpires  *time.Time
	surveyNo                     *string
	pollutionIssued              *time.Time
	licenceIssued, licenceExpiry *time.Time
	licenceNo                    *string
}

// overdue is one overdue obligation found for a vessel.
type overdue struct {
	flag     string
	doc      string // the inspection_overdue template's kind
	due      rules.Date
	citation rules.Citation
}

// inspectionOverdue is the inspection-overdue job: non-mechanised survey
// windows closed without a survey, Paradip licences past 31 March,
// pollution inspections past 12 months, non-mechanised late renewal (60
// days) and registration lapse (2 years without survey) → flags; owners
// (email and feed) and the jurisdiction's supervisors (feed) are told.
func (s *Service) inspectionOverdue(ctx context.Context, r *Run) error {
	sups, err := s.supervisors(ctx, r.Today)
	if err != nil {
		return err
	}
	scan := func(rows pgx.Rows, v *overdueVessel) error {
		return rows.Scan(
			&v.ID,
			&v.Name,
			&v.RegistrationNumber,
			&v.kind,
			&v.regime,
			&v.anniversary,
			&v.JurisdictionID,
			&v.OwnerID,
			&v.OwnerName,
			&v.Email,
			&v.PreferredLanguage,
			&v.surveyIssued,
			&v.surveyExpires,
			&v.surveyNo,
			&v.pollutionIssued,
			&v.licenceIssued,
			&v.licenceExpiry,
			&v.licenceNo,
		)
	}
	return streamChunks(ctx, s, r, streamed{"vessels", "vessel", "vessels_scanned"}, overdueVesselsSQL, nil, scan,
		func(chunk []overdueVessel) error { return s.overdueChunk(ctx, r, chunk, sups) })
}

func (s *Service) overdueChunk(
	ctx context.Context,
	r *Run,
	chunk []overdueVessel,
	sups map[uuid.UUID][]notify.Recipient,
) error {
	var flags []Flag
	var notices []notify.Notice
	for _, v := range chunk {
		for _, o := range overdues(v, r.Today) {
			vid, oid := v.ID, v.OwnerID
			flags = append(flags, Flag{Kind: o.flag, SubjectType: subjectVessel, SubjectID: v.ID, Document: o.doc, Due: o.due,
				JurisdictionID: v.JurisdictionID, OwnerID: &oid, VesselID: &vid, Citation: string(o.citation)})
			if !o.announce(r.Today) {
				continue
			}
			data := notify.Data{
				Vessel:   v.label(),
				Doc:      o.doc,
				Due:      dbDate(o.due),
				Days:     r.Today.DaysUntil(o.due),
				Citation: string(o.citation),
			}
			key := fmt.Sprintf("overdue:%s:%s:%s", o.flag, v.ID, o.due)
			notices = append(
				notices,
				notify.Notice{Template: notify.TplInspectionOverdue, DedupeKey: key, Recipient: v.recipient(), Data: data},
			)
			for _, sup := range sups[v.JurisdictionID] {
				sup.Email = "" // supervisors read these in the app; owners also by email
				notices = append(
					notices,
					notify.Notice{Template: notify.TplInspectionOverdue, DedupeKey: key, Recipient: sup, Data: data},
				)
			}
		}
	}
	if len(flags) == 0 {
		return nil
	}
	return s.inTx(ctx, func(tx *gorm.DB) error {
		if _, err := s.raise(ctx, tx, r, flags); err != nil {
			return err
		}
		return s.enqueue(ctx, tx, r, notices)
	})
}

// announce reports whether today is a day to tell people: the first day
// the obligation is late (for a registration lapse, the lapse date itself),
// or up to catchUpDays after it.
func (o overdue) announce(today rules.Date) bool {
	if o.flag == FlagRegistrationLapse {
		late := o.due.DaysUntil(today)
		return late >= 0 && late <= catchUpDays
	}
	return justPassed(o.due, today)
}

// overdues applies the law to one vessel on today.
func overdues(v overdueVessel, today rules.Date) []overdue {
	var out []overdue
	if v.kind == string(rules.KindNonMechanised) {
		out = append(out, surveyWindowOverdue(v, today)...)
		if v.surveyIssued != nil {
			exp, _, ok := rules.CertificateExpiry(
				rules.CertificateRecord{
					Kind:      rules.CertNonMechSurvey,
					IssuedOn:  ruleDate(*v.surveyIssued),
					ExpiresOn: ruleDatePtr(v.surveyExpires),
				},
			)
			if ok && today.After(rules.LateRenewalDeadline(exp)) {
				out = append(
					out,
					overdue{FlagLateRenewal, "late_renewal", rules.LateRenewalDeadline(exp), "Karnataka 2025, r.113(2)"},
				)
			}
			if lapse := rules.RegistrationLapseDate(exp); ok && !today.Before(lapse) {
				out = append(out, overdue{FlagRegistrationLapse, "registration_lapse", lapse, "Karnataka 2025, r.106(b)"})
			}
		}
	}
	if v.regime == string(rules.RegimeKarnataka2025) && v.kind == string(rules.KindMechanised) &&
		v.pollutionIssued != nil {
		if due := rules.PollutionInspectionDue(ruleDate(*v.pollutionIssued)); today.After(due) {
			out = append(out, overdue{FlagPollutionOverdue, "pollution_inspection", due, "Karnataka 2025, r.63"})
		}
	}
	if v.regime == string(rules.RegimeParadip1967) && v.licenceIssued != nil {
		exp, cite, ok := rules.CertificateExpiry(
			rules.CertificateRecord{
				Kind:      rules.CertParadipLicence,
				IssuedOn:  ruleDate(*v.licenceIssued),
				ExpiresOn: ruleDatePtr(v.licenceExpiry),
			},
		)
		if ok && today.After(exp) {
			out = append(out, overdue{FlagLicenceLapsed, "licence_year", exp, cite + "; r.11"})
		}
	}
	return out
}

// surveyWindowOverdue finds the latest survey window closed before today
// (anniversary ± 3 months) with no survey issued since it opened.
func surveyWindowOverdue(v overdueVessel, today rules.Date) []overdue {
	if v.anniversary == nil {
		return nil
	}
	first := ruleDate(*v.anniversary)
	for y := today.Year; y >= today.Year-1; y-- {
		open, closes := rules.SurveyWindow(first, y)
		if !closes.Before(today) {
			continue
		}
		if y <= first.Year || v.surveyIssued != nil && !ruleDate(*v.surveyIssued).Before(open) {
			return nil
		}
		return []overdue{{FlagSurveyOverdue, "survey_window", closes, "Karnataka 2025, r.102(1)(n), r.109(2)"}}
	}
	return nil
}

// supervisors maps each jurisdiction to its supervisors assigned on the date.
func (s *Service) supervisors(ctx context.Context, on rules.Date) (map[uuid.UUID][]notify.Recipient, error) {
	var rows []struct {
		JurisdictionID, ID             uuid.UUID
		Name, Email, PreferredLanguage string
	}
	day := dbDate(on)
	err := s.d.DB.Gorm.WithContext(ctx).Raw(`SELECT uj.jurisdiction_id, u.id, u.name, u.email, u.preferred_language
		FROM users u JOIN user_jurisdictions uj ON uj.user_id = u.id
		WHERE u.role = 'supervisor' AND u.disabled_at IS NULL AND u.deleted_at IS NULL
		  AND uj.starts_on <= ? AND (uj.ends_on IS NULL OR uj.ends_on >= ?)`, day, day).Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("supervisors: %w", err)
	}
	out := map[uuid.UUID][]notify.Recipient{}
	for _, x := range rows {
		out[x.JurisdictionID] = append(
			out[x.JurisdictionID],
			notify.Recipient{Type: notify.RecipientUser, ID: x.ID, Name: x.Name, Email: x.Email, Language: x.PreferredLanguage},
		)
	}
	return out, nil
}
