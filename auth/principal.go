package auth

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/tindal/tindal/models"
)

// Principal is the authenticated caller of a request.
type Principal struct {
	UserID   uuid.UUID
	Role     models.Role
	DeviceID uuid.UUID
	// OwnerID is set for the owner role: the owner whose records they see.
	OwnerID *uuid.UUID
	// Jurisdictions are the assignments in force today (Asia/Kolkata).
	Jurisdictions []uuid.UUID
	Email         string
}

// InJurisdiction reports whether the principal is assigned to jurisdiction
// id today.
func (p *Principal) InJurisdiction(id uuid.UUID) bool {
	return slices.Contains(p.Jurisdictions, id)
}

// ist is India Standard Time (UTC+05:30, no daylight saving since 1945),
// the calendar in which assignments start and end.
func ist() *time.Location { return time.FixedZone("Asia/Kolkata", 5*3600+1800) }

// today is the civil date in Asia/Kolkata of now, as a date string.
func today(now time.Time) string { return now.In(ist()).Format(time.DateOnly) }

// principalQuery loads, in one round trip, the user (live), the device (of
// that user) and the user's assignments in force on a date.
const principalQuery = `
SELECT u.email, u.role, u.owner_id::text, u.disabled_at, d.revoked_at,
       EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.family_id = $4::uuid AND r.revoked_at IS NOT NULL),
       coalesce(array_agg(uj.jurisdiction_id::text ORDER BY uj.jurisdiction_id)
                FILTER (WHERE uj.id IS NOT NULL), '{}')
FROM users u
JOIN devices d ON d.id = $2 AND d.user_id = u.id
LEFT JOIN user_jurisdictions uj ON uj.user_id = u.id
     AND uj.starts_on <= $3::date AND (uj.ends_on IS NULL OR uj.ends_on >= $3::date)
WHERE u.id = $1 AND u.deleted_at IS NULL
GROUP BY u.id, d.id`

// Authenticate verifies an access token (with or without its "Bearer "
// scheme) and loads its principal, refusing a disabled or deleted user and a
// revoked device. Errors are KindUnauthenticated: "invalid_token",
// "token_expired", "account_disabled", "device_revoked".
func (s *Service) Authenticate(ctx context.Context, bearer string) (*Principal, error) {
	claims, err := s.VerifyAccessToken(bearerToken(bearer))
	if err != nil {
		return nil, err
	}
	p := &Principal{UserID: uuid.MustParse(claims.Subject), DeviceID: uuid.MustParse(claims.DeviceID)}
	var owner *string
	var disabled, revoked *time.Time
	var familyRevoked bool
	var jurisdictions []string
	err = s.db.Pool.QueryRow(ctx, principalQuery, p.UserID, p.DeviceID, today(s.now()), familyOf(claims)).
		Scan(&p.Email, &p.Role, &owner, &disabled, &revoked, &familyRevoked, &jurisdictions)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, errInvalidToken(errors.New("user or device not found"))
	}
	if err != nil {
		return nil, fmt.Errorf("load principal: %w", err)
	}
	if disabled != nil {
		return nil, errAccountDisabled()
	}
	if revoked != nil {
		return nil, errDeviceRevoked()
	}
	if familyRevoked {
		return nil, unauthenticated("session_ended", "this session has ended (logged out or revoked); log in again", nil)
	}
	if err := p.fill(owner, jurisdictions); err != nil {
		return nil, err
	}
	return p, nil
}

// familyOf is the token's refresh family, or nil for a token issued before
// access tokens carried one (those live out their 15 minutes).
func familyOf(c *AccessClaims) *uuid.UUID {
	id, err := uuid.Parse(c.FamilyID)
	if err != nil {
		return nil
	}
	return &id
}

// fill parses the text ids the principal query returns.
func (p *Principal) fill(owner *string, jurisdictions []string) error {
	if owner != nil {
		id, err := uuid.Parse(*owner)
		if err != nil {
			return fmt.Errorf("parse owner id: %w", err)
		}
		p.OwnerID = &id
	}
	p.Jurisdictions = make([]uuid.UUID, 0, len(jurisdictions))
	for _, j := range jurisdictions {
		id, err := uuid.Parse(j)
		if err != nil {
			return fmt.Errorf("parse jurisdiction id: %w", err)
		}
		p.Jurisdictions = append(p.Jurisdictions, id)
	}
	return nil
}
