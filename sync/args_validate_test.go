package sync

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/google/uuid"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
)

// The contract's PushMutation union and the server's commands list the
// same mutations: a command without an args schema would be applied
// unchecked by the contract, and a schema without a command promises what
// the server does not do.
func TestEveryCommandHasItsArgsSchemaInTheContract(t *testing.T) {
	argSchemas.once.Do(loadArgSchemas)
	if argSchemas.err != nil {
		t.Fatal(argSchemas.err)
	}
	known := map[string]bool{}
	for _, c := range inspect.Commands() {
		key := fmt.Sprintf("%s@%d", c.Name, c.Version)
		known[key] = true
		if argSchemas.byKey[key] == nil {
			t.Errorf("%s has no args schema in openapi.yaml's PushMutation", key)
		}
	}
	for key := range argSchemas.byKey {
		if !known[key] {
			t.Errorf("openapi.yaml's PushMutation lists %s, which the server does not apply", key)
		}
	}
}

func TestValidateArgsNamesEachField(t *testing.T) {
	id := uuid.Must(uuid.NewV7())
	for _, c := range []struct {
		name string
		args string
		want []string // field:code
	}{
		{"inspection.start", fmt.Sprintf(`{"id":%q,"vessel_id":%q,"template_id":%q,"kind":"routine"}`, id, id, id), nil},
		{"inspection.start", fmt.Sprintf(`{"id":%q,"vessel_id":"nope","kind":"daily"}`, id), []string{"kind:enum", "template_id:required", "vessel_id:pattern"}},
		{"inspection.answer", fmt.Sprintf(`{"inspection_id":%q,"item_id":"","answer":"yes","note":null}`, id), []string{"item_id:required"}},
		{"photo.attach", fmt.Sprintf(`{"id":%q,"inspection_id":%q,"sha256":"ABC","size":0,"content_type":"image/gif"}`, id, id),
			[]string{"content_type:enum", "sha256:pattern", "size:range"}},
		{"vessel.observe", fmt.Sprintf(`{"id":%q,"vessel_id":%q,"field":"name","value":null}`, id, id), []string{"value:invalid"}},
		{"vessel.observe", fmt.Sprintf(`{"id":%q,"vessel_id":%q,"field":"zone","value":{"zone":2}}`, id, id), nil},
		{"no.such", `{"x":1}`, nil}, // not judged here: the engine answers it retry or untranslatable
	} {
		err := ValidateArgs(Mutation{Name: c.name, Version: 1, Args: json.RawMessage(c.args)})
		var got []string
		if e, ok := err.(*models.Error); ok {
			if e.Code != CodeInvalidArgs {
				t.Errorf("%s %s: code %s", c.name, c.args, e.Code)
			}
			for _, f := range e.Fields {
				got = append(got, f.Field+":"+f.Code)
			}
		} else if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s %s: fields %v, want %v", c.name, c.args, got, c.want)
		}
	}
}

// ValidateArgs against the raw baseline of the same mutation's strict
// decode, which the engine runs right after it.
func BenchmarkValidateArgs(b *testing.B) {
	args := json.RawMessage(fmt.Sprintf(`{"inspection_id":%q,"item_id":"fire.extinguishers","answer":"no","note":"two of four expired"}`, uuid.New()))
	m := Mutation{Name: "inspection.answer", Version: 1, Args: args}
	cmd, _ := inspect.LookupCommand(m.Name, m.Version)
	b.Run("schema", func(b *testing.B) {
		for range b.N {
			if err := ValidateArgs(m); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("decode-baseline", func(b *testing.B) {
		for range b.N {
			if _, err := cmd.Decode(args); err != nil {
				b.Fatal(err)
			}
		}
	})
}
