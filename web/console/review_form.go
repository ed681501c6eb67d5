package console

import (
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/utils"
	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
)

// textFields reads the named fields of a posted form, trimmed of nothing
// (the services trim), and refuses text a page or a document would not
// show as typed (models.UnsafeText), as the API refuses it: the fields
// come back with the error so the form shows them again.
func textFields(ctx *fiber.Ctx, names ...string) (map[string]string, error) {
	form := make(map[string]string, len(names))
	var fe models.FieldErrors
	for _, n := range names {
		v := utils.CopyString(ctx.FormValue(n))
		form[n] = v
		if e, bad := models.UnsafeText(n, n, v); bad {
			fe = append(fe, e)
		}
	}
	return form, fe.Err()
}

// idParam is the :id of the route; an id that is not a UUID names nothing,
// so it is the same 404 as an id out of scope.
func idParam(ctx *fiber.Ctx, what string) (uuid.UUID, error) {
	id, err := uuid.Parse(ctx.Params("id"))
	if err != nil {
		return uuid.Nil, models.NotFound(what)
	}
	return id, nil
}

// lines splits a textarea into its non-empty lines.
func lines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// withField names field in a refusal that named none, so the form shows
// the problem next to the field that would cure it (an approval refused
// for unverified evidence: next to the override reason).
func withField(err error, code, field string) error {
	me, ok := err.(*models.Error)
	if !ok || me.Code != code || len(me.Fields) > 0 {
		return err
	}
	out := *me
	out.Fields = []models.FieldError{{Field: field, Code: me.Code, Message: me.Message}}
	return &out
}

func invalidResolution() error {
	return models.Refused("resolution", "enum", "must be kept or reverted")
}
