package main

import (
	"strings"
	"time"

	"github.com/tindal/tindal/document"
	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/penalty"
	"github.com/tindal/tindal/photo"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/rules"
	tsync "github.com/tindal/tindal/sync"
	"github.com/tindal/tindal/web"
	"github.com/tindal/tindal/web/pages"
)

// pages builds the office console and the owners' pages on the same
// services as the API. The session cookie is Secure when the public base
// URL is https (the server itself, or the proxy in front of it, speaks TLS).
func (a *app) pages(reg *registry.Service, insp *inspect.Service, photos *photo.Service, jk *jobsKit,
	push *tsync.Engine, ruleSets *rules.Registry, printer *document.Printer,
) (*web.Site, error) {
	return pages.New(pages.Deps{
		Web: web.Deps{Logger: a.log, DB: a.db, Auth: a.auth, Clock: time.Now,
			Secure: strings.HasPrefix(a.cfg.PublicBaseURL, "https://"), PublicBaseURL: a.cfg.PublicBaseURL},
		Registry: reg, Inspect: insp, Photos: photos, Jobs: jk.svc, Push: push, Rules: ruleSets,
		Outbox:   a.cfg.outbox(),
		UPIPayee: penalty.Payee{VPA: a.cfg.UPIPayee, Name: a.cfg.UPIPayeeName},
		Printer:  printer, Issuer: a.cfg.issuer(),
	})
}
