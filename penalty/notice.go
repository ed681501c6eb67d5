package penalty

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/document"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
)

// EntityNotice is the audit entity of penalty notices.
const EntityNotice = "penalty_notice"

// NoticeLine is one penalty of a notice revision: the Sch-IV row, the
// liable person, the amount, the repeat level and the trace of how the
// amount was reached (the doubling, docs/LAW.md §5.2). Previous* are set in a
// revision on the lines that changed since the revision it follows.
type NoticeLine struct {
	PenaltyID uuid.UUID `json:"penalty_id"`
	OffenceID uuid.UUID `json:"offence_id"`
	Row       string    `json:"row"`
	Sl        int       `json:"sl"`
	Citation  string    `json:"citation"`
	PartyKind string    `json:"party_kind"`
	// the crew member's or passenger's recorded ID; "" for the owner and the unidentified
	PartyRef       string       `json:"party_ref"`
	Persons        int          `json:"persons"`
	Level          int          `json:"level"`
	UnitAmount     int64        `json:"unit_amount"`
	Amount         int64        `json:"amount"`
	Status         string       `json:"status"` // charged | set_aside | cancelled
	EscalatedFrom  *uuid.UUID   `json:"escalated_from,omitempty"`
	Trace          []rules.Step `json:"trace"`
	PreviousAmount *int64       `json:"previous_amount,omitempty"`
	PreviousLevel  *int         `json:"previous_level,omitempty"`
	PreviousStatus string       `json:"previous_status,omitempty"`
	Why            string       `json:"why,omitempty"`
}

// LineCancelled is a line status beyond the offence statuses: the offence
// is no longer recorded.
const LineCancelled = "cancelled"

// changed reports whether a line differs from its previous revision.
func (l NoticeLine) changed() bool { return l.PreviousAmount != nil }

type lineRow struct {
	PenaltyID     uuid.UUID
	OffenceID     uuid.UUID
	PenaltyRow    string
	PartyKind     string
	PartyRef      string
	Persons       int
	Level         int
	UnitAmount    int64
	Amount        int64
	Status        string
	EscalatedFrom *uuid.UUID
	Trace         []byte
}

func lineOf(r lineRow) NoticeLine {
	l := NoticeLine{
		PenaltyID:     r.PenaltyID,
		OffenceID:     r.OffenceID,
		Row:           r.PenaltyRow,
		PartyKind:     r.PartyKind,
		Persons:       r.Persons,
		Level:         r.Level,
		UnitAmount:    r.UnitAmount,
		Amount:        r.Amount,
		Status:        r.Status,
		EscalatedFrom: r.EscalatedFrom,
		Trace:         []rules.Step{},
	}
	if r.PartyKind != string(rules.PartyOwner) && !anonymous(r.PartyRef) {
		l.PartyRef = r.PartyRef
	}
	if row, ok := rules.PenaltyRowByID(rules.PenaltyRowID(r.PenaltyRow)); ok {
		l.Sl, l.Citation = row.Sl, string(row.Citation)
	}
	var tr rules.Trace
	if json.Unmarshal(r.Trace, &tr) == nil && tr.Steps != nil {
		l.Trace = tr.Steps
	}
	return l
}

// total is what the lines charge.
func total(lines []NoticeLine) int64 {
	var n int64
	for _, l := range lines {
		n += l.Amount
	}
	return n
}

