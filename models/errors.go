package models

import (
	"errors"
	"fmt"
)

// Kind is one of the small closed set of error kinds every layer speaks.
// The api package maps each kind to one HTTP status, in one place.
type Kind string

// Error kinds.
const (
	KindInvalid         Kind = "invalid"         // the input is wrong; 400/422
	KindNotFound        Kind = "not_found"       // absent, or out of the caller's scope; 404
	KindConflict        Kind = "conflict"        // clashes with current state; 409
	KindPrecondition    Kind = "precondition"    // If-Match did not match the row version; 412
	KindForbidden       Kind = "forbidden"       // authenticated but not allowed; 403
	KindUnauthenticated Kind = "unauthenticated" // no valid credentials; 401
	KindRateLimited     Kind = "rate_limited"    // too many attempts; 429
	KindTooLarge        Kind = "too_large"       // body or object over its limit; 413
	KindUnavailable     Kind = "unavailable"     // a dependency is down; 503
)

// FieldError names one invalid field of a request.
type FieldError struct {
	Field   string `json:"field"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

// Error is an error with a kind, a stable machine code and a message that is
// safe to show to a client. Causes are wrapped, logged, and never sent.
type Error struct {
	Kind       Kind
	Code       string
	Message    string
	Fields     []FieldError
	RetryAfter int // seconds, for KindUnavailable and KindRateLimited
	Err        error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, e.Message, e.Err)
	}
	return e.Code + ": " + e.Message
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Errorf builds an *Error of the given kind and code.
func Errorf(kind Kind, code, format string, args ...any) *Error {
	return &Error{Kind: kind, Code: code, Message: fmt.Sprintf(format, args...)}
}

// Invalid builds a validation error listing the fields at fault.
func Invalid(fields ...FieldError) *Error {
	msg := "the request is invalid"
	if len(fields) == 1 {
		msg = fields[0].Field + ": " + fields[0].Message
	}
	return &Error{Kind: KindInvalid, Code: "validation_failed", Message: msg, Fields: fields}
}

// InvalidField is the validation error of one field: its code and a
// message formatted as fmt.Sprintf does.
func InvalidField(field, code, format string, args ...any) error {
	return Invalid(FieldError{Field: field, Code: code, Message: fmt.Sprintf(format, args...)})
}

// Refused is a refusal the documentation names by its code: a validation
// error whose problem code is that code (not validation_failed), with the
// one field at fault carrying it too, so a client may read either.
func Refused(field, code, format string, args ...any) *Error {
	msg := fmt.Sprintf(format, args...)
	return &Error{Kind: KindInvalid, Code: code, Message: field + ": " + msg,
		Fields: []FieldError{{Field: field, Code: code, Message: msg}}}
}

// NotFound is the error for an absent or out-of-scope record of the named type.
func NotFound(what string) *Error {
	return Errorf(KindNotFound, "not_found", "%s not found", what)
}

// KindOf returns the kind of err, or "" for an unexpected error.
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return ""
}

// CodeOf returns the code of err, or "" for an unexpected error.
func CodeOf(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

// FieldErrors collects validation problems for one request.
type FieldErrors []FieldError

// Add records a problem with a field.
func (f *FieldErrors) Add(field, code, format string, args ...any) {
	*f = append(*f, FieldError{Field: field, Code: code, Message: fmt.Sprintf(format, args...)})
}

// Err returns nil when no problem was recorded, else an Invalid error.
func (f FieldErrors) Err() error {
	if len(f) == 0 {
		return nil
	}
	return Invalid(f...)
}
