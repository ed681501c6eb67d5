package api

import (
	"bytes"
	"context"
	"html/template"
	"net/http"
	"sort"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/gofiber/fiber/v2"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/tindal/tindal/openapi"
)

// GetHealthz answers while the process is alive.
func (h *handlers) GetHealthz(context.Context, openapi.GetHealthzRequestObject) (openapi.GetHealthzResponseObject, error) {
	return openapi.GetHealthz200JSONResponse{Status: openapi.Ok, Checks: map[string]string{"process": "ok"}}, nil
}

// GetReadyz answers 200 when the database and the object store answer.
func (h *handlers) GetReadyz(ctx context.Context, _ openapi.GetReadyzRequestObject) (openapi.GetReadyzResponseObject, error) {
	checks := map[string]string{"database": "ok", "object_store": "ok"}
	ready := true
	if err := h.d.DB.Ping(ctx); err != nil {
		checks["database"], ready = "unreachable", false
	}
	if h.d.Blobs == nil {
		checks["object_store"] = "not configured"
	} else if err := h.d.Blobs.Ping(ctx); err != nil {
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
}

// MetricsHandler serves the Prometheus metrics of reg, for the separate
// metrics listener (TINDAL_METRICS_ADDR): route and pool figures are for
// operators, not for whoever can reach the public API.
func MetricsHandler(reg *prometheus.Registry) http.Handler {
	return promhttp.HandlerFor(reg, promhttp.HandlerOpts{})
}

type docOp struct {
	Method, Path, ID, Summary, Description, Auth string
	Responses                                    []string
}

// renderDocs renders the contract as one self-contained HTML page: no
// scripts, no CDN, so it reads the same on an offline office machine.
func renderDocs(doc *openapi3.T) []byte {
	var ops []docOp
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			d := docOp{Method: method, Path: path, ID: op.OperationID, Summary: op.Summary, Description: op.Description, Auth: "bearer token"}
			if !needsAuth(doc, op) {
				d.Auth = "none"
			}
			for code := range op.Responses.Map() {
				d.Responses = append(d.Responses, code)
			}
			sort.Strings(d.Responses)
			ops = append(ops, d)
		}
	}
	sort.Slice(ops, func(i, j int) bool {
		if ops[i].Path != ops[j].Path {
			return ops[i].Path < ops[j].Path
		}
		return ops[i].Method < ops[j].Method
	})
	var schemas []string
	for name := range doc.Components.Schemas {
		schemas = append(schemas, name)
	}
	sort.Strings(schemas)
	var b bytes.Buffer
	_ = docsPage.Execute(&b, map[string]any{"Info": doc.Info, "Ops": ops, "Schemas": schemas, "Spec": string(openapi.Spec)})
	return b.Bytes()
}

var docsPage = template.Must(template.New("docs").Funcs(template.FuncMap{"lower": strings.ToLower}).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Info.Title}} {{.Info.Version}}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
code,pre{font:13px ui-monospace,monospace}pre{background:#f6f6f6;padding:1rem;overflow:auto}
.op{border-top:1px solid #ddd;padding:.5rem 0}.m{display:inline-block;min-width:4.5rem;font-weight:bold}
.get{color:#06c}.post{color:#080}.patch{color:#a60}.delete{color:#c00}.meta{color:#666;font-size:13px}</style></head>
<body><h1>{{.Info.Title}} <small>{{.Info.Version}}</small></h1>
<p>{{.Info.Description}}</p><p>The machine-readable contract is at <a href="/openapi.yaml">/openapi.yaml</a>.</p>
<h2>Operations</h2>
{{range .Ops}}<div class="op" id="{{.ID}}"><span class="m {{lower .Method}}">{{.Method}}</span><code>{{.Path}}</code> — {{.Summary}}
<div class="meta">operationId <code>{{.ID}}</code> · auth: {{.Auth}} · responses: {{range .Responses}}{{.}} {{end}}</div>
{{if .Description}}<p>{{.Description}}</p>{{end}}</div>
{{end}}
<h2>Schemas</h2><p>{{range .Schemas}}<code>{{.}}</code> {{end}}</p>
<h2>Full contract</h2><pre>{{.Spec}}</pre></body></html>`))
