// Package field serves the inspector's field app at /field: an installable,
// offline-first web app written in TypeScript (web/field/src), built with
// esbuild into web/field/dist, which is committed and embedded here so that
// `go build` needs no Node. `make field` rebuilds the bundle and
// `make check-field` fails when the committed one is stale. The app talks to
// the server only through the public API (/v1) and the sync protocol;
// docs/FIELD.md says how it stores, syncs and recovers.
package field

import (
	"embed"
	"io/fs"
	"mime"
	"path"

	"github.com/gofiber/fiber/v2"
)

// Prefix is where the app is served; its service worker's scope.
const Prefix = "/field"

// CSP is the pages' policy (web.CSP) with what an offline app needs on top:
// its own service worker (worker-src 'self'), its manifest, and photos it
// holds as Blobs shown before they are uploaded (img-src blob:). Nothing
// from another origin, no inline script or style.
const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; " +
	"font-src 'self'; connect-src 'self'; worker-src 'self'; manifest-src 'self'; form-action 'self'; " +
	"frame-ancestors 'none'; base-uri 'none'"

//go:embed dist
var dist embed.FS

// Files is the built app (index.html, app.js, sw.js, the manifest, icons).
func Files() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // the embed pattern guarantees the directory
	}
	return sub
}

// Mount registers the app's routes: /field redirects to /field/, which is
// the app's shell; /field/<name> is one built file.
func Mount(app *fiber.App) {
	app.Get(Prefix, func(c *fiber.Ctx) error { return c.Redirect(Prefix+"/", fiber.StatusMovedPermanently) })
	app.Get(Prefix+"/", func(c *fiber.Ctx) error { return serve(c, "index.html") })
	app.Get(Prefix+"/:name", func(c *fiber.Ctx) error { return serve(c, c.Params("name")) })
}

// serve answers one file of the bundle. Every file is revalidated
// (no-cache): the service worker holds the offline copy, versioned with the
// build, and a new binary's files must reach it at once.
func serve(c *fiber.Ctx, name string) error {
	if path.Base(name) != name || name == "." {
		return fiber.ErrNotFound
	}
	b, err := fs.ReadFile(Files(), name)
	if err != nil {
		return fiber.ErrNotFound
	}
	ct := mime.TypeByExtension(path.Ext(name))
	switch path.Ext(name) {
	case ".webmanifest":
		ct = "application/manifest+json"
	case ".js":
		ct = "text/javascript; charset=utf-8"
	}
	if ct == "" {
		return fiber.ErrNotFound
	}
	c.Set(fiber.HeaderContentType, ct)
	c.Set(fiber.HeaderCacheControl, "no-cache")
	c.Set(fiber.HeaderContentSecurityPolicy, CSP)
	c.Set(fiber.HeaderXFrameOptions, "DENY")
	c.Set(fiber.HeaderReferrerPolicy, "same-origin")
	c.Set("Permissions-Policy", "camera=(self), geolocation=(self), microphone=()")
	return c.Send(b)
}
