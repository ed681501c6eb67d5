package api

import (
	"bytes"
	"context"
	"embed"
	"errors"
	"html/template"
	"net/http"
	"sort"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/gofiber/fiber/v2"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/tindal/tindal/openapi"
	"github.com/tindal/tindal/storage/blob"
)

// GetHealthz answers while the process is alive.
func (h *handlers) GetHealthz(
	context.Context,
	openapi.GetHealthzRequestObject,
) (openapi.GetHealthzResponseObject, error) {
	return openapi.GetHealthz200JSONResponse{Status: openapi.Ok, Checks: map[string]string{"process": "ok"}}, nil
}

// GetReadyz answers 200 when the database and the object store answer;
// an object store serving with drives offline is "degraded", and ready.
func (h *handlers) GetReadyz(
	ctx context.Context,
	_ openapi.GetReadyzRequestObject,
) (openapi.GetReadyzResponseObject, error) {
	checks := map[string]string{"database": "ok", "object_store": "ok"}
	ready := true
	if err := h.d.DB.Ping(ctx); err != nil {
		checks["database"], ready = "unreachable", false
	}
	if h.d.Blobs == nil {
		checks["object_store"] = "not configured"
	} else if err := h.d.Blobs.Ping(ctx); errors.Is(err, blob.ErrDegraded) {
		checks["object_store"] = "degraded" // serving with a drive gone: ready, the operator is told (metrics)
	} else if err != nil {
		checks["object_store"], ready = "unreachable", false
	}
	if !ready {
		return openapi.GetReadyz503JSONResponse{Status: openapi.Unavailable, Checks: checks}, nil
	}
	return openapi.GetReadyz200JSONResponse{Status: openapi.Ok, Checks: checks}, nil
}

// mountSystem serves the contract and its readable reference. The metrics
// are not on the API port: see MetricsHandler.
func (h *handlers) mountSystem(app *fiber.App, k *contract) {
	page := renderDocs(k.doc)
	app.Get("/openapi.yaml", func(c *fiber.Ctx) error {
		c.Set(fiber.HeaderContentType, "application/yaml")
		return c.Send(openapi.Spec)
	})
	app.Get("/docs", func(c *fiber.Ctx) error {
		c.Set(fiber.HeaderContentType, fiber.MIMETextHTMLCharsetUTF8)
		return c.Send(page)
	})
	for name, mime := range docsAssets {
		body, err := docsUI.ReadFile("docsui/" + name)
		if err != nil {
			panic(err) // embedded at build time: a missing file is a build defect
		}
		body = bytes.ReplaceAll(body, []byte(redoclyLogo), []byte("data:,")) // the image fails, and Redoc drops it
		app.Get("/docs/"+name, func(c *fiber.Ctx) error {
			c.Set(fiber.HeaderContentType, mime)
			c.Set(fiber.HeaderCacheControl, "public, max-age=86400")
			return c.Send(body)
		})
	}
}

// MetricsHandler serves the Prometheus metrics of reg, for the separate
// metrics listener (TINDAL_METRICS_ADDR): route and pool figures are for
// operators, not for whoever can reach the public API.
func MetricsHandler(reg *prometheus.Registry) http.Handler {
	return promhttp.HandlerFor(reg, promhttp.HandlerOpts{})
}

// docsUI is Redoc's standalone bundle (redoc 2.5.2 from npm, pinned in
// tools/contract/package-lock.json; `make docs-bundle` refreshes it) and
// the script that starts it. It is embedded so the reference reads the
// same on an offline office machine: no CDN, no fonts from the network.
//
//go:embed docsui/redoc.standalone.js docsui/init.js
var docsUI embed.FS

// redoclyLogo is the one asset the Redoc bundle would fetch from another
// origin (its "powered by" footer). It is replaced as the bundle is
// served, so that a refreshed bundle (make docs-bundle) is cleaned too,
// and the page's Content-Security-Policy would refuse it anyway.
const redoclyLogo = "https://cdn.redoc.ly/redoc/logo-mini.svg"

// docsAssets are the files /docs/… serves, with their media types.
var docsAssets = map[string]string{
	"redoc.standalone.js": "text/javascript; charset=utf-8",
	"init.js":             "text/javascript; charset=utf-8",
}

type docOp struct {
	Method, Path, Summary string
}

// renderDocs renders the page Redoc draws the reference into. Without
// scripts it still lists every operation, with a link to the contract.
func renderDocs(doc *openapi3.T) []byte {
	var ops []docOp
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			ops = append(ops, docOp{Method: method, Path: path, Summary: op.Summary})
		}
	}
	sort.Slice(ops, func(i, j int) bool {
		if ops[i].Path != ops[j].Path {
			return ops[i].Path < ops[j].Path
		}
		return ops[i].Method < ops[j].Method
	})
	var b bytes.Buffer
	_ = docsPage.Execute(&b, map[string]any{"Info": doc.Info, "Ops": ops}) //nolint:errcheck // a fixed template
	return b.Bytes()
}

var docsPage = template.Must(template.New("docs").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Info.Title}} {{.Info.Version}} — API reference</title>
<style>body{margin:0;font:15px/1.5 system-ui,sans-serif}
noscript{display:block;max-width:60rem;margin:2rem auto;padding:0 1rem}</style></head>
<body><div id="redoc" data-spec="/openapi.yaml"></div>
<noscript><h1>{{.Info.Title}} {{.Info.Version}}</h1>
<p>The full reference needs JavaScript. The machine-readable contract is at
<a href="/openapi.yaml">/openapi.yaml</a>.</p>
<ul>{{range .Ops}}<li><code>{{.Method}} {{.Path}}</code> — {{.Summary}}</li>{{end}}</ul></noscript>
<script src="/docs/redoc.standalone.js"></script>
<script src="/docs/init.js"></script>
</body></html>`))
