// Package checklist is the checklist templates: every version of every
// checklist an inspector fills in (Karnataka 2025 Form-2 and its Annex,
// the Sch-VI schedules, Paradip 1967, Kandla), the vessels each version
// fits, which versions are retired and what replaces them, and writing
// them to checklist_templates. Templates are immutable reference data:
// a changed question is a new version.
//
// It may import locale (its texts in Kannada and Hindi), rules, models
// and storage; it knows nothing of inspections (inspect decides whether a
// retired version may still start one).
package checklist

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"

	"github.com/google/uuid"

	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
)

// Template is one immutable version of a checklist (docs/ARCHITECTURE.md). Items keep
// their ids across versions; each maps to a deficiency code of the rules
// catalogue, raised when the answer is FailWhen. A changed template is a
// new version; an inspection keeps the version it was started with.
type Template struct {
	ID      uuid.UUID    `json:"id"`
	Key     string       `json:"key"`
	Version int          `json:"template_version"`
	Regime  rules.Regime `json:"regime"`
	Title   string       `json:"title"`
	// Titles is Title in English, Kannada and Hindi (locale/checklist).
	Titles Texts  `json:"titles"`
	Source string `json:"source"`
	// Fit is the vessels the template applies to; inspection.start refuses
	// any other.
	Fit   Fit    `json:"fit"`
	Items []Item `json:"items"`
	// Retired versions are not offered for new inspections; a phone that
	// has not yet pulled the new version may still start with one that
	// fits, within the grace after the database's retired_at stamp
	// (templates_retired.go).
	Retired bool `json:"retired,omitempty"`
}

// Item is one checklist question.
type Item struct {
	ID       string       `json:"id"`
	Code     rules.Code   `json:"code,omitempty"` // "" for an item that only records
	FailWhen rules.Answer `json:"fail_when,omitempty"`
	Group    string       `json:"group"`
	Text     string       `json:"text"`
	// Texts is Text in English, Kannada and Hindi (locale/checklist): a
	// translation is not a changed question, so it may be written or
	// corrected under the same version.
	Texts Texts `json:"texts"`
	// Ref is the rule the item checks (printed on the app's question).
	Ref rules.Citation `json:"ref,omitempty"`
	// Only narrows the item to some of the template's vessels; for others
	// the item is not part of the checklist and its answer raises nothing.
	Only *Fit `json:"only,omitempty"`
	// Record names what the form records for the item besides the answer
	// (Annex to Form-2: number or type, condition, location): the names
	// inspection.answer v3 takes in its record (docs/SYNC.md §11).
	Record []string `json:"record,omitempty"`
}

// namespaceTemplate derives template ids from key and version, so every
// replica and every device names a version the same.
var namespaceTemplate = uuid.MustParse("5b0c8c9e-6a1f-4f43-9a57-1d3c8e1f0a01")

// TemplateID is the id of version v of template key.
func TemplateID(key string, v int) uuid.UUID {
	return uuid.NewSHA1(namespaceTemplate, fmt.Appendf(nil, "%s@%d", key, v))
}

// Templates returns every built-in template version, ordered by key and
// version; all but the latest version of a key, and keys replaced by
// others, are retired.
func Templates() []Template {
	out := builtinTemplates()
	sort.Slice(out, func(i, j int) bool {
		if out[i].Key != out[j].Key {
			return out[i].Key < out[j].Key
		}
		return out[i].Version < out[j].Version
	})
	for i := range out {
		last := i == len(out)-1 || out[i+1].Key != out[i].Key
		out[i].Retired = !last || len(replacedKeys[out[i].Key]) > 0
		out[i] = translated(out[i])
	}
	return out
}

// TemplatesFor returns the current (not retired) templates of v's regime
// that fit v: those inspection.start accepts for it.
func TemplatesFor(v VesselFacts) []Template {
	var out []Template
	for _, t := range Templates() {
		if !t.Retired && t.Regime == v.Regime && t.Fit.Check(v) == nil {
			out = append(out, t)
		}
	}
	return out
}

