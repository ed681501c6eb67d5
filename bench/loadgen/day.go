package main

import (
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/inspect"
)

// mutation is one queued change as the phone sends it; the unexported
// fields are what the raw baselines need to write the same rows.
type mutation struct {
	ID          uuid.UUID      `json:"id"`
	Seq         int64          `json:"seq"`
	Name        string         `json:"name"`
	Version     int            `json:"version"`
	Args        map[string]any `json:"args"`
	BaseVersion int            `json:"base_version"`
	CapturedAt  time.Time      `json:"captured_at"`
	CapturedRaw time.Time      `json:"captured_raw"`

	entity     uuid.UUID // the row it writes
	entityType string    // that row's change-log type
}

// day is one offline day: start, 40 answers, 8 findings, 6 photos, submit.
type day struct {
	inspection uuid.UUID
	vessel     string
	mutations  []mutation
	photos     []photoFile // the bytes of the day's photo.attach records
}

// findingCodes are the day's inspector findings.
var findingCodes = []string{"11004", "07003", "10008", "11002", "14001", "20001", "03007", "11006"}

// newDay builds a day on vessel, its seqs following the phone's lastSeq,
// captured six hours ago a minute apart. Answers cycle through the
// template's items, so with 30 items the last 10 answer again items
// already answered (an update of the same row, as a real day has).
func newDay(t checklist.Template, vessel string, lastSeq int64) day {
	d := day{inspection: uuid.Must(uuid.NewV7()), vessel: vessel}
	at := time.Now().Add(-6 * time.Hour).UTC()
	add := func(name string, entity uuid.UUID, entityType string, args map[string]any) {
		at = at.Add(time.Minute)
		d.mutations = append(
			d.mutations,
			mutation{ID: uuid.Must(uuid.NewV7()), Seq: lastSeq + int64(len(d.mutations)) + 1, Name: name,
				Version: 1, Args: args, BaseVersion: 1, CapturedAt: at, CapturedRaw: at, entity: entity, entityType: entityType},
		)
	}
	id := d.inspection
	add(
		"inspection.start",
		id,
		"inspection",
		map[string]any{"id": id, "vessel_id": vessel, "template_id": t.ID, "kind": "routine"},
	)
	for i := range 40 {
		item := t.Items[i%len(t.Items)].ID
		add("inspection.answer", inspect.AnswerID(id, item), "inspection_answer",
			map[string]any{"inspection_id": id, "item_id": item, "answer": []string{"yes", "no", "na"}[i%3]})
	}
	for _, code := range findingCodes {
		f := uuid.Must(uuid.NewV7())
		add(
			"finding.record",
			f,
			"finding",
			map[string]any{"id": f, "inspection_id": id, "code": code, "note": "found on board"},
		)
	}
	for range 6 {
		p := newPhoto(uuid.Must(uuid.NewV7()))
		d.photos = append(d.photos, p)
		add(
			"photo.attach",
			p.id,
			"photo",
			map[string]any{"id": p.id, "inspection_id": id, "sha256": p.sha, "size": len(p.data), "content_type": "image/jpeg"},
		)
	}
	add("inspection.submit", id, "inspection", map[string]any{"inspection_id": id})
	return d
}

// formTemplate is the Karnataka Form-2 annex checklist the days use.
func formTemplate() (checklist.Template, error) {
	for _, t := range checklist.Templates() {
		if t.Key == "ka-form2-annex" {
			return t, nil
		}
	}
	return checklist.Template{}, fmt.Errorf("no ka-form2-annex checklist template")
}
