package notify

import (
	"context"
	"crypto/sha256"
	"fmt"
	"time"

	"github.com/google/uuid"
)

// Rectification is an open finding with a rectification date: the owner
// must put it right by Due (the action code's period, rules.DueFor).
type Rectification struct {
	FindingID uuid.UUID
	Code      string
	Vessel    string // "Name (REG)"
	Found     time.Time
	Due       time.Time
}

// PenaltyWindow is a charged fine whose notice (challan) was issued: it
// opens a payment window and an appeal window, counted by the vessel's
// regime (docs/LAW.md §11 Q10).
type PenaltyWindow struct {
	PenaltyID uuid.UUID
	Vessel    string
	Regime    string
	Row       string
	Amount    int64
	Notice    time.Time
}

// Detention is an inspection that proposed detaining a vessel. The
// enforcement workflow (orders, release) is not built yet: this is all
// the data that exists about a detention today.
type Detention struct {
	InspectionID uuid.UUID
	Vessel       string
	Date         time.Time
}

// InspectionDeadlines are an owner's dated obligations that come from
// inspections rather than from the registry.
type InspectionDeadlines struct {
	Rectifications []Rectification
	Penalties      []PenaltyWindow
	Detentions     []Detention
}

// InspectionDeadlines reads them for one owner. Withdrawn and discarded
// inspections, drafts and deleted rows do not count; neither do pending or
// set-aside offences nor penalties of no amount.
func (c *Calendars) InspectionDeadlines(ctx context.Context, ownerID uuid.UUID) (InspectionDeadlines, error) {
	var out InspectionDeadlines
	err := c.scan(ctx, `
		SELECT f.id, f.code, v.name || ' (' || v.registration_number || ')', i.started_at, f.due_date::timestamp
		FROM findings f JOIN inspections i ON i.id = f.inspection_id JOIN vessels v ON v.id = i.vessel_id
		WHERE f.owner_id = $1 AND NOT f.rectified AND f.due_date IS NOT NULL AND f.deleted_at IS NULL
		  AND i.deleted_at IS NULL AND i.status IN ('submitted', 'approved')
		ORDER BY f.due_date, f.id`, ownerID, func(s scanner) error {
		var r Rectification
		err := s.Scan(&r.FindingID, &r.Code, &r.Vessel, &r.Found, &r.Due)
		out.Rectifications = append(out.Rectifications, r)
		return err
	})
	if err != nil {
		return out, err
	}
	err = c.scan(ctx, `
		SELECT p.id, v.name || ' (' || v.registration_number || ')', v.regime, p.penalty_row, p.amount, p.notice_issued_at
		FROM penalties p JOIN offences o ON o.id = p.offence_id JOIN vessels v ON v.id = o.vessel_id
		WHERE p.owner_id = $1 AND p.notice_issued_at IS NOT NULL AND p.amount > 0 AND p.deleted_at IS NULL
		  AND o.status = 'charged' AND o.deleted_at IS NULL
		ORDER BY p.notice_issued_at, p.id`, ownerID, func(s scanner) error {
		var p PenaltyWindow
		err := s.Scan(&p.PenaltyID, &p.Vessel, &p.Regime, &p.Row, &p.Amount, &p.Notice)
		out.Penalties = append(out.Penalties, p)
		return err
	})
	if err != nil {
		return out, err
	}
	err = c.scan(ctx, `
		SELECT i.id, v.name || ' (' || v.registration_number || ')', i.started_at
		FROM inspections i JOIN vessels v ON v.id = i.vessel_id
		WHERE i.owner_id = $1 AND i.detention_proposed AND i.deleted_at IS NULL AND i.status IN ('submitted', 'approved')
		ORDER BY i.started_at, i.id`, ownerID, func(s scanner) error {
		var d Detention
		err := s.Scan(&d.InspectionID, &d.Vessel, &d.Date)
		out.Detentions = append(out.Detentions, d)
		return err
	})
	return out, err
}

type scanner interface{ Scan(dest ...any) error }

func (c *Calendars) scan(ctx context.Context, q string, owner uuid.UUID, row func(scanner) error) error {
	rows, err := c.DB.Pool.Query(ctx, q, owner)
	if err != nil {
		return fmt.Errorf("calendar deadlines: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		if err := row(rows); err != nil {
			return fmt.Errorf("calendar deadlines: %w", err)
		}
	}
	return rows.Err()
}

// Sequence sets each event's SEQUENCE: 0 the first time the owner's feed
// shows its UID, one more each time its date, title or description
// changed since the feed last showed it. One statement records the
// digests; a concurrent fetch of the same change bumps it once (the
// second sees the digest already stored).
func (c *Calendars) Sequence(ctx context.Context, ownerID uuid.UUID, events []Event) error {
	if len(events) == 0 {
		return nil
	}
	uids := make([]string, len(events))
	digests := make([][]byte, len(events))
	for i, e := range events {
		uids[i], digests[i] = e.UID, e.digest()
	}
	_, err := c.DB.Pool.Exec(ctx, `
		INSERT INTO calendar_events (owner_id, uid, digest)
		SELECT $1, u, d FROM unnest($2::text[], $3::bytea[]) AS t(u, d)
		ON CONFLICT (owner_id, uid) DO UPDATE SET digest = EXCLUDED.digest, sequence = calendar_events.sequence + 1,
		updated_at = now()
		WHERE calendar_events.digest <> EXCLUDED.digest`, ownerID, uids, digests)
	if err != nil {
		return fmt.Errorf("calendar sequence: %w", err)
	}
	rows, err := c.DB.Pool.Query(
		ctx,
		`SELECT uid, sequence FROM calendar_events WHERE owner_id = $1 AND uid = ANY($2)`,
		ownerID,
		uids,
	)
	if err != nil {
		return fmt.Errorf("calendar sequence: %w", err)
	}
	defer rows.Close()
	seq := map[string]int{}
	for rows.Next() {
		var u string
		var n int
		if err := rows.Scan(&u, &n); err != nil {
			return fmt.Errorf("calendar sequence: %w", err)
		}
		seq[u] = n
	}
	for i := range events {
		events[i].Sequence = seq[events[i].UID]
	}
	return rows.Err()
}

// digest is what a calendar app shows of the event: a change of any of it
// is a new SEQUENCE.
func (e Event) digest() []byte {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00%v", e.Date.UTC().Format("20060102"), e.Summary, e.Description, e.AlarmsDaysBefore)
	return h.Sum(nil)
}
