package inspect

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// Deferred writes. A push chunk applies a whole offline day in one
// transaction, and most of it is answers and new findings: rows that only
// this transaction can touch while it holds the inspection's lock. With
// DeferWrites the work keeps those rows, and new photo records, in memory
// (the aggregate cache already is the truth for the commands) and writes
// them in a few multi-row statements before anything reads them from the
// database: before a finding is written by SQL, before a command that
// changes the inspection's photos by SQL (inspection.discard), and at
// Finish, after the recomputation has given new findings their derived
// values (it counts pending photos as evidence from memory). Findings go
// before photos, which may reference them. A failure of those statements is not the
// fault of the mutation running at the time, so it comes back as a
// SettleError and the caller (the sync engine) reruns the chunk with
// DeferWrites off, where every mutation writes inside its own savepoint
// and a bad one is isolated.

// pendingWrites are rows written in memory and not yet in the database.
// Every change of them is journaled (Work.undo), so that a command's
// rollback takes back its own changes without a copy of them all being
// taken in front of every command.
type pendingWrites struct {
	answers  map[uuid.UUID]pendingAnswer // by answer id
	findings map[uuid.UUID]models.Finding
	photos   map[uuid.UUID]models.Photo
}

type pendingAnswer struct {
	row    models.InspectionAnswer
	insert bool // not in the database at all (else an update of a stored row)
}

// pendSet sets m[id] = v, journaling how to take it back.
func pendSet[V any](w *Work, m map[uuid.UUID]V, id uuid.UUID, v V) {
	old, had := m[id]
	w.undo = append(w.undo, func() {
		if had {
			m[id] = old
		} else {
			delete(m, id)
		}
	})
	m[id] = v
}

// undoTo takes back the journaled changes made since the journal had n
// entries, the latest first.
func (w *Work) undoTo(n int) {
	for i := len(w.undo) - 1; i >= n; i-- {
		w.undo[i]()
	}
	clear(w.undo[n:])
	w.undo = w.undo[:n]
}

func newPending() pendingWrites {
	return pendingWrites{
		answers:  map[uuid.UUID]pendingAnswer{},
		findings: map[uuid.UUID]models.Finding{},
		photos:   map[uuid.UUID]models.Photo{},
	}
}

func (p pendingWrites) empty() bool {
	return len(p.answers) == 0 && len(p.findings) == 0 && len(p.photos) == 0
}

// SettleError is a failure to write deferred rows: the unit of work is
// unusable and must be rerun without deferral.
type SettleError struct{ Err error }

func (e *SettleError) Error() string { return "write deferred rows: " + e.Err.Error() }

func (e *SettleError) Unwrap() error { return e.Err }

// IsSettleError reports whether err came from writing deferred rows.
func IsSettleError(err error) bool {
	var se *SettleError
	return errors.As(err, &se)
}

// DeferWrites makes the work keep answers, new findings and photo records in memory until
// they must be written (see above). Only for callers that rerun the whole
// transaction without deferral on a SettleError.
func (w *Work) DeferWrites() {
	w.deferred = true
	w.pend = newPending()
}

// needsSettle reports whether a command needs the pending rows in the
// database before it runs: a photo record outside a batch (it may
// reference a finding, a foreign key) and a discard of the inspection
// (it discards the inspection's photos by SQL). Every other command
// touches answer, finding and photo rows only through the unit of work's
// memory, or settles where it writes one (writeFinding); the inspection
// row itself is never pending.
func (w *Work) needsSettle(args Args) bool {
	switch args.(type) {
	case *AttachPhotoArgs:
		return !w.deferred
	case *DiscardArgs:
		return len(w.pend.photos) > 0
	}
	return false
}

// putPhoto inserts a new photo record now, or keeps it pending.
func (w *Work) putPhoto(ctx context.Context, p *models.Photo) error {
	if w.deferred {
		pendSet(w, w.pend.photos, p.ID, *p)
		return nil
	}
	if err := w.tx.DB.WithContext(ctx).Create(p).Error; err != nil {
		return fmt.Errorf("insert photo: %w", err)
	}
	w.stored[p.InspectionID] = true
	return nil
}

