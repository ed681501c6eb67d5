package inspect

import (
	"context"
	"maps"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/models"
)

// Bounds of an answer's record (inspection.answer v3; the contract's
// InspectionAnswerArgsV3 says the same).
const (
	maxRecordFields = 16
	maxRecordName   = 60  // characters of a field name
	maxRecordValue  = 200 // characters of a value
)

// AnswerArgsV3 are the arguments of inspection.answer v3: v2 and the
// item's record, what the form records for it besides yes/no (Karnataka
// 2025, Sch-I Annex to Form-2: number or type, condition, location), by
// the names its template item lists (Item.Record). Like the note, an
// absent or null record leaves the stored one; a given record replaces it
// whole, and an empty one clears it.
type AnswerArgsV3 struct {
	InspectionID uuid.UUID         `json:"inspection_id"`
	TemplateID   uuid.UUID         `json:"template_id"`
	ItemID       string            `json:"item_id"`
	Answer       string            `json:"answer"`
	Note         *string           `json:"note,omitempty"`
	Record       map[string]string `json:"record,omitempty"`
}

// Aggregate implements Args.
func (a *AnswerArgsV3) Aggregate() uuid.UUID { return a.InspectionID }

func (a *AnswerArgsV3) v2() *AnswerArgsV2 {
	return &AnswerArgsV2{
		InspectionID: a.InspectionID,
		TemplateID:   a.TemplateID,
		ItemID:       a.ItemID,
		Answer:       a.Answer,
		Note:         a.Note,
	}
}

func (a *AnswerArgsV3) validate() error {
	var fe models.FieldErrors
	if e, ok := a.v2().validate().(*models.Error); ok {
		fe = append(fe, e.Fields...)
	}
	validateRecord(&fe, a.Record)
	return fe.Err()
}

func (a *AnswerArgsV3) run(ctx context.Context, w *Work, m Meta) (Outcome, error) {
	return w.answer(ctx, a.v2().v1(), a.TemplateID, a.Record, m)
}

// validateRecord checks a record's bounds and text: PostgreSQL stores no
// NUL and no bytes that are not UTF-8 (the sync engine refuses them before
// this, as invalid_text; a caller that is not a push meets them here).
func validateRecord(fe *models.FieldErrors, record map[string]string) {
	if len(record) > maxRecordFields {
		fe.Add("record", "too_many", "at most %d fields", maxRecordFields)
		return
	}
	names := slices.Sorted(maps.Keys(record))
	for _, k := range names {
		if k == "" || utf8.RuneCountInString(k) > maxRecordName || !storableText(k) {
			// Not echoed in a field path: a name may be any size.
			fe.Add("record", "invalid_field_name", "field names are 1 to %d characters of text", maxRecordName)
			return
		}
	}
	for _, k := range names {
		switch v := record[k]; {
		case !storableText(v):
			fe.Add("record."+k, "invalid_text", "contains a NUL character (U+0000) or bytes that are not UTF-8")
		case utf8.RuneCountInString(v) > maxRecordValue:
			fe.Add("record."+k, "max_length", "at most %d characters", maxRecordValue)
		}
	}
}

func storableText(s string) bool { return utf8.ValidString(s) && !strings.ContainsRune(s, 0) }

// checkRecord refuses a record naming a field the item of this template
// version does not record; the message lists the fields it does.
func checkRecord(t checklist.Template, it checklist.Item, record map[string]string) error {
	var fe models.FieldErrors
	for _, k := range slices.Sorted(maps.Keys(record)) {
		if slices.Contains(it.Record, k) {
			continue
		}
		if len(it.Record) == 0 {
			fe.Add(
				"record."+k,
				"unknown_record_field",
				"item %s of template %s (version %d) records nothing besides the answer",
				it.ID,
				t.Key,
				t.Version,
			)
			continue
		}
		fe.Add(
			"record."+k,
			"unknown_record_field",
			"item %s of template %s (version %d) records only %s",
			it.ID,
			t.Key,
			t.Version,
			strings.Join(it.Record, ", "),
		)
	}
	return fe.Err()
}

// recordFields is a record as the answer row stores it: nil when empty.
func recordFields(record map[string]string) models.RecordFields {
	if len(record) == 0 {
		return nil
	}
	return models.RecordFields(maps.Clone(record))
}
