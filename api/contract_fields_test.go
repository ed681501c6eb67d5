package api_test

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/openapi"
	tsync "github.com/tindal/tindal/sync"
	"github.com/tindal/tindal/testkit"
)

// A client generated from the contract alone sees only what the contract
// declares: a response field or pulled column missing from its schema is
// dropped by a typed client, and an object schema without properties
// generates as an empty type. The contract's answer to "what is in here?"
// must therefore be complete. The harness holds every response of the api
// tests to this (undeclared, called from validate and checkPulled); the
// tests below hold the document itself and the pulled tables to it.

// freeForm is the extension that marks an object (or untyped) schema
// without properties as free-form by design; its value says why (a field's
// value of any type, a mutation's args as a phone sent them). Any other
// schema without properties is a hole.
const freeForm = "x-free-form"

// undeclared returns the members of v that schema s does not declare, and
// the objects of v whose schema declares no properties, by JSON path. It
// reads s with additionalProperties treated as false unless it is a schema
// (a map keyed by data, such as titles by language).
func undeclared(s *openapi3.SchemaRef, v any, path string) []string {
	if s == nil || s.Value == nil {
		return nil
	}
	members := branches(s.Value, v)
	switch x := v.(type) {
	case map[string]any:
		return undeclaredMembers(members, x, path)
	case []any:
		var out []string
		for _, m := range members {
			if m.Items != nil {
				for i, e := range x {
					out = append(out, undeclared(m.Items, e, fmt.Sprintf("%s[%d]", path, i))...)
				}
				break
			}
		}
		return out
	}
	return nil
}

// undeclaredMembers checks an object's members against the properties of
// every schema that applies to it (the schema, its allOf, and the oneOf or
// anyOf branches the value matches).
func undeclaredMembers(members []*openapi3.Schema, x map[string]any, path string) []string {
	var out []string
	var extra *openapi3.SchemaRef
	declared, free := false, false
	for _, m := range members {
		declared = declared || len(m.Properties) > 0
		free = free || m.Extensions[freeForm] != nil
		if m.AdditionalProperties.Schema != nil {
			extra = m.AdditionalProperties.Schema
		}
	}
	if !declared && extra == nil {
		if free {
			return nil
		}
		return []string{path + ": object schema declares no properties"}
	}
	keys := make([]string, 0, len(x))
	for k := range x {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		found := false
		for _, m := range members {
			if p, ok := m.Properties[k]; ok {
				found = true
				out = append(out, undeclared(p, x[k], path+"."+k)...)
			}
		}
		switch {
		case !found && extra != nil:
			out = append(out, undeclared(extra, x[k], path+"."+k)...)
		case !found:
			out = append(out, path+"."+k+": not in the schema")
		}
	}
	return out
}

// branches is s with its allOf members, and the oneOf/anyOf branches v
// fits (the discriminator's, when there is one), flattened.
func branches(s *openapi3.Schema, v any) []*openapi3.Schema {
	out := []*openapi3.Schema{s}
	for _, a := range s.AllOf {
		out = append(out, branches(a.Value, v)...)
	}
	for _, alts := range []openapi3.SchemaRefs{s.OneOf, s.AnyOf} {
		for _, a := range alts {
			if picked(s, a, v) {
				out = append(out, branches(a.Value, v)...)
			}
		}
	}
	return out
}

func picked(parent *openapi3.Schema, a *openapi3.SchemaRef, v any) bool {
	if d := parent.Discriminator; d != nil {
		if m, ok := v.(map[string]any); ok {
			tag, _ := m[d.PropertyName].(string)
			return d.Mapping[tag].Ref == a.Ref
		}
	}
	return visit(a.Value, v) == nil
}

// undeclaredIn decodes body and returns what schema s does not declare.
func undeclaredIn(s *openapi3.SchemaRef, body []byte) []string {
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		return nil // not JSON: ValidateResponse judged it
	}
	return undeclared(s, v, "$")
}

