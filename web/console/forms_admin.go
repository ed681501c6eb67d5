package console

import (
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/models"
)

// The admin forms, parsed and checked in one place (Miniflux's ui/form):
// each returns the field that failed, shown next to that field.

// formValues keeps what was submitted, to show it again after a failure
// (never a password).
func formValues(ctx *fiber.Ctx, names ...string) map[string]string {
	out := map[string]string{}
	for _, n := range names {
		out[n] = strings.TrimSpace(ctx.FormValue(n))
	}
	return out
}

// formDate reads a date field (YYYY-MM-DD); empty is nil.
func formDate(ctx *fiber.Ctx, field string, fe *models.FieldErrors) *time.Time {
	v := strings.TrimSpace(ctx.FormValue(field))
	if v == "" {
		return nil
	}
	d, err := time.Parse(time.DateOnly, v)
	if err != nil {
		fe.Add(field, "invalid", "must be a date such as 2027-04-01")
		return nil
	}
	return &d
}

// formID reads an id field; empty is nil.
func formID(ctx *fiber.Ctx, field string, fe *models.FieldErrors) *uuid.UUID {
	v := strings.TrimSpace(ctx.FormValue(field))
	if v == "" {
		return nil
	}
	id, err := uuid.Parse(v)
	if err != nil {
		fe.Add(field, "invalid", "must be an id")
		return nil
	}
	return &id
}

// newUserForm reads the form that creates a user.
func newUserForm(ctx *fiber.Ctx) (auth.NewUser, error) {
	var fe models.FieldErrors
	n := auth.NewUser{Email: ctx.FormValue("email"), Name: strings.TrimSpace(ctx.FormValue("name")),
		Role: models.Role(ctx.FormValue("role")), PreferredLanguage: ctx.FormValue("preferred_language"),
		Password: ctx.FormValue("password")}
	n.NoPassword = n.Password == ""
	n.OwnerID = formID(ctx, "owner_id", &fe)
	for _, raw := range ctx.Request().PostArgs().PeekMulti("jurisdiction_ids") {
		id, err := uuid.ParseBytes(raw)
		if err != nil {
			fe.Add("jurisdictions", "invalid", "names a jurisdiction that does not exist")
			continue
		}
		n.Jurisdictions = append(n.Jurisdictions, id)
	}
	if d := formDate(ctx, "assigned_from", &fe); d != nil {
		n.AssignedFrom = *d
	}
	return n, fe.Err()
}

// userPatchForm reads the form that edits a user: every field is sent.
func userPatchForm(ctx *fiber.Ctx) (auth.UserPatch, int64, error) {
	var fe models.FieldErrors
	email, name := ctx.FormValue("email"), strings.TrimSpace(ctx.FormValue("name"))
	lang := ctx.FormValue("preferred_language")
	role := models.Role(ctx.FormValue("role"))
	p := auth.UserPatch{Email: &email, Name: &name, PreferredLanguage: &lang, Role: &role}
	p.OwnerID = formID(ctx, "owner_id", &fe)
	version, err := parseVersion(ctx.FormValue("version"))
	if err != nil {
		fe.Add("version", "invalid", "reload the page")
	}
	return p, version, fe.Err()
}

func parseVersion(s string) (int64, error) { return strconv.ParseInt(strings.TrimSpace(s), 10, 64) }

// assignmentForm reads the form that assigns a user to a jurisdiction.
func assignmentForm(ctx *fiber.Ctx) (auth.NewAssignment, error) {
	var fe models.FieldErrors
	var a auth.NewAssignment
	if id := formID(ctx, "jurisdiction_id", &fe); id != nil {
		a.JurisdictionID = *id
	} else if len(fe) == 0 {
		fe.Add("jurisdiction_id", "required", "choose a jurisdiction")
	}
	if d := formDate(ctx, "starts_on", &fe); d != nil {
		a.StartsOn = *d
	} else if !hasField(fe, "starts_on") {
		fe.Add("starts_on", "required", "give the first day")
	}
	a.EndsOn = formDate(ctx, "ends_on", &fe)
	return a, fe.Err()
}

func hasField(fe models.FieldErrors, field string) bool {
	for _, f := range fe {
		if f.Field == field {
			return true
		}
	}
	return false
}
