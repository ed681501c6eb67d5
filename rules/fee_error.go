package rules

import "fmt"

// FieldError reports an input that is outside the domain of a fee, manning,
// validity or formula rule. Field names the offending input in its JSON
// spelling so that an API layer can point at it; Reason is lower-case and
// safe to show to a client.
type FieldError struct {
	Field  string `json:"field"`
	Reason string `json:"reason"`
}

// Error implements error, e.g. "rules: tonnage: must be greater than zero".
func (e *FieldError) Error() string { return fmt.Sprintf("rules: %s: %s", e.Field, e.Reason) }

// fieldErr builds a *FieldError with a formatted reason.
func fieldErr(field, format string, args ...any) error {
	return &FieldError{Field: field, Reason: fmt.Sprintf(format, args...)}
}