// contractDoc is the contract, loaded for the static checks.
func contractDoc(t *testing.T) *openapi3.T {
	t.Helper()
	doc, err := openapi3.NewLoader().LoadFromData(openapi.Spec)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// Every object schema of the contract declares its properties (or is a
// map with a typed value, or says why it is free-form), and every
// operation's tag is declared: oapi-codegen and the TS client turn a
// schema without properties into an empty type.
func TestContractSchemasDeclareTheirProperties(t *testing.T) {
	doc := contractDoc(t)
	var holes []string
	seen := map[*openapi3.Schema]bool{}
	var walk func(s *openapi3.SchemaRef, path string)
	walk = func(s *openapi3.SchemaRef, path string) {
		if s == nil || s.Value == nil || seen[s.Value] {
			return
		}
		v := s.Value
		seen[v] = true
		composed := len(v.AllOf)+len(v.OneOf)+len(v.AnyOf) > 0
		objectish := v.Type == nil || v.Type.Is("object")
		if objectish && !composed && len(v.Properties) == 0 && v.AdditionalProperties.Schema == nil && v.Items == nil && v.Extensions[freeForm] == nil {
			holes = append(holes, path)
		}
		for _, a := range append(append(append(openapi3.SchemaRefs{}, v.AllOf...), v.OneOf...), v.AnyOf...) {
			walk(a, path+"|")
		}
		for k, p := range v.Properties {
			walk(p, path+"."+k)
		}
		walk(v.AdditionalProperties.Schema, path+".*")
		walk(v.Items, path+"[]")
	}
	for name, s := range doc.Components.Schemas {
		walk(s, name)
	}
	declared := map[string]bool{}
	for _, tag := range doc.Tags {
		declared[tag.Name] = true
	}
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			for _, tag := range op.Tags {
				if !declared[tag] {
					t.Errorf("%s %s: tag %q is not declared", method, path, tag)
				}
			}
			if op.RequestBody != nil && op.RequestBody.Value != nil {
				for ct, mt := range op.RequestBody.Value.Content {
					walk(mt.Schema, fmt.Sprintf("%s %s request %s", method, path, ct))
				}
			}
			for status, r := range op.Responses.Map() {
				if r.Value == nil {
					continue
				}
				for ct, mt := range r.Value.Content {
					walk(mt.Schema, fmt.Sprintf("%s %s %s %s", method, path, status, ct))
				}
			}
		}
	}
	sort.Strings(holes)
	for _, h := range holes {
		t.Errorf("%s: no properties, no typed additionalProperties and no %s reason", h, freeForm)
	}
}

// restShaped are the pulled types sent in their REST shape (package sync,
// record_shape.go): their columns are projected through the REST schema,
// and the harness checks the records pulled in the api tests instead.
var restShaped = map[string]bool{"jurisdiction": true, "owner": true, "vessel": true, "crew_member": true,
	"vessel_crew": true, "certificate": true, "photo": true}

// Every column of every table the pull sends row by row is declared by the
// data schema of its SyncItem, so a typed client keeps it.
func TestPulledColumnsAreInTheirSchema(t *testing.T) {
	doc := contractDoc(t)
	db := testkit.NewDB(t)
	item := doc.Components.Schemas["SyncItem"].Value
	for _, r := range append(tsync.RegistryReaders(), tsync.InspectReaders()...) {
		tr, ok := r.(tsync.TableReader)
		if !ok || restShaped[tr.Name] {
			continue
		}
		ref, ok := item.Discriminator.Mapping[tr.Name]
		if !ok {
			t.Errorf("%s: no SyncItem member", tr.Name)
			continue
		}
		member := doc.Components.Schemas[strings.TrimPrefix(ref.Ref, "#/components/schemas/")]
		var data *openapi3.SchemaRef
		for _, s := range branches(member.Value, nil) {
			if p, ok := s.Properties["data"]; ok {
				data = p
			}
		}
		var cols []string
		if err := db.Gorm.Raw(`SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ? ORDER BY column_name`, tr.Table).Scan(&cols).Error; err != nil {
			t.Fatal(err)
		}
		if len(cols) == 0 {
			t.Errorf("%s: table %s has no columns", tr.Name, tr.Table)
		}
		for _, c := range cols {
			if data == nil || data.Value.Properties[c] == nil {
				t.Errorf("pulled %s: column %s.%s is not in its data schema", tr.Name, tr.Table, c)
			}
		}
	}
}

// The feed serves a notice's data through the contract's
// NotificationPayload: every field notify.Data writes must be declared
// there, or the feed would drop it.
func TestNotificationPayloadIsInTheContract(t *testing.T) {
	now := time.Now().UTC()
	d := notify.Data{Vessel: "v", Holder: "h", Doc: "survey", Number: "n", Due: now, Days: 1, Citation: "c", Detail: "d", Amount: 1,
		Previous: 1, Lines: []string{"l"}, Row: "KA-F01", Offence: "o", Level: 1, PreviousLevel: 1, Reason: "r", Earlier: now, By: now,
		Posts: []notify.Post{{Role: "serang", Grades: []string{"serang"}}}, Reasons: []notify.Reason{{Code: notify.ReasonVesselStatus, Status: "detained"}}}
	raw, _ := json.Marshal(d)
	for _, u := range undeclaredIn(contractDoc(t).Components.Schemas["NotificationPayload"], raw) {
		t.Errorf("notify.Data: %s", u)
	}
}
