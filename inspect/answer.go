package inspect

import (
	"context"
	"fmt"
	"slices"

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

// AnswerIDFor is the id of the answer to item of template in inspection:
// for the inspection's primary template it is AnswerID (so v1 answers and
// v2 answers naming the primary are the same row); for an extra template
// it is derived from inspection, template and item.
func AnswerIDFor(inspection, primary, template uuid.UUID, item string) uuid.UUID {
	if template == primary {
		return AnswerID(inspection, item)
	}
	b := append(append(inspection[:0:0], inspection[:]...), template[:]...)
	return uuid.NewSHA1(namespaceAnswer, append(b, item...))
}

// answerKey is the key of an answer in the aggregate: the item id for the
// primary template, template/item for an extra one.
func (a *agg) answerKey(template uuid.UUID, item string) string {
	if template == a.row.TemplateID || template == uuid.Nil {
		return item
	}
	return template.String() + "/" + item
}

// usesTemplate reports whether the inspection uses the template.
func (a *agg) usesTemplate(id uuid.UUID) bool {
	return id == a.row.TemplateID || slices.Contains(a.row.TemplateIDs, id.String())
}

// templateIDs are the inspection's templates, the primary first.
func (a *agg) templateIDs() []uuid.UUID {
	out := []uuid.UUID{a.row.TemplateID}
	for _, s := range a.row.TemplateIDs {
		if id, err := uuid.Parse(s); err == nil && id != a.row.TemplateID {
			out = append(out, id)
		}
	}
	return out
}

// AnswerArgsV2 are the arguments of inspection.answer v2: the answer names
// the template its item belongs to, one of the inspection's templates.
type AnswerArgsV2 struct {
	InspectionID uuid.UUID `json:"inspection_id"`
	TemplateID   uuid.UUID `json:"template_id"`
	ItemID       string    `json:"item_id"`
	Answer       string    `json:"answer"`
	Note         *string   `json:"note,omitempty"`
}

// Aggregate implements Args.
func (a *AnswerArgsV2) Aggregate() uuid.UUID { return a.InspectionID }

func (a *AnswerArgsV2) v1() *AnswerArgs {
	return &AnswerArgs{InspectionID: a.InspectionID, ItemID: a.ItemID, Answer: a.Answer, Note: a.Note}
}

func (a *AnswerArgsV2) validate() error {
	err := a.v1().validate()
	if a.TemplateID != uuid.Nil {
		return err
	}
	var fe models.FieldErrors
	if e, ok := err.(*models.Error); ok {
		fe = append(fe, e.Fields...)
	}
	fe.Add("template_id", "required", "is required")
	return fe.Err()
}

func (a *AnswerArgsV2) run(ctx context.Context, w *Work, m Meta) (Outcome, error) {
	return w.answer(ctx, a.v1(), a.TemplateID, nil, m)
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

// answerValue is what the stamp of an answer row covers: the row is one
// unit of edit, its record included.
type answerValue struct {
	Answer string              `json:"answer"`
	Note   string              `json:"note"`
	Record models.RecordFields `json:"record,omitempty"`
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
	return w.answer(ctx, a, uuid.Nil, nil, m)
}

// answer applies inspection.answer of any version; template is uuid.Nil
// for v1 (the inspection's primary template), record nil unless v3 gave
// one (an empty record clears it).
func (w *Work) answer(
	ctx context.Context,
	a *AnswerArgs,
	template uuid.UUID,
	record map[string]string,
	m Meta,
) (Outcome, error) {
	ag, err := w.lock(ctx, a.InspectionID)
	if err != nil {
		return Outcome{}, err
	}
	if template == uuid.Nil {
		template = ag.row.TemplateID
	}
	if t, _ := w.s.Template(template); t.IsClearance() && ag.row.Kind != KindReinspection {
		return Outcome{}, errClearanceNotReinspection("template_id")
	}
	if !ag.usesTemplate(template) {
		return Outcome{}, models.InvalidField(
			"template_id",
			"template_not_on_inspection",
			"template %s is not one of this inspection's templates",
			template,
		)
	}
	t, _ := w.s.Template(template)
	it, ok := t.Item(a.ItemID)
	if !ok {
		return Outcome{}, models.InvalidField("item_id", "unknown_item", "template %s has no item %q", t.Key, a.ItemID)
	}
	if err := checkRecord(t, it, record); err != nil {
		return Outcome{}, err
	}
	if out, err := w.gate(ctx, ag, m); out != nil || err != nil {
		return deref(out), err
	}
	if err := w.loadAnswers(ctx, ag); err != nil {
		return Outcome{}, err
	}
	cur := ag.answers[ag.answerKey(template, a.ItemID)]
	if cur == nil {
		return w.insertAnswer(ctx, ag, m, a, template, record)
	}
	next := answerValue{a.Answer, cur.Note, cur.Record}
	if a.Note != nil {
		next.Note = *a.Note
	}
	if record != nil {
		next.Record = recordFields(record)
	}
	return w.updateAnswer(ctx, ag, m, cur, next)
}

// insertAnswer writes the first answer to an item.
func (w *Work) insertAnswer(
	ctx context.Context,
	ag *agg,
	m Meta,
	a *AnswerArgs,
	template uuid.UUID,
	record map[string]string,
) (Outcome, error) {
	v := w.bump(ag.row.ID)
	row := models.InspectionAnswer{
		ID:             AnswerIDFor(ag.row.ID, ag.row.TemplateID, template, a.ItemID),
		InspectionID:   ag.row.ID,
		TemplateID:     template,
		ItemID:         a.ItemID,
		Answer:         a.Answer,
		StampVersion:   v,
		StampSeq:       m.Seq,
		StampTime:      m.At,
		JurisdictionID: ag.row.JurisdictionID,
		OwnerID:        ag.row.OwnerID,
		InspectorID:    ag.row.InspectorID,
	}
	if a.Note != nil {
		row.Note = *a.Note
	}
	row.Record = recordFields(record)
	setAnswerAuthor(&row, m)
	first, err := w.tx.FirstVersion(ctx)
	if err != nil {
		return Outcome{}, err
	}
	row.Version = first
	if err := w.putAnswer(ctx, &row, true); err != nil {
		return Outcome{}, fmt.Errorf("insert answer: %w", err)
	}
	ag.answers[ag.answerKey(template, a.ItemID)] = &row
	w.changed(EntityAnswer, row.ID, keys(&ag.row)...)
	w.audit("inspection.answer", EntityAnswer, row.ID, answerValue{row.Answer, row.Note, row.Record})
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
func (w *Work) updateAnswer(
	ctx context.Context,
	ag *agg,
	m Meta,
	cur *models.InspectionAnswer,
	next answerValue,
) (Outcome, error) {
	prev := answerValue{cur.Answer, cur.Note, cur.Record}
	st := answerStamp(cur)
	v := decide(prev, next, st, true, m)
	out := applied(&ag.row)
	if v.conflict {
		st.Prev = nil
		cid, err := w.recordConflict(
			ctx,
			ag,
			m,
			clash{
				entity:    EntityAnswer,
				entityID:  cur.ID,
				field:     "answer",
				server:    prev,
				client:    next,
				st:        st,
				clientWon: v.apply,
			},
		)
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
		cur.Answer, cur.Note, cur.Record, cur.StampVersion = next.Answer, next.Note, next.Record, w.bump(ag.row.ID)
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