// Index maps every built-in template version by id, the re-inspection
// clearance templates included (clearance.go).
func Index() map[uuid.UUID]Template {
	idx := map[uuid.UUID]Template{}
	for _, t := range append(Templates(), ClearanceTemplates()...) {
		idx[t.ID] = t
	}
	return idx
}

// Item returns the template's item with the given id.
func (t Template) Item(id string) (Item, bool) {
	for _, it := range t.Items {
		if it.ID == id {
			return it, true
		}
	}
	return Item{}, false
}

// ChecklistFor is the template as the rules see it for vessel v: the items
// that apply to v and raise a code.
func (t Template) ChecklistFor(v rules.InspectedVessel) []rules.ChecklistItem {
	facts := factsOfInspected(v)
	out := make([]rules.ChecklistItem, 0, len(t.Items))
	for _, it := range t.Items {
		if it.Code == "" || (it.Only != nil && it.Only.Check(facts) != nil) {
			continue
		}
		// A retired version may name another regime's code (Paradip v1's
		// overloading, Kandla v1's manning): the rules read the regime's own.
		out = append(out, rules.ChecklistItem{ID: it.ID, Code: rules.CounterpartIn(t.Regime, it.Code), FailWhen: it.FailWhen})
	}
	return out
}

// Insert inserts a template version unless present, at the transaction's
// first version (its id derives from key and version, so a restore may
// see it inserted again).
func Insert(ctx context.Context, tx *storage.Tx, t Template) (int64, error) {
	items, fit, titles, err := encodeTemplate(t)
	if err != nil {
		return 0, err
	}
	first, err := tx.FirstVersion(ctx)
	if err != nil {
		return 0, err
	}
	res := tx.DB.WithContext(ctx).
		Exec(`INSERT INTO checklist_templates (id, key, template_version, regime, title, titles, source, items, fit,
		retired_at, version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, CASE WHEN ? THEN now() END, ?) ON CONFLICT DO NOTHING`,
			t.ID, t.Key, t.Version, string(t.Regime), t.Title, titles, t.Source, items, fit, t.Retired, first)
	if res.Error != nil {
		return 0, fmt.Errorf("insert template %s: %w", t.Key, res.Error)
	}
	return res.RowsAffected, nil
}

// Refresh sets the fit, the retirement and the texts in Kannada and Hindi
// of a stored version. Its questions never change (a changed question is a
// new version); which vessels it fits, whether it is still offered and how
// its questions read in each language may, so the items are written again
// when their translations differ.
func Refresh(ctx context.Context, tx *storage.Tx, t Template) (int64, error) {
	items, fit, titles, err := encodeTemplate(t)
	if err != nil {
		return 0, err
	}
	res := tx.DB.WithContext(ctx).Exec(`UPDATE checklist_templates
		SET fit = ?::jsonb, retired_at = CASE WHEN ? THEN coalesce(retired_at, now()) END, items = ?::jsonb,
		titles = ?::jsonb, version = version + 1, updated_at = now()
		WHERE id = ? AND (fit IS DISTINCT FROM ?::jsonb OR (retired_at IS NOT NULL) IS DISTINCT FROM ?
		OR items IS DISTINCT FROM ?::jsonb OR titles IS DISTINCT FROM ?::jsonb)`,
		fit, t.Retired, items, titles, t.ID, fit, t.Retired, items, titles)
	if res.Error != nil {
		return 0, fmt.Errorf("refresh template %s: %w", t.Key, res.Error)
	}
	return res.RowsAffected, nil
}

func encodeTemplate(t Template) (items, fit, titles string, err error) {
	i, err := json.Marshal(t.Items)
	if err != nil {
		return "", "", "", fmt.Errorf("encode template items: %w", err)
	}
	f, err := json.Marshal(t.Fit)
	if err != nil {
		return "", "", "", fmt.Errorf("encode template fit: %w", err)
	}
	ti, err := json.Marshal(t.Titles)
	if err != nil {
		return "", "", "", fmt.Errorf("encode template titles: %w", err)
	}
	return string(i), string(f), string(ti), nil
}
