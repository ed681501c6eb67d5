package console

import (
	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/web"
)

// signInPage is what the sign-in form carries: the console page the person
// was going to, if any, where signing in leads.
type signInPage struct{ Next string }

// signInShow shows the sign-in form; an official already signed in goes on
// to the page they were going to, else the start page.
func (c *Console) signInShow(ctx *fiber.Ctx) error {
	next := nextOf(ctx)
	if p := web.Viewer(ctx); p != nil && p.Role != models.RoleOwner {
		return ctx.Redirect(orStart(next), fiber.StatusSeeOther)
	}
	return c.t.Render(ctx, "signin", signInPage{Next: next})
}

// nextOf is the console page the sign-in form (its hidden field, or the
// sign-in page's query) says the person was going to: only a path of the
// console, never another site's address, else "".
func nextOf(ctx *fiber.Ctx) string {
	next := ctx.FormValue("next")
	if next == "" {
		next = ctx.Query("next")
	}
	return web.AreaPath(next, "/console")
}

// orStart is next, or the console's start page.
func orStart(next string) string {
	if next == "" {
		return "/console/"
	}
	return next
}
