package web

import (
	"embed"
	"mime"
	"path"

	"github.com/gofiber/fiber/v2"
)

// assetPrefix is where the embedded stylesheets, scripts and icons are
// served. The icons (icon.svg, icon-192.png, icon-512.png, favicon.ico) are
// the site's: every area's pages link them, and so may any app the binary
// serves.
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
	return sendAsset(c, name, b)
}

// favicon answers /favicon.ico, where browsers and bookmark tools look for
// a site's icon whatever its pages link: the same icon as
// /assets/icon.svg, 32 px.
func (s *Site) favicon(c *fiber.Ctx) error {
	b, err := staticFS.ReadFile("static/favicon.ico")
	if err != nil {
		return err
	}
	return sendAsset(c, "favicon.ico", b)
}

// sendAsset sends the embedded file name with its type and the caching
// of assets.
func sendAsset(c *fiber.Ctx, name string, b []byte) error {
	typ := mime.TypeByExtension(path.Ext(name))
	if path.Ext(name) == ".ico" { // not in Go's own table, and spelled differently by each system's
		typ = "image/x-icon"
	}
	c.Set(fiber.HeaderContentType, typ)
	c.Set(fiber.HeaderCacheControl, "public, max-age=86400")
	c.Set(fiber.HeaderContentSecurityPolicy, CSP)
	return c.Send(b)
}
