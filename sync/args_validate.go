package sync

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"
	stdsync "sync"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/openapi"
)

// CodeInvalidArgs is the result code of a mutation whose args do not fit
// the schema the contract gives its name and version.
const CodeInvalidArgs = "invalid_args"

// The contract (openapi.yaml, PushMutation) is a union on the mutation
// name, each member with its own args schema. The HTTP layer validates only
// the envelope of each mutation, so that one bad mutation is answered
// rejected on its own and the phone keeps the rest of its push; the args
// are checked here, against the same schemas, one mutation at a time.
var argSchemas struct {
	once  stdsync.Once
	byKey map[string]*openapi3.Schema // "name@version"
	err   error
}

// uuidFormat accepts every RFC 9562 UUID, v7 included, as the contract
// middleware does (kin-openapi's own pattern stops at v5).
var uuidFormat = openapi3.NewRegexpFormatValidator(
	`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`,
)

func loadArgSchemas() {
	doc, err := openapi3.NewLoader().LoadFromData(openapi.Spec)
	if err != nil {
		argSchemas.err = fmt.Errorf("load openapi.yaml: %w", err)
		return
	}
	argSchemas.byKey, argSchemas.err = mutationArgSchemas(doc)
}

// mutationArgSchemas reads the args schema of every member of the
// PushMutation union, by name (the discriminator) and version (its enum).
func mutationArgSchemas(doc *openapi3.T) (map[string]*openapi3.Schema, error) {
	ref := doc.Components.Schemas["PushMutation"]
	if ref == nil || ref.Value.Discriminator == nil {
		return nil, errors.New("openapi.yaml: PushMutation is not a discriminated union")
	}
	out := map[string]*openapi3.Schema{}
	for name, m := range ref.Value.Discriminator.Mapping {
		member := doc.Components.Schemas[strings.TrimPrefix(m.Ref, "#/components/schemas/")]
		if member == nil {
			return nil, fmt.Errorf("openapi.yaml: PushMutation maps %s to %s, which is not a schema", name, m.Ref)
		}
		// A name with several versions is a union on version (oneOf), each
		// member with its own version enum and args.
		versioned := openapi3.SchemaRefs{member}
		if len(member.Value.OneOf) > 0 {
			versioned = member.Value.OneOf
		}
		for _, vm := range versioned {
			if err := versionArgs(out, name, vm); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// versionArgs records the args schema of one version member of a name.
func versionArgs(out map[string]*openapi3.Schema, name string, member *openapi3.SchemaRef) error {
	var args *openapi3.Schema
	var versions []any
	for _, part := range append(openapi3.SchemaRefs{member}, member.Value.AllOf...) {
		if a := part.Value.Properties["args"]; a != nil {
			args = a.Value
		}
		if v := part.Value.Properties["version"]; v != nil {
			versions = v.Value.Enum
		}
	}
	if args == nil || len(versions) == 0 {
		return fmt.Errorf("openapi.yaml: %s has no args schema or no version enum", name)
	}
	for _, v := range versions {
		key := fmt.Sprintf("%s@%v", name, v)
		if out[key] != nil {
			return fmt.Errorf("openapi.yaml: %s is described twice", key)
		}
		out[key] = args
	}
	return nil
}

// ValidateArgs checks a mutation's args against the contract's schema for
// its name and version. A name or version the contract does not list is
// not judged here (the engine answers it retry or untranslatable). The
// error is a validation error naming every field that does not fit.
func ValidateArgs(m Mutation) error {
	argSchemas.once.Do(loadArgSchemas)
	if argSchemas.err != nil {
		return argSchemas.err
	}
	schema, ok := argSchemas.byKey[fmt.Sprintf("%s@%d", m.Name, m.Version)]
	if !ok {
		return nil
	}
	var v any
	if err := json.Unmarshal(m.Args, &v); err != nil {
		return invalidArgs(models.FieldError{Field: "args", Code: "invalid", Message: "not valid JSON"})
	}
	err := schema.VisitJSON(v, openapi3.MultiErrors(), openapi3.VisitAsRequest(),
		openapi3.WithStringFormatValidator("uuid", uuidFormat))
	if err == nil {
		return nil
	}
	return invalidArgs(argFieldErrors(err)...)
}

func invalidArgs(fields ...models.FieldError) error {
	e := models.Invalid(fields...)
	e.Code = CodeInvalidArgs
	if len(fields) > 1 {
		e.Message = "the arguments do not fit this mutation's schema"
	}
	return e
}

var unsupported = regexp.MustCompile(`^property "(.*)" is unsupported$`)

// argFieldErrors flattens kin-openapi's errors into one error per field,
// named by its path within args ("item_id", "value"), in field order.
func argFieldErrors(err error) []models.FieldError {
	seen := map[string]bool{}
	var out []models.FieldError
	var walk func(error)
	walk = func(err error) {
		var me openapi3.MultiError
		if errors.As(err, &me) {
			for _, e := range me {
				walk(e)
			}
			return
		}
		var se *openapi3.SchemaError
		if !errors.As(err, &se) {
			out = append(out, models.FieldError{Field: "args", Code: "invalid", Message: err.Error()})
			return
		}
		path, code := se.JSONPointer(), schemaCode(se.SchemaField)
		// kin-openapi names an unknown property in its reason only.
		if m := unsupported.FindStringSubmatch(se.Reason); se.SchemaField == "properties" && m != nil {
			path, code = append(path, m[1]), "unknown_field"
		}
		field := strings.Join(path, ".")
		if field == "" {
			field = "args"
		}
		if seen[field] {
			return
		}
		seen[field] = true
		out = append(out, models.FieldError{Field: field, Code: code, Message: se.Reason})
	}
	walk(err)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Field < out[j].Field })
	return out
}

// schemaCode maps the schema keyword that failed to the codes the domain
// validators use for the same faults.
func schemaCode(keyword string) string {
	switch keyword {
	case "required":
		return "required"
	case "enum":
		return "enum"
	case "minLength":
		return "required"
	case "maxLength":
		return "max_length"
	case "maxProperties":
		return "too_many" // as inspect's own record check names it
	case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
		return "range"
	case "pattern", "format":
		return "pattern"
	case "additionalProperties":
		return "unknown_field"
	case "type":
		return "type"
	}
	return "invalid"
}
