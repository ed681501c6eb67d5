// Package pages composes Tindal's pages: the shared web layer with every
// area (the office console, the owners' pages) on the services the API
// uses, and the inspector's field app (/field, which needs no session: it
// talks to the API with its own tokens). The server (cmd/tindal) and the browser tests (web/webtest) build
// their pages here, so the tests drive exactly what is served.
package pages

import (
	"github.com/tindal/tindal/document"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/services"
	"github.com/tindal/tindal/web"
	"github.com/tindal/tindal/web/console"
	"github.com/tindal/tindal/web/field"
	"github.com/tindal/tindal/web/my"
)

// Deps are the web layer's settings and the services the pages act
// through.
type Deps struct {
	// Set is the one set of services the API's handlers call too
	// (services.Set, built in cmd/tindal).
	services.Set
	Web web.Deps
	// Outbox mails owners' one-time sign-ins (the API's Deps.Outbox).
	Outbox notify.Outbox
	// Printer prints the owners' documents as the API does; Issuer is
	// their letterhead (zero: document.DefaultIssuer under the public base
	// URL): the API's Deps.Printer and Issuer.
	Printer *document.Printer
	Issuer  document.Issuer
}

// New builds the site with every area. Close the site when done.
func New(d Deps) (*web.Site, error) {
	site, err := web.New(d.Web)
	if err != nil {
		return nil, err
	}
	if d.Issuer.Authority == nil {
		d.Issuer = document.DefaultIssuer(d.Web.PublicBaseURL)
	}
	if _, err := console.Mount(console.Deps{Set: d.Set, Site: site, Printer: d.Printer, Issuer: d.Issuer}); err != nil {
		site.Close()
		return nil, err
	}
	if _, err := my.Mount(my.Deps{Set: d.Set, Site: site, Outbox: d.Outbox, Printer: d.Printer,
		Issuer: d.Issuer}); err != nil {
		site.Close()
		return nil, err
	}
	site.AddApp(field.Mount)
	return site, nil
}
