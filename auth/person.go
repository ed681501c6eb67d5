package auth

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

// Person is someone signed in to the pages (the console, the owners'
// pages): the principal of a web session, which has no device, plus what
// the pages show.
type Person struct {
	Principal
	Name     string
	Language string
}

// personQuery loads, in one round trip, the live user and the assignments
// in force on a date: the principal query without a device.
const personQuery = `
SELECT u.email, u.name, u.role, u.preferred_language, u.owner_id::text, u.disabled_at,
       coalesce(array_agg(uj.jurisdiction_id::text ORDER BY uj.jurisdiction_id)
                FILTER (WHERE uj.id IS NOT NULL), '{}')
FROM users u
LEFT JOIN user_jurisdictions uj ON uj.user_id = u.id
     AND uj.starts_on <= $2::date AND (uj.ends_on IS NULL OR uj.ends_on >= $2::date)
WHERE u.id = $1 AND u.deleted_at IS NULL
GROUP BY u.id`

// PersonOf loads the person a web session names, on every request, so that
// a deactivated user, a changed role or an ended assignment takes effect at
// once. Errors are KindUnauthenticated: "invalid_token" (no such live
// user), "account_disabled".
func (s *Service) PersonOf(ctx context.Context, userID uuid.UUID) (*Person, error) {
	p := &Person{Principal: Principal{UserID: userID}}
	var owner *string
	var disabled *time.Time
	var jurisdictions []string
	err := s.db.Pool.QueryRow(ctx, personQuery, userID, today(s.now())).
		Scan(&p.Email, &p.Name, &p.Role, &p.Language, &owner, &disabled, &jurisdictions)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, errInvalidToken(errors.New("user not found"))
	}
	if err != nil {
		return nil, fmt.Errorf("load person: %w", err)
	}
	if disabled != nil {
		return nil, errAccountDisabled()
	}
	if err := p.fill(owner, jurisdictions); err != nil {
		return nil, err
	}
	return p, nil
}
