package my

import (
	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/web"
)

// signIn is what the sign-in page shows: the email form, or, once a mail
// was sent, the code form for that email.
type signIn struct {
	Sent  bool
	Email string
}

// signInShow shows the email form; an owner already signed in goes on.
func (m *My) signInShow(c *fiber.Ctx) error {
	if p := web.Viewer(c); p != nil && p.Role == models.RoleOwner {
		return c.Redirect("/my/", fiber.StatusSeeOther)
	}
	return m.t.Render(c, "signin", signIn{})
}
