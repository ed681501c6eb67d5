package storage

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
)

// Actor is who a change is attributed to in the audit log.
type Actor struct {
	UserID    *uuid.UUID
	DeviceID  *uuid.UUID
	RequestID string
}

// Change says "entity E changed, and it may concern these scope keys"
// (docs/SYNC.md). A write logs the entity under every scope key it had before
// and after the change.
type Change struct {
	EntityType string
	EntityID   uuid.UUID
	ScopeKeys  []string
}

// ScopeJurisdiction is the scope key of a jurisdiction's records.
func ScopeJurisdiction(id uuid.UUID) string { return "j:" + id.String() }

// ScopeOwner is the scope key of everything an owner may see.
func ScopeOwner(id uuid.UUID) string { return "o:" + id.String() }

// ScopeUser is the scope key of a user's own records.
func ScopeUser(id uuid.UUID) string { return "u:" + id.String() }

// ScopeKeys are the scope keys of a row of an office's record: its
// jurisdiction's, its owner's and the official's who made it (an
// inspection's rows, a detention order, a photo).
func ScopeKeys(jurisdiction, owner, user uuid.UUID) []string {
	return []string{ScopeJurisdiction(jurisdiction), ScopeOwner(owner), ScopeUser(user)}
}

// ScopeReference is the scope key of reference data every device receives.
const ScopeReference = "ref"

// Tx is a database transaction that buffers its change-log rows and audit
// entries. The change log is written in one statement as the very last
// thing before COMMIT, never from hooks and never per mutation, so the
// change-log lock is held for as short a time as possible.
type Tx struct {
	DB      *gorm.DB
	actor   Actor
	changes []Change
	audit   []models.AuditEntry
	after   []func()
	// first is FirstVersion's answer, read once per transaction.
	first int64
}

// FirstVersion is the version a record created in this transaction starts
// at: 1, or the floor of the sync epoch once one was advanced
// (sync/epoch_advance.go, docs/SYNC.md §6.10). A record created again after
// a restore — a phone's resent mutation, an id derived from another — then
// never takes a version the history before the restore issued for it.
// Records with a fresh random id may start at 1; those a phone or a
// derivation names start here.
func (tx *Tx) FirstVersion(ctx context.Context) (int64, error) {
	if tx.first == 0 {
		if err := tx.DB.WithContext(ctx).Raw(`SELECT ` + FirstVersionSQL).
			Scan(&tx.first).Error; err != nil {
			return 0, fmt.Errorf("first version: %w", err)
		}
		tx.first = max(tx.first, 1)
	}
	return tx.first, nil
}

// FirstVersionSQL is the expression FirstVersion reads; a caller that
// sends a statement of its own at the start of the transaction can read it
// there and hand the answer to KnowFirstVersion, saving the round trip.
const FirstVersionSQL = `coalesce((SELECT greatest(floor, 1) FROM sync_epoch WHERE id), 1)`

// KnowFirstVersion sets FirstVersion's answer, read by the caller in the
// same transaction (FirstVersionSQL).
func (tx *Tx) KnowFirstVersion(v int64) { tx.first = max(v, 1) }

// Changed records that an entity changed under the given scope keys.
func (tx *Tx) Changed(entityType string, id uuid.UUID, scopeKeys ...string) {
	tx.changes = append(tx.changes, Change{EntityType: entityType, EntityID: id, ScopeKeys: scopeKeys})
}

// Audit records who did what to which record, with before and after images
// (any JSON-encodable values; nil for none).
func (tx *Tx) Audit(action, entityType string, id uuid.UUID, before, after any) error {
	b, err := jsonOrNil(before)
	if err != nil {
		return err
	}
	a, err := jsonOrNil(after)
	if err != nil {
		return err
	}
	tx.audit = append(tx.audit, models.AuditEntry{
		At: time.Now().UTC(), ActorID: tx.actor.UserID, DeviceID: tx.actor.DeviceID,
		RequestID: tx.actor.RequestID, Action: action, EntityType: entityType, EntityID: id, Before: b, After: a,
	})
	return nil
}

// AfterCommit runs f once the transaction has committed (never on rollback):
// the place for side effects such as waking a worker.
func (tx *Tx) AfterCommit(f func()) { tx.after = append(tx.after, f) }

// InTx runs fn in a transaction attributed to actor, then writes the audit
// entries and, last, the change log, and commits. fn's error rolls
// everything back and is returned unchanged.
func (db *DB) InTx(ctx context.Context, actor Actor, fn func(tx *Tx) error) error {
	var t *Tx
	err := db.Gorm.WithContext(ctx).Transaction(func(g *gorm.DB) error {
		t = &Tx{DB: g, actor: actor}
		if err := fn(t); err != nil {
			return err
		}
		if err := t.flushAudit(); err != nil {
			return err
		}
		return t.flushChanges()
	})
	if err != nil {
		return err
	}
	for _, f := range t.after {
		f()
	}
	return nil
}

