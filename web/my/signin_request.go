package my

import (
	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/api"
)

// signInRequest mails a one-time link and code (auth.RequestOneTime, as
// the API's requestOneTimeSignIn) and shows the code form: the same page
// whether or not the email has an account.
func (m *My) signInRequest(c *fiber.Ctx) error {
	email := c.FormValue("email")
	form := map[string]string{"email": email}
	err := m.site.Auth().RequestOneTime(c.UserContext(), email, api.ClientAddr(c),
		api.OneTimeMailer(m.d.Outbox, m.site.PublicBaseURL()))
	if err != nil {
		return m.t.RenderForm(c, "signin", signIn{}, form, err)
	}
	return m.t.Render(c, "signin", signIn{Sent: true, Email: email})
}
