package api

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/openapi"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
)

// Users and assignments (docs/USERS.md): admins administer every account.

// ListUsers pages the users the caller reaches.
func (h *handlers) ListUsers(
	ctx context.Context,
	r openapi.ListUsersRequestObject,
) (openapi.ListUsersResponseObject, error) {
	f := auth.UserFilter{Query: deref(r.Params.Q), Disabled: r.Params.Disabled}
	if r.Params.Role != nil {
		role := models.Role(*r.Params.Role)
		f.Role = &role
	}
	rows, next, err := h.d.Auth.ListUsers(ctx, scopeOf(ctx), f, deref(r.Params.Cursor), deref(r.Params.Limit))
	if err != nil {
		return nil, err
	}
	out := openapi.ListUsers200JSONResponse{Items: make([]openapi.User, 0, len(rows)), NextCursor: cursorOf(next)}
	for _, u := range rows {
		out.Items = append(out.Items, userOut(u))
	}
	return out, nil
}

// CreateUser creates an account of any role.
func (h *handlers) CreateUser(
	ctx context.Context,
	r openapi.CreateUserRequestObject,
) (openapi.CreateUserResponseObject, error) {
	b := r.Body
	n := auth.NewUser{ID: b.Id, Email: b.Email, Name: deref(b.Name), Role: models.Role(b.Role),
		Password: deref(b.Password), NoPassword: b.Password == nil, OwnerID: b.OwnerId,
		Jurisdictions: derefSlice(b.JurisdictionIds), PreferredLanguage: string(deref(b.PreferredLanguage))}
	if b.AssignedFrom != nil {
		n.AssignedFrom = b.AssignedFrom.Time
	}
	s := scopeOf(ctx)
	u, err := h.d.Auth.CreateUser(ctx, storage.ActorOf(s), n)
	if err != nil {
		return nil, err
	}
	a, err := h.d.Auth.GetUser(ctx, s, u.ID)
	if err != nil {
		return nil, err
	}
	return openapi.CreateUser201JSONResponse(userOut(a)), nil
}

// GetUser answers one user.
func (h *handlers) GetUser(
	ctx context.Context,
	r openapi.GetUserRequestObject,
) (openapi.GetUserResponseObject, error) {
	a, err := h.d.Auth.GetUser(ctx, scopeOf(ctx), r.Id)
	if err != nil {
		return nil, err
	}
	return openapi.GetUser200JSONResponse(userOut(a)), nil
}

// UpdateUser edits a user at the version named by If-Match.
func (h *handlers) UpdateUser(
	ctx context.Context,
	r openapi.UpdateUserRequestObject,
) (openapi.UpdateUserResponseObject, error) {
	v, err := registry.ParseIfMatch(r.Params.IfMatch)
	if err != nil {
		return nil, err
	}
	b := r.Body
	p := auth.UserPatch{Email: b.Email, Name: b.Name, OwnerID: b.OwnerId}
	if b.Role != nil {
		role := models.Role(*b.Role)
		p.Role = &role
	}
	if b.PreferredLanguage != nil {
		lang := string(*b.PreferredLanguage)
		p.PreferredLanguage = &lang
	}
	s := scopeOf(ctx)
	a, err := h.d.Auth.UpdateUser(ctx, storage.ActorOf(s), s, r.Id, v, p)
	if err != nil {
		return nil, err
	}
	return openapi.UpdateUser200JSONResponse(userOut(a)), nil
}

// DeactivateUser ends every session of a user at once.
func (h *handlers) DeactivateUser(
	ctx context.Context,
	r openapi.DeactivateUserRequestObject,
) (openapi.DeactivateUserResponseObject, error) {
	s := scopeOf(ctx)
	a, err := h.d.Auth.DeactivateUser(ctx, storage.ActorOf(s), s, r.Id)
	if err != nil {
		return nil, err
	}
	return openapi.DeactivateUser200JSONResponse(userOut(a)), nil
}

// ReactivateUser lifts a deactivation.
func (h *handlers) ReactivateUser(
	ctx context.Context,
	r openapi.ReactivateUserRequestObject,
) (openapi.ReactivateUserResponseObject, error) {
	s := scopeOf(ctx)
	a, err := h.d.Auth.ReactivateUser(ctx, storage.ActorOf(s), s, r.Id)
	if err != nil {
		return nil, err
	}
	return openapi.ReactivateUser200JSONResponse(userOut(a)), nil
}

// ListUserAssignments lists a user's assignments, past, present and future.
func (h *handlers) ListUserAssignments(
	ctx context.Context,
	r openapi.ListUserAssignmentsRequestObject,
) (openapi.ListUserAssignmentsResponseObject, error) {
	rows, err := h.d.Auth.ListAssignments(ctx, scopeOf(ctx), r.Id)
	if err != nil {
		return nil, err
	}
	today := rules.DateOf(h.d.Clock())
	out := openapi.ListUserAssignments200JSONResponse{Items: make([]openapi.Assignment, 0, len(rows))}
	for _, a := range rows {
		out.Items = append(out.Items, assignmentOut(a, today))
	}
	return out, nil
}

