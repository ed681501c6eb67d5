package console

import (
	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/web"
)

// userForm is what the user forms choose from: roles, languages,
// jurisdictions.
type userForm struct {
	Roles         []models.Role
	Languages     []string
	Jurisdictions []models.Jurisdiction
}

// formChoices reads the jurisdictions the forms offer.
func (c *Console) formChoices(ctx *fiber.Ctx) (userForm, error) {
	page, err := c.d.Registry.ListJurisdictions(ctx.UserContext(), registry.ListOptions{Limit: 500})
	if err != nil {
		return userForm{}, err
	}
	return userForm{Roles: models.Roles, Languages: models.Languages, Jurisdictions: page.Items}, nil
}

// jurisdictionCodes maps each jurisdiction's id to its code.
func (c *Console) jurisdictionCodes(ctx *fiber.Ctx) (map[string]string, error) {
	f, err := c.formChoices(ctx)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, j := range f.Jurisdictions {
		out[j.ID.String()] = j.Code
	}
	return out, nil
}

// userNew shows the form that creates a user (as createUser).
func (c *Console) userNew(ctx *fiber.Ctx) error {
	if _, err := web.Scope(ctx, "createUser"); err != nil {
		return err
	}
	f, err := c.formChoices(ctx)
	if err != nil {
		return err
	}
	v := c.site.View(ctx, f)
	v.Form = map[string]string{"role": "inspector", "preferred_language": "en"}
	return c.t.RenderView(ctx, fiber.StatusOK, "admin_user_new", v)
}
