// Package my is the owners' pages at /my, phone first
// (docs/OWNERS.md): sign-in with a one-time link or code, what the owner
// must do and by when, their vessels, their notices with the UPI payment
// request, appeals, and settings. Every page acts through the same
// services as the API, with the scope the API's authorisation table gives
// the operation the page performs (web.Scope). One small file per page
// action (web/README.md).
package my

import (
	"embed"
	"errors"

	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/detention"
	"github.com/tindal/tindal/document"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/services"
	"github.com/tindal/tindal/web"
)

// Deps are the services the owners' pages act through: the one set the
// API's handlers call (services.Set, built in cmd/tindal). Outbox mails
// the one-time sign-in. A notice's UPI payee is its jurisdiction's
// (penalty.UPIRequestFor).
type Deps struct {
	services.Set
	Site    *web.Site
	Outbox  notify.Outbox
	Printer *document.Printer // the notices' PDFs, as the API prints them
	Issuer  document.Issuer   // their letterhead
}

//go:embed templates/*.html
var templateFS embed.FS

// My is the owners' area.
type My struct {
	d      Deps
	site   *web.Site
	t      *web.Templates
	orders *detention.Service // the detention orders, as the API reads them
}

// Mount adds the owners' pages to the site under /my.
func Mount(d Deps) (*My, error) {
	if d.Site == nil || d.Printer == nil || len(d.Missing()) > 0 {
		return nil, errors.New("my: every service is required")
	}
	t, err := d.Site.Templates(templateFS, "templates")
	if err != nil {
		return nil, err
	}
	m := &My{d: d, site: d.Site, t: t, orders: d.Orders}
	d.Site.Add(web.Area{Prefix: "/my", Routes: m.routes})
	return m, nil
}

// routes registers the sign-in pages, then everything that needs a
// signed-in owner.
func (m *My) routes(r fiber.Router) {
	r.Get("/signin", m.signInShow)
	r.Post("/signin", m.signInRequest)
	r.Post("/signin/code", m.signInCode)
	r.Get("/signin/sms", m.signInSMSShow) // before /signin/:token
	r.Post("/signin/sms", m.signInSMSRequest)
	r.Post("/signin/sms/code", m.signInSMSCode)
	r.Get("/signin/:token", m.signInLinkShow)
	r.Post("/signin/:token", m.signInLinkUse)
	r.Get("/paper.css", m.paperStylesheet)
	r.Use(web.RequireRoles(models.RoleOwner))
	r.Get("/", m.homeShow)
	r.Get("/notices/:id", m.noticeShow)
	r.Get("/notices/:id/notice.html", m.noticeDocumentHTML)
	r.Get("/notices/:id/notice.pdf", m.noticeDocumentPDF)
	r.Get("/notices/:id/upi.png", m.noticeUPIQR)
	r.Get("/notices/:id/receipt", m.receiptShow)
	r.Get("/notices/:id/receipt.pdf", m.receiptPDF)
	r.Post("/notices/:id/appeal", m.appealCreate)
	r.Get("/detentions/:id", m.detentionShow)
	r.Get("/detentions/:id/order.html", m.detentionDocumentHTML("order"))
	r.Get("/detentions/:id/order.pdf", m.detentionDocumentPDF("order"))
	r.Get("/detentions/:id/release.html", m.detentionDocumentHTML("release"))
	r.Get("/detentions/:id/release.pdf", m.detentionDocumentPDF("release"))
	r.Get("/photos/:id", m.photoContent)
	r.Get("/vessels/:id/:need/:doc", m.officeShow)
	r.Get("/findings/:id", m.findingShow)
	r.Post("/findings/:id/rectify", m.rectificationCreate)
	r.Get("/settings", m.settingsShow)
	r.Post("/settings", m.settingsUpdate)
}
