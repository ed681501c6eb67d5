package inspect

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"

	"github.com/google/uuid"

	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
)

// Template is one immutable version of a checklist (DESIGN §3). Items keep
// their ids across versions; each maps to a deficiency code of the rules
// catalogue, raised when the answer is FailWhen.
type Template struct {
	ID      uuid.UUID    `json:"id"`
	Key     string       `json:"key"`
	Version int          `json:"template_version"`
	Regime  rules.Regime `json:"regime"`
	Title   string       `json:"title"`
	Source  string       `json:"source"`
	Items   []Item       `json:"items"`
}

// Item is one checklist question.
type Item struct {
	ID       string       `json:"id"`
	Code     rules.Code   `json:"code"`
	FailWhen rules.Answer `json:"fail_when"`
	Group    string       `json:"group"`
	Text     string       `json:"text"`
}

// namespaceTemplate derives template ids from key and version, so every
// replica and every device names a version the same.
var namespaceTemplate = uuid.MustParse("5b0c8c9e-6a1f-4f43-9a57-1d3c8e1f0a01")

// TemplateID is the id of version v of template key.
func TemplateID(key string, v int) uuid.UUID {
	return uuid.NewSHA1(namespaceTemplate, fmt.Appendf(nil, "%s@%d", key, v))
}

// Templates returns every built-in template version, ordered by key and
// version.
func Templates() []Template {
	out := builtinTemplates()
	sort.Slice(out, func(i, j int) bool {
		if out[i].Key != out[j].Key {
			return out[i].Key < out[j].Key
		}
		return out[i].Version < out[j].Version
	})
	return out
}

func templateIndex() map[uuid.UUID]Template {
	idx := map[uuid.UUID]Template{}
	for _, t := range builtinTemplates() {
		idx[t.ID] = t
	}
	return idx
}

// Template returns a template version by id (retired ones included: an
// inspection started with a version keeps it).
func (s *Service) Template(id uuid.UUID) (Template, bool) {
	t, ok := s.templates[id]
	return t, ok
}

// item returns the template's item with the given id.
func (t Template) item(id string) (Item, bool) {
	for _, it := range t.Items {
		if it.ID == id {
			return it, true
		}
	}
	return Item{}, false
}

// checklist is the template as the rules see it.
func (t Template) checklist() []rules.ChecklistItem {
	out := make([]rules.ChecklistItem, len(t.Items))
	for i, it := range t.Items {
		out[i] = rules.ChecklistItem{ID: it.ID, Code: it.Code, FailWhen: it.FailWhen}
	}
	return out
}

// SeedTemplates writes every built-in template version that the database
// lacks (idempotent), logging new ones as reference data for pull. serve and
// `tindal seed` call it; commands also write a template on first use.
func (s *Service) SeedTemplates(ctx context.Context) (int, error) {
	added := 0
	err := s.db.InTx(ctx, storage.Actor{}, func(tx *storage.Tx) error {
		for _, t := range Templates() {
			n, err := insertTemplate(ctx, tx, t)
			if err != nil {
				return err
			}
			if n > 0 {
				added++
				tx.Changed(EntityTemplate, t.ID, storage.ScopeReference)
			}
		}
		return nil
	})
	return added, err
}

// insertTemplate inserts a template version unless present.
func insertTemplate(ctx context.Context, tx *storage.Tx, t Template) (int64, error) {
	items, err := json.Marshal(t.Items)
	if err != nil {
		return 0, fmt.Errorf("encode template items: %w", err)
	}
	res := tx.DB.WithContext(ctx).Exec(`INSERT INTO checklist_templates (id, key, template_version, regime, title, source, items)
		VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`, t.ID, t.Key, t.Version, string(t.Regime), t.Title, t.Source, string(items))
	if res.Error != nil {
		return 0, fmt.Errorf("insert template %s: %w", t.Key, res.Error)
	}
	return res.RowsAffected, nil
}
