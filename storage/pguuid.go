package storage

import (
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"
)

// registerUUID makes pgx encode google/uuid values as PostgreSQL uuids
// directly (16 bytes in the binary format). Without it, uuid.UUID is sent
// through its driver.Valuer: formatted to a 36-character string, then
// parsed back, for every uuid parameter — a push sends about two thousand.
// It is the technique of github.com/jackc/pgx-google-uuid, which is not
// served here.
func registerUUID(m *pgtype.Map) {
	m.TryWrapEncodePlanFuncs = append([]pgtype.TryWrapEncodePlanFunc{tryWrapUUIDEncodePlan}, m.TryWrapEncodePlanFuncs...)
}

// pgUUID is a uuid.UUID that pgx's uuid codec encodes natively.
type pgUUID uuid.UUID

// UUIDValue implements pgtype.UUIDValuer.
func (u pgUUID) UUIDValue() (pgtype.UUID, error) { return pgtype.UUID{Bytes: u, Valid: true}, nil }

type wrapUUIDEncodePlan struct{ next pgtype.EncodePlan }

func (p *wrapUUIDEncodePlan) SetNext(next pgtype.EncodePlan) { p.next = next }

func (p *wrapUUIDEncodePlan) Encode(value any, buf []byte) ([]byte, error) {
	return p.next.Encode(pgUUID(value.(uuid.UUID)), buf)
}

func tryWrapUUIDEncodePlan(value any) (pgtype.WrappedEncodePlanNextSetter, any, bool) {
	if u, ok := value.(uuid.UUID); ok {
		return &wrapUUIDEncodePlan{}, pgUUID(u), true
	}
	return nil, nil, false
}

// UUIDParam is id as an element of a uuid[] parameter that pgx encodes in
// binary (a string there fails pgx's binary attempt, whose error message
// prints the whole array, before it falls back to text).
func UUIDParam(id uuid.UUID) pgtype.UUID { return pgtype.UUID{Bytes: id, Valid: true} }

// UUIDParamOrNull is UUIDParam of *id, or SQL NULL for nil.
func UUIDParamOrNull(id *uuid.UUID) pgtype.UUID {
	if id == nil {
		return pgtype.UUID{}
	}
	return UUIDParam(*id)
}
