package api

import (
	"errors"
	"math"

	"github.com/getkin/kin-openapi/openapi3"
)

// relaxPushBody makes the contract middleware check only the envelope of
// each pushed mutation. The contract's PushMutation is a union on name with
// a schema per mutation's args; validated as such, one bad argument would
// answer 400 for the whole push, and a phone could never send its other
// mutations. The engine checks each mutation's args against the same
// schemas (sync.ValidateArgs) and answers a bad one rejected, naming the
// field; an unknown name gets its own retry or rejected result. What is
// served as the contract (openapi.Spec) is unchanged.
func relaxPushBody(doc *openapi3.T) error {
	item := doc.Paths.Find("/v1/sync/push")
	env := doc.Components.Schemas["MutationEnvelope"]
	if item == nil || item.Post == nil || env == nil {
		return errors.New("openapi.yaml: no POST /v1/sync/push or no MutationEnvelope")
	}
	mutation := openapi3.NewObjectSchema().WithoutAdditionalProperties()
	mutation.Required = []string{"id", "seq", "name", "version", "args"}
	for k, v := range env.Value.Properties {
		mutation.WithPropertyRef(k, v)
	}
	mutation.WithProperty("name", openapi3.NewStringSchema().WithMinLength(1).WithMaxLength(80))
	mutation.WithProperty("version", openapi3.NewInt32Schema().WithMin(1).WithMax(math.MaxInt32))
	mutation.WithProperty("args", openapi3.NewObjectSchema().WithAnyAdditionalProperties())
	body := openapi3.NewObjectSchema().WithoutAdditionalProperties()
	body.Required = []string{"mutations"}
	// The contract's own ack_seq (0..2^53-1): a relaxed copy without its
	// maximum let 2^53 through to be echoed beyond the contract.
	ack := doc.Components.Schemas["PushRequest"]
	if ack == nil || ack.Value.Properties["ack_seq"] == nil {
		return errors.New("openapi.yaml: no PushRequest.ack_seq")
	}
	body.WithPropertyRef("ack_seq", ack.Value.Properties["ack_seq"])
	if e := doc.Components.Schemas["SyncEpoch"]; e != nil {
		body.WithPropertyRef("epoch", e)
	}
	// No item limit here: more than 500 mutations is the engine's 413
	// too_many_mutations (docs/SYNC.md §2), not a contract 400; the body
	// limit (1 MiB) bounds the list before it is decoded.
	body.WithProperty("mutations", openapi3.NewArraySchema().WithItems(mutation))
	req := openapi3.NewRequestBody().WithRequired(true).WithJSONSchema(body)
	item.Post.RequestBody = &openapi3.RequestBodyRef{Value: req}
	return nil
}
