package my

import (
	"errors"

	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/api"
	"github.com/tindal/tindal/models"
)

// signInCode signs the owner in with the mailed code and starts a new
// session. A failure says the same whatever was wrong.
func (m *My) signInCode(c *fiber.Ctx) error {
	email := c.FormValue("email")
	form := map[string]string{"email": email}
	u, err := m.site.Auth().ConsumeOneTimeCode(c.UserContext(), email, c.FormValue("code"), api.ClientAddr(c))
	if err == nil && u.Role != models.RoleOwner {
		err = models.Errorf(models.KindUnauthenticated, "invalid_one_time", "not an owner")
	}
	if err != nil {
		return m.t.RenderForm(c, "signin", signIn{Sent: true, Email: email}, form, m.failed(c, err))
	}
	if err := m.site.SignIn(c, u.ID); err != nil {
		return err
	}
	return c.Redirect("/my/", fiber.StatusSeeOther)
}

// failed says one thing for every refused sign-in (used, expired, wrong,
// disabled), in the page's language.
func (m *My) failed(c *fiber.Ctx, err error) error {
	var me *models.Error
	if errors.As(err, &me) && me.Kind == models.KindUnauthenticated {
		return models.Errorf(models.KindUnauthenticated, "invalid_one_time", "%s", m.site.T(c, "my.signin.failed"))
	}
	return err
}
