// Package openapi holds Tindal's API contract, openapi.yaml, the source of
// truth for every route, and the server interfaces and types generated from
// it by oapi-codegen (openapi.gen.go; regenerate with `make generate`).
package openapi

import _ "embed"

//go:generate go tool oapi-codegen -config oapi-codegen.yaml openapi.yaml

// Spec is the contract as written, served at /openapi.yaml.
//
//go:embed openapi.yaml
var Spec []byte