// pendingPhoto is the photo record of id not yet written, if any.
func (w *Work) pendingPhoto(id uuid.UUID) (models.Photo, bool) {
	p, ok := w.pend.photos[id]
	return p, ok
}

// pendingEvidence counts the photo records of an inspection not yet
// written: all live, none verified.
func (w *Work) pendingEvidence(inspection uuid.UUID) int {
	n := 0
	for _, p := range w.pend.photos {
		if p.InspectionID == inspection {
			n++
		}
	}
	return n
}

// putAnswer writes an answer row now, or keeps it pending.
func (w *Work) putAnswer(ctx context.Context, row *models.InspectionAnswer, insert bool) error {
	if w.deferred {
		if p, ok := w.pend.answers[row.ID]; ok {
			insert = p.insert
		}
		pendSet(w, w.pend.answers, row.ID, pendingAnswer{row: *row, insert: insert})
		return nil
	}
	if insert {
		return w.tx.DB.WithContext(ctx).
			Exec(`INSERT INTO inspection_answers (id, inspection_id, template_id, item_id, answer, note, record,
		stamp_version, stamp_device, stamp_user, stamp_mutation, stamp_seq, stamp_time,
		jurisdiction_id, owner_id, inspector_id, version)
		VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
				row.ID, row.InspectionID, row.TemplateID, row.ItemID, row.Answer, row.Note, row.Record,
				row.StampVersion, row.StampDevice, row.StampUser, row.StampMutation,
				row.StampSeq, row.StampTime, row.JurisdictionID, row.OwnerID, row.InspectorID, max(row.Version, 1)).
			Error
	}
	return w.tx.DB.WithContext(ctx).Exec(`UPDATE inspection_answers SET answer = ?, note = ?, record = ?,
		stamp_version = ?, stamp_device = ?, stamp_user = ?,
		stamp_mutation = ?, stamp_seq = ?, stamp_time = ?, version = ?, updated_at = ? WHERE id = ?`,
		row.Answer, row.Note, row.Record, row.StampVersion, row.StampDevice, row.StampUser, row.StampMutation,
		row.StampSeq, row.StampTime, row.Version, time.Now().UTC(), row.ID).Error
}

// putFinding inserts a new finding now, or keeps it pending.
func (w *Work) putFinding(ctx context.Context, f *models.Finding) error {
	if w.deferred {
		pendSet(w, w.pend.findings, f.ID, *f)
		return nil
	}
	return w.tx.DB.WithContext(ctx).Create(f).Error
}

// putFindings inserts new derived findings now, or keeps them pending
// with the inspector's (one INSERT for all at settle).
func (w *Work) putFindings(ctx context.Context, fs []*models.Finding) error {
	if !w.deferred {
		return w.tx.DB.WithContext(ctx).Create(fs).Error
	}
	for _, f := range fs {
		pendSet(w, w.pend.findings, f.ID, *f)
	}
	return nil
}

// keepPending refreshes the pending copy of a finding the recomputation
// changed, and reports whether it is pending (so not in the database yet).
func (w *Work) keepPending(f *models.Finding) bool {
	if !w.deferred {
		return false
	}
	if _, ok := w.pend.findings[f.ID]; !ok {
		return false
	}
	pendSet(w, w.pend.findings, f.ID, *f)
	return true
}

// overlayAnswers puts the pending answers of an inspection over the rows
// just read from the database.
func (w *Work) overlayAnswers(a *agg) {
	for _, p := range w.pend.answers {
		if p.row.InspectionID == a.row.ID {
			r := p.row
			a.answers[a.answerKey(r.TemplateID, r.ItemID)] = &r
		}
	}
}

// overlayFindings puts the pending findings of an inspection over the rows
// just read from the database.
func (w *Work) overlayFindings(a *agg) {
	for _, f := range w.pend.findings {
		if f.InspectionID == a.row.ID {
			r := f
			a.findings[r.ID] = &r
		}
	}
}

// settle writes every pending row: new answers in one INSERT, changed
// stored answers in one UPDATE, new findings in one INSERT. Errors are
// SettleErrors.
func (w *Work) settle(ctx context.Context) error {
	if !w.deferred || w.pend.empty() {
		return nil
	}
	var ins, upd []models.InspectionAnswer
	for _, id := range sortedIDs(w.pend.answers) {
		p := w.pend.answers[id]
		if p.insert {
			ins = append(ins, p.row)
		} else {
			upd = append(upd, p.row)
		}
	}
	if err := w.insertAnswers(ctx, ins); err != nil {
		return &SettleError{fmt.Errorf("insert answers: %w", err)}
	}
	if err := w.updateAnswers(ctx, upd); err != nil {
		return &SettleError{fmt.Errorf("update answers: %w", err)}
	}
	if err := insertAll(ctx, w, w.pend.findings); err != nil {
		return &SettleError{fmt.Errorf("insert findings: %w", err)}
	}
	if err := insertAll(ctx, w, w.pend.photos); err != nil { // after the findings they may reference
		return &SettleError{fmt.Errorf("insert photos: %w", err)}
	}
	for _, p := range w.pend.photos {
		w.stored[p.InspectionID] = true // kept if the savepoint is rolled back: the count is then read, as it should
	}
	settled := w.pend
	w.undo = append(w.undo, func() { w.pend = settled }) // a rollback of the savepoint takes the rows back out
	w.pend = newPending()
	return nil
}

// insertAll inserts pending rows in one statement, in id order.
func insertAll[V any](ctx context.Context, w *Work, rows map[uuid.UUID]V) error {
	if len(rows) == 0 {
		return nil
	}
	vs := make([]V, 0, len(rows))
	for _, id := range sortedIDs(rows) {
		vs = append(vs, rows[id])
	}
	return w.tx.DB.WithContext(ctx).Create(&vs).Error
}

func sortedIDs[V any](m map[uuid.UUID]V) []uuid.UUID {
	ids := slices.Collect(maps.Keys(m))
	slices.SortFunc(ids, func(a, b uuid.UUID) int { return bytes.Compare(a[:], b[:]) })
	return ids
}

// insertAnswers writes new answers as one INSERT of array parameters
// (unnest), one per column, instead of a VALUES list of 19 per row.
func (w *Work) insertAnswers(ctx context.Context, rows []models.InspectionAnswer) error {
	n := len(rows)
	if n == 0 {
		return nil
	}
	var c answerCols
	c.grow(n)
	for i := range rows {
		if err := c.add(&rows[i]); err != nil {
			return err
		}
	}
	// The records go as text[] and are cast to jsonb row by row: pgx has
	// no binary encoding of a Go string as jsonb, so a jsonb[] parameter
	// went as an escaped text array after a failed binary attempt.
	q := `INSERT INTO inspection_answers (id, inspection_id, template_id, item_id, answer, note, record,
		stamp_version, stamp_device, stamp_user, stamp_mutation, stamp_seq, stamp_time, jurisdiction_id, owner_id,
		inspector_id, version, created_at, updated_at)
		SELECT u.id, u.insp, u.tpl, u.item, u.answer, u.note, u.record::jsonb, u.sv, u.sd, u.su, u.sm, u.sq, u.st,
		u.jur, u.owner, u.inspector, u.version, $18::timestamptz, $18::timestamptz
		FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[],
		$5::text[], $6::text[], $7::text[], $8::bigint[], $9::uuid[], $10::uuid[], $11::uuid[], $12::bigint[],
		$13::timestamptz[], $14::uuid[], $15::uuid[], $16::uuid[], $17::bigint[])
		AS u (id, insp, tpl, item, answer, note, record, sv, sd, su, sm, sq, st, jur, owner, inspector, version)`
	args := []any{c.ids, c.insp, c.tpl, c.item, c.answer, c.note, c.record, c.sv, c.sd, c.su, c.sm, c.sq, c.st}
	args = append(args, c.jur, c.owner, c.inspector, c.version, time.Now().UTC())
	return w.tx.DB.WithContext(ctx).Exec(q, args...).Error
}

// answerCols are new answer rows column by column, for insertAnswers.
type answerCols struct {
	// uuid columns as pgtype.UUID, which pgx encodes in binary: a string
	// in a uuid[] failed its binary attempt first, whose error message
	// printed the whole array, and then went as text (a tenth of a push's CPU)
	ids, insp, tpl, jur, owner, inspector []pgtype.UUID
	sd, su, sm                            []pgtype.UUID
	item, answer, note                    []string
	record                                []*string
	sv, sq, version                       []int64
	st                                    []time.Time
}

func (c *answerCols) grow(n int) {
	c.ids, c.insp, c.tpl = make([]pgtype.UUID, 0, n), make([]pgtype.UUID, 0, n), make([]pgtype.UUID, 0, n)
	c.jur, c.owner, c.inspector = make([]pgtype.UUID, 0, n), make([]pgtype.UUID, 0, n), make([]pgtype.UUID, 0, n)
	c.item, c.answer, c.note = make([]string, 0, n), make([]string, 0, n), make([]string, 0, n)
	c.sd, c.su, c.sm = make([]pgtype.UUID, 0, n), make([]pgtype.UUID, 0, n), make([]pgtype.UUID, 0, n)
	c.record = make([]*string, 0, n)
	c.sv, c.sq, c.st = make([]int64, 0, n), make([]int64, 0, n), make([]time.Time, 0, n)
	c.version = make([]int64, 0, n)
}

func (c *answerCols) add(r *models.InspectionAnswer) error {
	rec, err := r.Record.Value()
	if err != nil {
		return fmt.Errorf("encode answer record: %w", err)
	}
	var recText *string
	if s, ok := rec.(string); ok {
		recText = &s
	}
	c.ids, c.insp = append(c.ids, storage.UUIDParam(r.ID)), append(c.insp, storage.UUIDParam(r.InspectionID))
	c.tpl = append(c.tpl, storage.UUIDParam(r.TemplateID))
	c.jur, c.owner = append(c.jur, storage.UUIDParam(r.JurisdictionID)), append(c.owner, storage.UUIDParam(r.OwnerID))
	c.inspector = append(c.inspector, storage.UUIDParam(r.InspectorID))
	c.item, c.answer, c.note = append(c.item, r.ItemID), append(c.answer, r.Answer), append(c.note, r.Note)
	c.record, c.sd = append(c.record, recText), append(c.sd, storage.UUIDParamOrNull(r.StampDevice))
	c.su, c.sm = append(c.su, storage.UUIDParamOrNull(r.StampUser)), append(c.sm, storage.UUIDParamOrNull(r.StampMutation))
	c.sv, c.sq, c.st = append(c.sv, r.StampVersion), append(c.sq, r.StampSeq), append(c.st, r.StampTime)
	c.version = append(c.version, max(r.Version, 1))
	return nil
}

func (w *Work) updateAnswers(ctx context.Context, rows []models.InspectionAnswer) error {
	if len(rows) == 0 {
		return nil
	}
	args := make([]any, 0, 12*len(rows))
	now := time.Now().UTC()
	for _, r := range rows {
		args = append(
			args,
			r.ID,
			r.Answer,
			r.Note,
			r.Record,
			r.StampVersion,
			r.StampDevice,
			r.StampUser,
			r.StampMutation,
			r.StampSeq,
			r.StampTime,
			r.Version,
			now,
		)
	}
	q := `UPDATE inspection_answers AS a SET answer = v.answer, note = v.note, record = v.record, stamp_version =
		v.sv, stamp_device = v.sd,
		stamp_user = v.su, stamp_mutation = v.sm, stamp_seq = v.sq, stamp_time = v.st, version = v.version,
		updated_at = v.at FROM (VALUES ` +
		storage.Tuples(len(rows), "(?::uuid, ?::text, ?::text, ?::jsonb, ?::bigint, ?::uuid, ?::uuid, ?::uuid, "+
			"?::bigint, ?::timestamptz, ?::bigint, ?::timestamptz)") +
		") AS v (id, answer, note, record, sv, sd, su, sm, sq, st, version, at) WHERE a.id = v.id"
	res := w.tx.DB.WithContext(ctx).Exec(q, args...)
	if res.Error == nil && res.RowsAffected != int64(len(rows)) {
		return fmt.Errorf("%d of %d stored answers found", res.RowsAffected, len(rows))
	}
	return res.Error
}
