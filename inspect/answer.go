package inspect

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
)

// namespaceAnswer derives an answer row's id from its inspection and item,
// so that every device names the same row.
var namespaceAnswer = uuid.MustParse("0b6f1c33-0e5c-4d4a-8d0e-6f2a9d7c1b02")

// AnswerID is the id of the answer to item of inspection.
func AnswerID(inspection uuid.UUID, item string) uuid.UUID {
	return uuid.NewSHA1(namespaceAnswer, append(inspection[:], item...))
}

// AnswerArgs are the arguments of inspection.answer v1. The answer row
// (answer and note) is one unit of edit with one stamp.
type AnswerArgs struct {
	InspectionID uuid.UUID `json:"inspection_id"`
	ItemID       string    `json:"item_id"`
	Answer       string    `json:"answer"`
	Note         *string   `json:"note,omitempty"`
}

// Aggregate implements Args.
func (a *AnswerArgs) Aggregate() uuid.UUID { return a.InspectionID }

func (a *AnswerArgs) validate() error {
	var fe models.FieldErrors
	if a.InspectionID == uuid.Nil {
		fe.Add("inspection_id", "required", "is required")
	}
	if a.ItemID == "" || len(a.ItemID) > 80 {
		fe.Add("item_id", "required", "is required (at most 80 characters)")
	}
	switch a.Answer {
	case "yes", "no", "na", "":
	default:
		fe.Add("answer", "enum", "must be yes, no, na or empty (cleared)")
	}
	if a.Note != nil && len(*a.Note) > 2000 {
		fe.Add("note", "max_length", "at most 2000 characters")
	}
	return fe.Err()
}

// answerValue is what the stamp of an answer row covers.
type answerValue struct {
	Answer string `json:"answer"`
	Note   string `json:"note"`
}

func answerStamp(an *models.InspectionAnswer) models.Stamp {
	st := models.Stamp{Version: an.StampVersion, Seq: an.StampSeq, Time: an.StampTime}
	if an.StampDevice != nil {
		st.Device = *an.StampDevice
	}
	if an.StampUser != nil {
		st.User = *an.StampUser
	}
	if an.StampMutation != nil {
		st.Mutation = *an.StampMutation
	}
	return st
}

func (a *AnswerArgs) run(ctx context.Context, w *Work, m Meta) (Outcome, error) {
	ag, err := w.lock(ctx, a.InspectionID)
	if err != nil {
		return Outcome{}, err
	}
	t, _ := w.s.Template(ag.row.TemplateID)
	if _, ok := t.item(a.ItemID); !ok {
		return Outcome{}, invalid("item_id", "unknown_item", "template %s has no item %q", t.Key, a.ItemID)
	}
	if out, err := w.gate(ctx, ag, m); out != nil || err != nil {
		return deref(out), err
	}
	if err := w.loadAnswers(ctx, ag); err != nil {
		return Outcome{}, err
	}
	cur := ag.answers[a.ItemID]
	if cur == nil {
		return w.insertAnswer(ctx, ag, m, a)
	}
	next := answerValue{a.Answer, cur.Note}
	if a.Note != nil {
		next.Note = *a.Note
	}
	return w.updateAnswer(ctx, ag, m, cur, next)
}

// insertAnswer writes the first answer to an item.
func (w *Work) insertAnswer(ctx context.Context, ag *agg, m Meta, a *AnswerArgs) (Outcome, error) {
	v := w.bump(ag.row.ID)
	row := models.InspectionAnswer{ID: AnswerID(ag.row.ID, a.ItemID), InspectionID: ag.row.ID, ItemID: a.ItemID, Answer: a.Answer,
		StampVersion: v, StampSeq: m.Seq, StampTime: m.At, JurisdictionID: ag.row.JurisdictionID, OwnerID: ag.row.OwnerID, InspectorID: ag.row.InspectorID}
	if a.Note != nil {
		row.Note = *a.Note
	}
	setAnswerAuthor(&row, m)
	row.Version = 1
	if err := w.putAnswer(ctx, &row, true); err != nil {
		return Outcome{}, fmt.Errorf("insert answer: %w", err)
	}
	ag.answers[a.ItemID] = &row
	w.changed(EntityAnswer, row.ID, keys(&ag.row)...)
	w.audit("inspection.answer", EntityAnswer, row.ID, answerValue{row.Answer, row.Note})
	return applied(&ag.row, RowRef{EntityAnswer, row.ID, 1}), nil
}

func setAnswerAuthor(row *models.InspectionAnswer, m Meta) {
	d, u, mu := m.DeviceID, m.UserID, m.Mutation
	row.StampDevice, row.StampUser, row.StampMutation = &d, &u, &mu
	if m.DeviceID == uuid.Nil {
		row.StampDevice = nil
	}
	if m.Mutation == uuid.Nil {
		row.StampMutation = nil
	}
}

// updateAnswer applies an edit of an existing answer row under the stamp
// rules.
func (w *Work) updateAnswer(ctx context.Context, ag *agg, m Meta, cur *models.InspectionAnswer, next answerValue) (Outcome, error) {
	prev := answerValue{cur.Answer, cur.Note}
	st := answerStamp(cur)
	v := decide(prev, next, st, true, m)
	out := applied(&ag.row)
	if v.conflict {
		st.Prev = nil
		cid, err := w.recordConflict(ctx, ag, m, clash{entity: EntityAnswer, entityID: cur.ID, field: "answer", server: prev, client: next, st: st, clientWon: v.apply})
		if err != nil {
			return Outcome{}, err
		}
		out.ConflictIDs = []uuid.UUID{cid}
		if !v.apply {
			out.Status, out.Unapplied = ResultMerged, []string{"answer"}
		}
	}
	switch {
	case v.apply:
		cur.Answer, cur.Note, cur.StampVersion = next.Answer, next.Note, w.bump(ag.row.ID)
		cur.Version++
	case v.stampOnly:
	default:
		return out, nil
	}
	cur.StampSeq, cur.StampTime = m.Seq, m.At
	setAnswerAuthor(cur, m)
	if err := w.putAnswer(ctx, cur, false); err != nil {
		return Outcome{}, fmt.Errorf("update answer: %w", err)
	}
	if v.apply {
		w.changed(EntityAnswer, cur.ID, keys(&ag.row)...)
		w.audit("inspection.answer", EntityAnswer, cur.ID, next)
		out.Written = []RowRef{{EntityAnswer, cur.ID, cur.Version}}
	}
	return out, nil
}
