package web

import (
	"embed"
	"mime"
	"path"

	"github.com/gofiber/fiber/v2"
)

// assetPrefix is where the embedded stylesheets and scripts are served.
const assetPrefix = "/assets/"

//go:embed static/*
var staticFS embed.FS

// asset serves one embedded file by name; assets change only with the
// binary, so a day of caching is safe.
func (s *Site) asset(c *fiber.Ctx) error {
	name := c.Params("name")
	b, err := staticFS.ReadFile("static/" + path.Base(name))
	if err != nil || path.Base(name) != name {
		return fiber.ErrNotFound
	}
	c.Set(fiber.HeaderContentType, mime.TypeByExtension(path.Ext(name)))
	c.Set(fiber.HeaderCacheControl, "public, max-age=86400")
	c.Set(fiber.HeaderContentSecurityPolicy, CSP)
	return c.Send(b)
}
