package console_test

import (
	"context"
	"testing"

	"github.com/google/uuid"

	"github.com/tindal/tindal/api"
	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/web/webtest"
)

// scopeOf is email's scope for operation, as the API gives it.
func scopeOf(t *testing.T, s *webtest.Server, email, operation string) models.Scope {
	t.Helper()
	id := idOf(t, s, `SELECT id FROM users WHERE email = ?`, email)
	p, err := s.Auth.PersonOf(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	access, _ := api.AccessFor(operation, p.Role)
	return models.Scope{UserID: p.UserID, Role: p.Role, Jurisdictions: p.Jurisdictions, OwnerID: p.OwnerID, Access: access}
}

// idOf is the id of the one row query finds.
func idOf(t *testing.T, s *webtest.Server, query string, args ...any) uuid.UUID {
	t.Helper()
	var raw string
	if err := s.DB.Gorm.Raw(query, args...).Scan(&raw).Error; err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	id, err := uuid.Parse(raw)
	if err != nil {
		t.Fatalf("%s: found %q", query, raw)
	}
	return id
}

// karwarNotice approves the demo's submitted inspection of KA-KWR-M-0006
// as the Karwar supervisor, through the review service, which issues its
// penalty notice in the approval's transaction; it answers the notice's id.
func karwarNotice(t *testing.T, s *webtest.Server) uuid.UUID {
	t.Helper()
	insp := idOf(t, s, `SELECT i.id FROM inspections i JOIN vessels v ON v.id = i.vessel_id
		WHERE v.registration_number = 'KA-KWR-M-0006' LIMIT 1`)
	sc := scopeOf(t, s, "supervisor.karwar@demo.tindal", "reviewInspection")
	if _, err := s.Inspect.Review(context.Background(), sc, insp, inspect.ReviewInput{Decision: inspect.DecisionApprove,
		OverrideReason: "photos checked on the inspector's phone"}); err != nil {
		t.Fatalf("approve the demo inspection: %v", err)
	}
	return idOf(t, s, `SELECT id FROM penalty_notices WHERE inspection_id = ?`, insp)
}

// vesselID is the id of the demo vessel registered as reg.
func vesselID(t *testing.T, s *webtest.Server, reg string) uuid.UUID {
	t.Helper()
	return idOf(t, s, `SELECT id FROM vessels WHERE registration_number = ?`, reg)
}
