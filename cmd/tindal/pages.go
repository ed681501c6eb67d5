package main

import (
	"strings"
	"time"

	"github.com/tindal/tindal/document"
	"github.com/tindal/tindal/services"
	"github.com/tindal/tindal/web"
	"github.com/tindal/tindal/web/pages"
)

// pages builds the office console and the owners' pages on the same
// services as the API. The session cookie is Secure when the public base
// URL is https (the server itself, or the proxy in front of it, speaks TLS).
func (a *app) pages(set services.Set, printer *document.Printer) (*web.Site, error) {
	return pages.New(pages.Deps{
		Set: set,
		Web: web.Deps{Logger: a.log, DB: a.db, Auth: a.auth, Clock: time.Now,
			Secure: strings.HasPrefix(a.cfg.PublicBaseURL, "https://"), PublicBaseURL: a.cfg.PublicBaseURL},
		Outbox:  a.cfg.outbox(),
		Printer: printer, Issuer: a.cfg.issuer(),
	})
}
