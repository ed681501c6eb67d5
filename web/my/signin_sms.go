package my

import (
	"errors"
	"strconv"

	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/api"
	"github.com/tindal/tindal/models"
)

// signInSMS is what the SMS sign-in page shows: the mobile form, or, once
// a code was sent, the code form for that number.
type signInSMS struct {
	Sent   bool
	Mobile string
}

// signInSMSShow shows the mobile form.
func (m *My) signInSMSShow(c *fiber.Ctx) error {
	return m.t.Render(c, "signin_sms", signInSMS{})
}

// signInSMSRequest sends a code to the registered mobile (auth.RequestSMSCode)
// and shows the code form: the same page whether or not the number is
// registered, or shared.
func (m *My) signInSMSRequest(c *fiber.Ctx) error {
	mobile := c.FormValue("mobile")
	form := map[string]string{"mobile": mobile}
	err := m.site.Auth().RequestSMSCode(c.UserContext(), mobile, api.ClientAddr(c), api.SMSCodeSender(m.d.Outbox))
	if err != nil {
		return m.t.RenderForm(c, "signin_sms", signInSMS{}, form, m.smsProblem(c, err))
	}
	return m.t.Render(c, "signin_sms", signInSMS{Sent: true, Mobile: mobile})
}

// signInSMSCode signs the owner in with the code and starts a new session.
// A failure says the same whatever was wrong.
func (m *My) signInSMSCode(c *fiber.Ctx) error {
	mobile := c.FormValue("mobile")
	form := map[string]string{"mobile": mobile}
	u, err := m.site.Auth().ConsumeSMSCode(c.UserContext(), mobile, c.FormValue("code"), api.ClientAddr(c))
	if err == nil && u.Role != models.RoleOwner {
		err = models.Errorf(models.KindUnauthenticated, "invalid_one_time", "not an owner")
	}
	if err != nil {
		return m.t.RenderForm(c, "signin_sms", signInSMS{Sent: true, Mobile: mobile}, form, m.smsProblem(c, err))
	}
	if err := m.site.SignIn(c, u.ID); err != nil {
		return err
	}
	return c.Redirect("/my/", fiber.StatusSeeOther)
}

// smsProblem says a refusal in the page's language, keeping its kind (and
// so its status): a number or code that is not one, too many requests, a
// code that does not work.
func (m *My) smsProblem(c *fiber.Ctx, err error) error {
	var me *models.Error
	if !errors.As(err, &me) {
		return err
	}
	switch me.Kind {
	case models.KindInvalid:
		id := "my.sms.invalid_mobile"
		if len(me.Fields) == 1 && me.Fields[0].Field == "code" {
			id = "my.sms.invalid_code"
		}
		msg := m.site.T(c, id)
		return models.Invalid(models.FieldError{Field: me.Fields[0].Field, Code: "invalid", Message: msg})
	case models.KindRateLimited:
		if me.RetryAfter > 0 {
			c.Set(fiber.HeaderRetryAfter, strconv.Itoa(me.RetryAfter))
		}
		return models.Errorf(me.Kind, me.Code, "%s", m.site.T(c, "my.sms.too_many"))
	case models.KindUnauthenticated:
		return models.Errorf(me.Kind, me.Code, "%s", m.site.T(c, "my.sms.failed"))
	}
	return err
}
