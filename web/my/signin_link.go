package my

import (
	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/models"
)

// signInLinkShow shows the mailed link's page: one button that uses it.
// Opening the link changes nothing, so a mail scanner that fetches links
// does not spend it.
func (m *My) signInLinkShow(c *fiber.Ctx) error {
	return m.t.Render(c, "signin_link", map[string]string{"Token": c.Params("token")})
}

// signInLinkUse uses the link (auth.ConsumeOneTimeLink) and starts a new
// session.
func (m *My) signInLinkUse(c *fiber.Ctx) error {
	token := c.Params("token")
	u, err := m.site.Auth().ConsumeOneTimeLink(c.UserContext(), token)
	if err == nil && u.Role != models.RoleOwner {
		err = models.Errorf(models.KindUnauthenticated, "invalid_one_time", "not an owner")
	}
	if err != nil {
		return m.t.RenderForm(c, "signin", signIn{}, nil, m.failed(c, err))
	}
	if err := m.site.SignIn(c, u.ID); err != nil {
		return err
	}
	return c.Redirect("/my/", fiber.StatusSeeOther)
}
