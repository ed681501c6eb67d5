package penalty

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
)

// reasonRecomputed is the reason of a revision the chain function caused.
const reasonRecomputed = "the penalty chain was recomputed"

type revisionRow struct {
	Revision  int
	Previous  *int
	Lines     []byte
	Current   bool // written by this transaction
	CreatedAt time.Time
}

// reviseNotices revises, after a chain recomputation of the parties, every
// issued notice with a penalty of theirs whose lines changed. The notices
// are locked in id order after the parties (lock order: parties, then
// notices). A notice is revised at most once per transaction: a second
// change in the same transaction rewrites the revision it wrote, so
// revision n+1 always differs from committed revision n.
func reviseNotices(ctx context.Context, tx *storage.Tx, parties []uuid.UUID) error {
	var ns []models.PenaltyNotice
	err := tx.DB.WithContext(ctx).Raw(`SELECT * FROM penalty_notices WHERE inspection_id IN
		(SELECT inspection_id FROM penalties WHERE party_id IN ?) ORDER BY id FOR UPDATE`, parties).Scan(&ns).Error
	if err != nil {
		return fmt.Errorf("lock penalty notices: %w", err)
	}
	for i := range ns {
		if _, err := reviseNotice(ctx, tx, &ns[i], reasonRecomputed); err != nil {
			return err
		}
	}
	return nil
}

// reviseNotice writes a new revision of a locked notice if its lines
// changed, and reports whether it did.
func reviseNotice(ctx context.Context, tx *storage.Tx, n *models.PenaltyNotice, reason string) (bool, error) {
	latest, err := loadRevision(ctx, tx, n.ID, n.Revision)
	if err != nil {
		return false, err
	}
	base := latest
	if latest.Current {
		if latest.Previous == nil {
			base = nil // issued in this transaction: revision 1 just follows the chain
		} else if base, err = loadRevision(ctx, tx, n.ID, *latest.Previous); err != nil {
			return false, err
		}
	}
	lines, err := currentLines(ctx, tx, n.InspectionID)
	if err != nil {
		return false, err
	}
	if base != nil {
		if lines, err = diffLines(ctx, tx, base, lines); err != nil {
			return false, err
		}
	}
	if sameLines(latest, lines) {
		return false, nil
	}
	if latest.Current {
		return true, rewriteRevision(ctx, tx, n.ID, n.Revision, lines)
	}
	prev := n.Revision
	n.Revision++
	if err := insertRevision(ctx, tx, n, &prev, reason, lines); err != nil {
		return false, err
	}
	err = tx.DB.WithContext(ctx).
		Exec(`UPDATE penalty_notices SET revision = ?, version = version + 1, updated_at = ? WHERE id = ?`,
			n.Revision, time.Now().UTC(), n.ID).
		Error
	if err != nil {
		return false, fmt.Errorf("update penalty notice: %w", err)
	}
	return true, tx.Audit(
		"penalty_notice.revise",
		EntityNotice,
		n.ID,
		map[string]any{"revision": prev},
		map[string]any{"revision": n.Revision, "reason": reason, "total": total(lines)},
	)
}

func loadRevision(ctx context.Context, tx *storage.Tx, notice uuid.UUID, rev int) (*revisionRow, error) {
	var r revisionRow
	err := tx.DB.WithContext(ctx).Raw(`SELECT revision, previous, lines, created_at, xid = txid_current() AS current
		FROM penalty_notice_revisions WHERE notice_id = ? AND revision = ?`, notice, rev).Scan(&r).Error
	if err != nil {
		return nil, fmt.Errorf("load notice revision: %w", err)
	}
	return &r, nil
}

