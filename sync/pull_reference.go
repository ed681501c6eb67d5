package sync

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/google/uuid"

	"github.com/tindal/tindal/rules"
)

// Reference data travels in the pull stream as items of type "catalogue"
// (one item: every deficiency of the catalogue) and "rule_set" (one per
// rule-set version). They come from the code, not the database, so they are
// not logged: the cursor carries a digest of what the device was sent, and
// a pull whose cursor digest differs (a first sync, or a server with a new
// catalogue) sends them again, first on the page, with version 0.
const (
	TypeCatalogue = "catalogue"
	TypeRuleSet   = "rule_set"
)

// referenceNamespace makes the ids of reference items stable (UUIDv5).
var referenceNamespace = uuid.MustParse("6f0b7f5e-3c1a-4b7e-9a51-7d1d8a2f0c11")

// reference is the reference data, encoded once at start.
type reference struct {
	items  []pullItem
	digest string
}

// buildReference encodes the catalogue and the rule sets.
func buildReference(reg *rules.Registry) (reference, error) {
	if reg == nil {
		reg = rules.NewRegistry(rules.RegistrySettings{})
	}
	var ref reference
	add := func(typ, name string, v any) error {
		data, err := json.Marshal(v)
		if err != nil {
			return fmt.Errorf("encode %s %s: %w", typ, name, err)
		}
		ref.items = append(ref.items, pullItem{Type: typ, ID: ReferenceID(typ, name), Op: OpUpsert, Data: data})
		return nil
	}
	if err := add(TypeCatalogue, "deficiencies", map[string]any{"entries": rules.Catalogue()}); err != nil {
		return ref, err
	}
	for _, rs := range reg.All() {
		if err := add(TypeRuleSet, rs.ID, rs); err != nil {
			return ref, err
		}
	}
	h := sha256.New()
	for _, it := range ref.items {
		h.Write([]byte(it.ID.String()))
		h.Write(it.Data)
	}
	ref.digest = hex.EncodeToString(h.Sum(nil)[:8])
	return ref, nil
}

// ReferenceID is the stable id of a reference item, e.g.
// ReferenceID(TypeRuleSet, "KA-IV-2025-draft.1").
func ReferenceID(typ, name string) uuid.UUID {
	return uuid.NewSHA1(referenceNamespace, []byte(typ+":"+name))
}

// emitReference puts every reference item on the page.
func (r *pullRun) emitReference() {
	for _, it := range r.e.ref.items {
		it.Position = r.cur.P
		r.page.item(it)
	}
}
