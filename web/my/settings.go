package my

import (
	"html/template"
	"slices"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/api"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/web"
)

// settings is the settings page: language, email, reminders, and the
// calendar subscription link once made.
type settings struct {
	Language  string
	Email     string
	Reminders []reminder
	Webcal    template.URL // webcal:// is a scheme html/template would blank
	// Mobile is the register's; RemindersBy the channels reminders go by.
	Mobile, RemindersBy string
}

type reminder struct {
	Template string
	On       bool
}

// settingsShow shows the owner's settings (as getOwnerSettings).
func (m *My) settingsShow(c *fiber.Ctx) error {
	s, err := m.settingsOf(c)
	if err != nil {
		return err
	}
	return m.t.Render(c, "settings", s)
}

func (m *My) settingsOf(c *fiber.Ctx) (settings, error) {
	if _, err := web.Scope(c, "getOwnerSettings"); err != nil {
		return settings{}, err
	}
	p := web.Viewer(c)
	u, err := m.site.Auth().User(c.UserContext(), p.UserID)
	if err != nil {
		return settings{}, err
	}
	off, err := notify.RemindersOff(c.UserContext(), m.site.DB(), *p.OwnerID)
	if err != nil {
		return settings{}, err
	}
	s := settings{Language: u.PreferredLanguage, Email: u.Email}
	if s.Mobile, s.RemindersBy, err = m.smsSettings(c, *p.OwnerID); err != nil {
		return settings{}, err
	}
	for _, t := range notify.Reminders {
		s.Reminders = append(s.Reminders, reminder{Template: t, On: !slices.Contains(off, t)})
	}
	return s, nil
}

// settingsUpdate saves the form (as updateOwnerSettings): the account's
// and the owner's email and language, and the reminders turned off; or
// makes a calendar subscription link (as createCalendarToken).
func (m *My) settingsUpdate(c *fiber.Ctx) error {
	sc, err := web.Scope(c, "updateOwnerSettings")
	if err != nil {
		return err
	}
	owner := *sc.OwnerID
	if c.FormValue("action") == "calendar" {
		return m.calendarCreate(c, sc)
	}
	email, lang := c.FormValue("email"), c.FormValue("language")
	form := map[string]string{"email": email, "language": lang}
	var off []string
	for _, t := range notify.Reminders {
		if c.FormValue("reminder_"+t) == "" {
			off = append(off, t)
		}
	}
	err = m.saveSettings(c, sc, owner, email, lang, off)
	if err != nil {
		s, serr := m.settingsOf(c)
		if serr != nil {
			return serr
		}
		return m.t.RenderForm(c, "settings", s, form, err)
	}
	m.site.Flash(c, m.site.T(c, "my.settings.saved"))
	return c.Redirect("/my/settings", fiber.StatusSeeOther)
}

func (m *My) saveSettings(c *fiber.Ctx, sc models.Scope, owner uuid.UUID, email, lang string, off []string) error {
	ctx := c.UserContext()
	if _, err := m.site.Auth().SetContact(ctx, storage.ActorOf(sc), sc.UserID, &email, &lang); err != nil {
		return err
	}
	o, err := m.d.Registry.GetOwner(ctx, sc, owner)
	if err != nil {
		return err
	}
	if _, err := m.d.Registry.UpdateOwner(ctx, sc, o.ID, o.Version,
		registry.OwnerPatch{Email: &email, PreferredLanguage: &lang}); err != nil {
		return err
	}
	return m.site.DB().InTx(ctx, storage.ActorOf(sc), func(tx *storage.Tx) error {
		if err := notify.SetRemindersOff(ctx, tx.DB, owner, off); err != nil {
			return err
		}
		if err := m.saveRemindersBy(c, tx, owner); err != nil {
			return err
		}
		return tx.Audit("owner.reminders", "owner", owner, nil, off)
	})
}

// calendarCreate makes a calendar subscription link (as
// createCalendarToken) and shows it once, in its webcal:// form.
func (m *My) calendarCreate(c *fiber.Ctx, sc models.Scope) error {
	if _, err := web.Scope(c, "createCalendarToken"); err != nil {
		return err
	}
	cals := &notify.Calendars{DB: m.site.DB()}
	_, secret, err := cals.CreateToken(c.UserContext(), *sc.OwnerID, &sc.UserID)
	if err != nil {
		return err
	}
	s, err := m.settingsOf(c)
	if err != nil {
		return err
	}
	webcal := api.Webcal(api.CalendarURL(m.site.PublicBaseURL(), *sc.OwnerID, secret))
	s.Webcal = template.URL(webcal) //nolint:gosec // built here from our base URL, an id and a base64url token
	return m.t.Render(c, "settings", s)
}