// IssueNotice issues the penalty notice of an inspection just approved, in
// the approval's transaction, after its chains were recomputed: the number
// is the office's next (a counter row locked FOR UPDATE, so numbers are
// gap-free — a rolled-back approval rolls its number back too) and
// revision 1 holds every penalty. An inspection without offences gets no
// notice: there is nothing to charge.
func (s *Service) IssueNotice(ctx context.Context, w Unit, sc models.Scope, r *models.Inspection) error {
	lines, err := currentLines(ctx, w.Tx(), r.ID)
	if err != nil || len(lines) == 0 {
		return err
	}
	var j models.Jurisdiction
	if err := w.Tx().DB.WithContext(ctx).Where("id = ?", r.JurisdictionID).Take(&j).Error; err != nil {
		return fmt.Errorf("notice jurisdiction: %w", err)
	}
	if err := ServesChallan(j.Regime); err != nil {
		return err // the Sch-IV penalties are Karnataka 2025's: no other regime prices an offence
	}
	seq, err := nextNoticeSeq(ctx, w.Tx(), j.ID)
	if err != nil {
		return err
	}
	number, err := storage.LegalNumber(ctx, w.Tx().DB, fmt.Sprintf("%s/PN/%06d", j.Code, seq))
	if err != nil {
		return err
	}
	now := s.clock().UTC()
	n := models.PenaltyNotice{
		ID:             uuid.Must(uuid.NewV7()),
		InspectionID:   r.ID,
		JurisdictionID: j.ID,
		OwnerID:        r.OwnerID,
		VesselID:       r.VesselID,
		Seq:            seq,
		Number:         number,
		Regime:         j.Regime,
		ServedOn:       noticeDate(now),
		IssuedBy:       sc.UserID,
		Revision:       1,
		Version:        1,
		CreatedAt:      now,
		UpdatedAt:      now,
	}
	if err := w.Tx().DB.WithContext(ctx).Create(&n).Error; err != nil {
		return storage.MapError(fmt.Errorf("insert penalty notice: %w", err), "penalty notice")
	}
	if err := insertRevision(ctx, w.Tx(), &n, nil, "issued on approval of the inspection", lines); err != nil {
		return err
	}
	// Served: a later increase of these penalties (a late earlier offence
	// making one a repeat) is only proposed (chain.go adjust) until a
	// supervisor confirms it (DecideRise, notice_rise.go); decreases apply.
	if err := w.Tx().
		DB.WithContext(ctx).
		Exec(`UPDATE penalties SET notice_issued_at = ? WHERE inspection_id = ? AND notice_issued_at IS NULL`,
			now, r.ID).
		Error; err != nil {
		return fmt.Errorf("mark penalties served: %w", err)
	}
	w.Audit(
		"penalty_notice.issue",
		EntityNotice,
		n.ID,
		map[string]any{"number": n.Number, "inspection_id": r.ID, "total": total(lines)},
	)
	w.AfterCommit(func() { s.counters.notices.WithLabelValues(j.ID.String()).Inc() })
	return nil
}

// nextNoticeSeq takes the office's next notice number under the lock of
// its counter row, held until commit.
func nextNoticeSeq(ctx context.Context, tx *storage.Tx, jurisdiction uuid.UUID) (int64, error) {
	db := tx.DB.WithContext(ctx)
	if err := db.Exec(
		`INSERT INTO penalty_notice_counters (jurisdiction_id) VALUES (?) ON CONFLICT DO NOTHING`,
		jurisdiction,
	).Error; err != nil {
		return 0, fmt.Errorf("notice counter: %w", err)
	}
	var last int64
	if err := db.Raw(`SELECT last_seq FROM penalty_notice_counters WHERE jurisdiction_id = ? FOR UPDATE`, jurisdiction).
		Scan(&last).
		Error; err != nil {
		return 0, fmt.Errorf("lock notice counter: %w", err)
	}
	if err := db.Exec(
		`UPDATE penalty_notice_counters SET last_seq = ? WHERE jurisdiction_id = ?`,
		last+1,
		jurisdiction,
	).Error; err != nil {
		return 0, fmt.Errorf("advance notice counter: %w", err)
	}
	return last + 1, nil
}

// insertRevision writes revision n.Revision of a notice and issues its
// verification code (documents table, GET /v/{code}); the revision it
// follows, if any, is superseded from now on.
func insertRevision(
	ctx context.Context,
	tx *storage.Tx,
	n *models.PenaltyNotice,
	prev *int,
	reason string,
	lines []NoticeLine,
) error {
	b, err := json.Marshal(lines)
	if err != nil {
		return fmt.Errorf("encode notice lines: %w", err)
	}
	now := time.Now().UTC()
	err = tx.DB.WithContext(ctx).
		Exec(`INSERT INTO penalty_notice_revisions (notice_id, revision, previous, reason, lines, total, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, n.ID, n.Revision, prev, reason, string(b), total(lines), now).
		Error
	if err != nil {
		return fmt.Errorf("insert notice revision: %w", err)
	}
	if prev != nil {
		if err := document.SetStatus(
			ctx,
			tx.DB,
			document.KindPenaltyNotice,
			revisionRef(n.ID, *prev),
			document.StatusSuperseded,
			now,
		); err != nil {
			return err
		}
	}
	return document.Issue(
		ctx,
		tx.DB,
		document.Record{
			Code:  document.NewCode(),
			Kind:  document.KindPenaltyNotice,
			RefID: revisionRef(n.ID, n.Revision),
			Number: revisionNumber(
				n.Number,
				n.Revision,
			),
			JurisdictionID: n.JurisdictionID,
			VesselID:       n.VesselID,
			Status:         document.StatusValid,
			IssuedAt:       now,
		},
	)
}

// revisionRef names one revision of a notice in the documents table, whose
// ref_id is unique per kind: a name-based UUID of the notice and revision,
// so that each revision has its own code without a column to hold it.
func revisionRef(notice uuid.UUID, rev int) uuid.UUID {
	return uuid.NewSHA1(notice, []byte("revision "+strconv.Itoa(rev)))
}

// revisionNumber is what GET /v/{code} names: the notice and its revision.
func revisionNumber(number string, rev int) string {
	return fmt.Sprintf("%s revision %d", number, rev)
}