// CreateUserAssignment assigns a user to a jurisdiction from a date.
func (h *handlers) CreateUserAssignment(
	ctx context.Context,
	r openapi.CreateUserAssignmentRequestObject,
) (openapi.CreateUserAssignmentResponseObject, error) {
	in := auth.NewAssignment{JurisdictionID: r.Body.JurisdictionId, StartsOn: r.Body.StartsOn.Time}
	if r.Body.EndsOn != nil {
		in.EndsOn = &r.Body.EndsOn.Time
	}
	s := scopeOf(ctx)
	a, created, err := h.d.Auth.Assign(ctx, storage.ActorOf(s), s, r.Id, in)
	if err != nil {
		return nil, err
	}
	out := assignmentOut(a, rules.DateOf(h.d.Clock()))
	if !created {
		return openapi.CreateUserAssignment200JSONResponse(out), nil
	}
	return openapi.CreateUserAssignment201JSONResponse(out), nil
}

// EndUserAssignment ends an assignment on a day.
func (h *handlers) EndUserAssignment(
	ctx context.Context,
	r openapi.EndUserAssignmentRequestObject,
) (openapi.EndUserAssignmentResponseObject, error) {
	s := scopeOf(ctx)
	a, err := h.d.Auth.EndAssignment(ctx, storage.ActorOf(s), s, r.Id, r.AssignmentId, r.Body.EndsOn.Time)
	if err != nil {
		return nil, err
	}
	return openapi.EndUserAssignment200JSONResponse(assignmentOut(a, rules.DateOf(h.d.Clock()))), nil
}

// RequestPasswordReset mails the user a one-time password link.
func (h *handlers) RequestPasswordReset(
	ctx context.Context,
	r openapi.RequestPasswordResetRequestObject,
) (openapi.RequestPasswordResetResponseObject, error) {
	s := scopeOf(ctx)
	rr, err := h.d.Auth.RequestPasswordReset(ctx, storage.ActorOf(s), s, r.Id, h.d.PublicBaseURL)
	if err != nil {
		return nil, err
	}
	return openapi.RequestPasswordReset202JSONResponse{Id: rr.ID, UserId: rr.UserID, SentTo: rr.SentTo,
		CreatedAt: rr.CreatedAt.UTC(), ExpiresAt: rr.ExpiresAt.UTC()}, nil
}

// InviteOwner mails an owner account the owners' sign-in address.
func (h *handlers) InviteOwner(
	ctx context.Context,
	r openapi.InviteOwnerRequestObject,
) (openapi.InviteOwnerResponseObject, error) {
	s := scopeOf(ctx)
	inv, err := h.d.Auth.InviteOwner(ctx, storage.ActorOf(s), s, r.Id, h.d.PublicBaseURL)
	if err != nil {
		return nil, err
	}
	return openapi.InviteOwner202JSONResponse{UserId: inv.UserID, SentTo: inv.SentTo, Queued: inv.Queued}, nil
}

// CompletePasswordReset sets a new password with a link's token (public).
func (h *handlers) CompletePasswordReset(
	ctx context.Context,
	r openapi.CompletePasswordResetRequestObject,
) (openapi.CompletePasswordResetResponseObject, error) {
	if err := h.d.Auth.CompletePasswordReset(ctx, r.Body.Token, r.Body.Password, remoteAddr(ctx)); err != nil {
		return nil, err
	}
	return openapi.CompletePasswordReset204Response{}, nil
}

func userOut(a auth.Account) openapi.User {
	u := a.User
	ids := a.Jurisdictions
	if ids == nil {
		ids = []uuid.UUID{}
	}
	out := openapi.User{Id: u.ID, Email: u.Email, Name: u.Name, Role: openapi.Role(u.Role),
		PreferredLanguage: openapi.Language(u.PreferredLanguage), OwnerId: u.OwnerID, JurisdictionIds: ids,
		Version: u.Version, CreatedAt: u.CreatedAt.UTC(), UpdatedAt: u.UpdatedAt.UTC()}
	if u.DisabledAt != nil {
		t := u.DisabledAt.UTC()
		out.DisabledAt = &t
	}
	return out
}

func assignmentOut(a auth.Assignment, today rules.Date) openapi.Assignment {
	out := openapi.Assignment{Id: a.ID, UserId: a.UserID, JurisdictionId: a.JurisdictionID,
		JurisdictionCode: a.JurisdictionCode, JurisdictionName: a.JurisdictionName,
		StartsOn: dateOnly(a.StartsOn), CreatedAt: a.CreatedAt.UTC()}
	day := today.String()
	out.InForce = a.StartsOn.Format(time.DateOnly) <= day
	if a.EndsOn != nil {
		e := dateOnly(*a.EndsOn)
		out.EndsOn = &e
		out.InForce = out.InForce && a.EndsOn.Format(time.DateOnly) >= day
	}
	return out
}
