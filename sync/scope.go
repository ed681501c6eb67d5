package sync

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// Viewer is the caller of a pull or verify: who they are, the assignments
// in force today, and the authorization table that decides what each
// entity type shows them (the same table REST reads go through).
type Viewer struct {
	UserID   uuid.UUID
	DeviceID uuid.UUID
	Role     models.Role
	// Jurisdictions are the caller's assignments in force today.
	Jurisdictions []uuid.UUID
	// OwnerID is set for the owner role.
	OwnerID *uuid.UUID
	// Access is how far the caller reaches for an operation of the
	// authorization table (api.AccessFor for the caller's role).
	Access func(operationID string) models.Access
	// keys are the caller's scope keys now, computed by the engine from
	// the database for each pull and verify (scopeKeys); every reader's
	// query matches only rows filed under them. Unset, nothing is visible.
	keys []string
}

// access is v.Access(op), AccessNone when no table was given.
func (v Viewer) access(op string) models.Access {
	if v.Access == nil {
		return models.AccessNone
	}
	return v.Access(op)
}

// Querier is what entity readers query through: the pull's read-only
// transaction (a pgx.Tx satisfies it).
type Querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// scopeKeys computes the caller's scope keys now (docs/SYNC.md): reference
// data and the user's own key for everyone; the jurisdictions in force
// today for staff (every live jurisdiction for an admin); the owner key for
// an owner. The result is sorted and free of repeats.
func scopeKeys(ctx context.Context, q Querier, v Viewer) ([]string, error) {
	keys := []string{storage.ScopeReference, storage.ScopeUser(v.UserID)}
	if v.OwnerID != nil {
		keys = append(keys, storage.ScopeOwner(*v.OwnerID))
	}
	jurisdictions := v.Jurisdictions
	if v.Role == models.RoleAdmin {
		all, err := liveJurisdictions(ctx, q)
		if err != nil {
			return nil, err
		}
		jurisdictions = all
	}
	for _, j := range jurisdictions {
		keys = append(keys, storage.ScopeJurisdiction(j))
	}
	slices.Sort(keys)
	return slices.Compact(keys), nil
}

func liveJurisdictions(ctx context.Context, q Querier) ([]uuid.UUID, error) {
	rows, err := q.Query(ctx, "SELECT id FROM jurisdictions WHERE deleted_at IS NULL ORDER BY id")
	if err != nil {
		return nil, fmt.Errorf("list jurisdictions: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if err != nil {
		return nil, fmt.Errorf("list jurisdictions: %w", err)
	}
	return ids, nil
}

// splitKey parses a scope key into its kind ("j", "o", "u", "ref") and the
// id it names (uuid.Nil for "ref").
func splitKey(key string) (kind string, id uuid.UUID, ok bool) {
	if key == storage.ScopeReference {
		return key, uuid.Nil, true
	}
	kind, rest, found := strings.Cut(key, ":")
	if !found {
		return "", uuid.Nil, false
	}
	id, err := uuid.Parse(rest)
	return kind, id, err == nil
}

// setMinus returns the members of a that are not in b, in a's order.
func setMinus(a, b []string) []string {
	var out []string
	for _, k := range a {
		if !slices.Contains(b, k) {
			out = append(out, k)
		}
	}
	return out
}