// diffLines marks each line that changed since base with its previous
// amount, level and status and why it changed (the adjustment's reason),
// and keeps a line whose penalty is gone as cancelled (amount 0), so a
// revision shows every adjustment.
func diffLines(ctx context.Context, tx *storage.Tx, base *revisionRow, lines []NoticeLine) ([]NoticeLine, error) {
	var old []NoticeLine
	if err := json.Unmarshal(base.Lines, &old); err != nil {
		return nil, fmt.Errorf("decode notice lines: %w", err)
	}
	byPenalty := map[uuid.UUID]NoticeLine{}
	for _, l := range old {
		byPenalty[l.PenaltyID] = l
	}
	for i := range lines {
		o, ok := byPenalty[lines[i].PenaltyID]
		delete(byPenalty, lines[i].PenaltyID)
		if ok && (o.Amount != lines[i].Amount || o.Level != lines[i].Level || o.Status != lines[i].Status) {
			markPrevious(&lines[i], o)
		}
	}
	for _, o := range old {
		if _, gone := byPenalty[o.PenaltyID]; !gone {
			continue
		}
		l := o
		if o.Status == LineCancelled { // shown as cancelled once; carried on unchanged
			l.PreviousAmount, l.PreviousLevel, l.PreviousStatus, l.Why = nil, nil, "", ""
		} else {
			l.Amount, l.Level, l.Status, l.Trace = 0, 0, LineCancelled, []rules.Step{}
			markPrevious(&l, o)
		}
		lines = append(lines, l)
	}
	return lines, whyChanged(ctx, tx, lines)
}

func markPrevious(l *NoticeLine, o NoticeLine) {
	amount, level := o.Amount, o.Level
	l.PreviousAmount, l.PreviousLevel, l.PreviousStatus = &amount, &level, o.Status
}

// whyChanged fills in each changed line the reason of its penalty's latest
// adjustment.
func whyChanged(ctx context.Context, tx *storage.Tx, lines []NoticeLine) error {
	for i := range lines {
		if !lines[i].changed() {
			continue
		}
		var why string
		err := tx.DB.WithContext(ctx).
			Raw(`SELECT reason FROM penalty_adjustments WHERE penalty_id = ? ORDER BY revision DESC LIMIT 1`,
				lines[i].PenaltyID).
			Scan(&why).
			Error
		if err != nil {
			return fmt.Errorf("adjustment reason: %w", err)
		}
		if lines[i].Status == "set_aside" {
			why = "set aside on appeal"
		}
		lines[i].Why = why
	}
	return nil
}

// sameLines reports whether lines charge what revision r already charges:
// the same penalties, amounts, levels, statuses and persons (the markers of
// what changed before r are not a change).
func sameLines(r *revisionRow, lines []NoticeLine) bool {
	var old []NoticeLine
	if json.Unmarshal(r.Lines, &old) != nil || len(old) != len(lines) {
		return false
	}
	have := map[string]bool{}
	for _, l := range old {
		have[l.charge()] = true
	}
	for _, l := range lines {
		if !have[l.charge()] {
			return false
		}
	}
	return true
}

// charge is what a line charges, as a comparable key.
func (l NoticeLine) charge() string {
	from := ""
	if l.EscalatedFrom != nil {
		from = l.EscalatedFrom.String()
	}
	return fmt.Sprintf("%s|%d|%d|%d|%s|%d|%s", l.PenaltyID, l.Amount, l.Level, l.UnitAmount, l.Status, l.Persons, from)
}

func rewriteRevision(ctx context.Context, tx *storage.Tx, notice uuid.UUID, rev int, lines []NoticeLine) error {
	b, err := json.Marshal(lines)
	if err != nil {
		return fmt.Errorf("encode notice lines: %w", err)
	}
	err = tx.DB.WithContext(ctx).
		Exec(`UPDATE penalty_notice_revisions SET lines = ?, total = ? WHERE notice_id = ? AND revision = ?`,
			string(b), total(lines), notice, rev).
		Error
	if err != nil {
		return fmt.Errorf("rewrite notice revision: %w", err)
	}
	return nil
}

// setRevisionReason names why the revision this transaction wrote was made.
func setRevisionReason(ctx context.Context, tx *storage.Tx, notice uuid.UUID, reason string) error {
	err := tx.DB.WithContext(ctx).
		Exec(`UPDATE penalty_notice_revisions SET reason = ? WHERE notice_id = ? AND xid = txid_current() AND
			previous IS NOT NULL`,
			reason, notice).
		Error
	if err != nil {
		return fmt.Errorf("revision reason: %w", err)
	}
	return nil
}