// flushAudit writes every buffered audit entry in one INSERT of nine
// array parameters (as flushChanges): a VALUES list of nine per entry
// cost a parameter to encode and parse each.
func (tx *Tx) flushAudit() error {
	n := len(tx.audit)
	if n == 0 {
		return nil
	}
	at := make([]time.Time, n)
	actor, device, ids := make([]pgtype.UUID, n), make([]pgtype.UUID, n), make([]pgtype.UUID, n)
	before, after := make([]*string, n), make([]*string, n)
	req, action, entity := make([]string, n), make([]string, n), make([]string, n)
	for i, a := range tx.audit {
		at[i], req[i], action[i], entity[i] = a.At, a.RequestID, a.Action, a.EntityType
		ids[i] = UUIDParam(a.EntityID)
		actor[i], device[i] = UUIDParamOrNull(a.ActorID), UUIDParamOrNull(a.DeviceID)
		before[i], after[i] = jsonText(a.Before), jsonText(a.After)
	}
	// uuids as pgtype.UUID and the images as text[] cast row by row: pgx
	// has no binary encoding of a string as uuid or jsonb, and each failed
	// attempt printed the whole array into its error before sending text.
	q := "INSERT INTO audit_log (at, actor_id, device_id, request_id, action, entity_type, entity_id, before, after) " +
		"SELECT u.at, u.actor, u.device, u.req, u.action, u.entity, u.id, u.before::jsonb, u.after::jsonb " +
		"FROM unnest($1::timestamptz[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::uuid[], " +
		"$8::text[], $9::text[]) AS u (at, actor, device, req, action, entity, id, before, after)"
	if err := tx.DB.Exec(q, at, actor, device, req, action, entity, ids, before, after).Error; err != nil {
		return fmt.Errorf("write audit log: %w", err)
	}
	return nil
}

func jsonText(b []byte) *string {
	if b == nil {
		return nil
	}
	s := string(b)
	return &s
}

// flushChanges writes every buffered change in one INSERT. The trigger on
// change_log takes the change-log advisory lock, which is then held until
// COMMIT, waiting at most 5 seconds for it (the trigger's own lock_timeout,
// migration 00074; docs/SYNC.md: a timeout answers retry).
func (tx *Tx) flushChanges() error {
	rows := tx.changeRows()
	if len(rows) == 0 {
		return nil
	}
	types, ids, scopes := make([]string, len(rows)), make([]pgtype.UUID, len(rows)), make([]string, len(rows))
	for i, r := range rows {
		types[i], ids[i], scopes[i] = r.entityType, UUIDParam(r.entityID), r.scope
	}
	// Three array parameters instead of a VALUES list of 3 per row: the
	// statement is parsed and planned once whatever its size, and each
	// array is one parameter to encode.
	q := "INSERT INTO change_log (entity_type, entity_id, scope_key) SELECT * FROM " +
		"unnest($1::text[], $2::uuid[], $3::text[])"
	if err := tx.DB.Exec(q, types, ids, scopes).Error; err != nil {
		return MapError(fmt.Errorf("write change log: %w", err), "change log")
	}
	return nil
}

type changeRow struct {
	entityType string
	entityID   uuid.UUID
	scope      string
}

// changeRows flattens the buffer to one row per (entity, scope), without
// repeats, in the order first seen.
func (tx *Tx) changeRows() []changeRow {
	seen := map[changeRow]bool{}
	var out []changeRow
	for _, c := range tx.changes {
		for _, k := range c.ScopeKeys {
			r := changeRow{c.EntityType, c.EntityID, k}
			if !seen[r] {
				seen[r] = true
				out = append(out, r)
			}
		}
	}
	return out
}

func jsonOrNil(v any) ([]byte, error) {
	if v == nil {
		return nil, nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("encode audit image: %w", err)
	}
	return b, nil
}

// ActorOf attributes a change to the caller of a request.
func ActorOf(s models.Scope) Actor {
	a := Actor{RequestID: s.RequestID}
	if s.UserID != uuid.Nil {
		u := s.UserID
		a.UserID = &u
	}
	if s.DeviceID != uuid.Nil {
		d := s.DeviceID
		a.DeviceID = &d
	}
	return a
}

// Tuples is n copies of tuple separated by commas: the rows of a
// multi-row VALUES list, e.g. Tuples(2, "(?, ?)") is "(?, ?), (?, ?)".
func Tuples(n int, tuple string) string {
	if n <= 0 {
		return ""
	}
	return tuple + strings.Repeat(", "+tuple, n-1)
}
