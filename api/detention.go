package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/tindal/tindal/detention"
	"github.com/tindal/tindal/document"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/openapi"
	"github.com/tindal/tindal/public"
	"github.com/tindal/tindal/rules"
)

// detentionMetrics count orders issued per office.
type detentionMetrics struct {
	detentions, releases *prometheus.CounterVec
}

// newDetentionMetrics registers the counters on reg (nil: unregistered).
func newDetentionMetrics(reg *prometheus.Registry) *detentionMetrics {
	m := &detentionMetrics{
		detentions: prometheus.NewCounterVec(
			prometheus.CounterOpts{
				Name: "tindal_detention_orders_total",
				Help: "Detention orders issued (Karnataka 2025, Sch-IX Annex-1), by jurisdiction.",
			},
			[]string{"jurisdiction"},
		),
		releases: prometheus.NewCounterVec(
			prometheus.CounterOpts{
				Name: "tindal_release_orders_total",
				Help: "Release orders issued (Sch-IX Annex-2), by jurisdiction.",
			},
			[]string{"jurisdiction"},
		),
	}
	if reg != nil {
		reg.MustRegister(m.detentions, m.releases)
	}
	return m
}

// GetDetentionProposal returns the server's detention proposal.
func (h *handlers) GetDetentionProposal(
	ctx context.Context,
	r openapi.GetDetentionProposalRequestObject,
) (openapi.GetDetentionProposalResponseObject, error) {
	p, err := h.d.Orders.Proposal(ctx, scopeOf(ctx), r.Id)
	if err != nil {
		return nil, err
	}
	return openapi.GetDetentionProposal200JSONResponse(proposalOut(p)), nil
}

func proposalOut(p detention.DetentionProposal) openapi.DetentionProposalView {
	reasons := make([]openapi.DetentionReason, 0, len(p.Reasons))
	for _, r := range p.Reasons {
		reasons = append(
			reasons,
			openapi.DetentionReason{Code: r.Code, Title: r.Title, Action: r.Action, LegalRefs: nonNilStrings(r.LegalRefs)},
		)
	}
	return openapi.DetentionProposalView{
		InspectionId: p.InspectionID,
		Proposed:     p.Proposed,
		Citation:     p.Citation,
		Reasons:      reasons,
		Orderable:    p.Orderable,
		Power:        p.Power,
		Refusal:      nonEmptyPtr(p.Refusal),
		OrderId:      p.OrderID,
	}
}

// ConfirmDetention issues the detention order of a proposed detention.
func (h *handlers) ConfirmDetention(
	ctx context.Context,
	r openapi.ConfirmDetentionRequestObject,
) (openapi.ConfirmDetentionResponseObject, error) {
	b := r.Body
	in := detention.DetentionInput{
		PresentLocation:   b.PresentLocation,
		PlaceOfInspection: deref(b.PlaceOfInspection),
		Port:              deref(b.Port),
		MasterName:        b.MasterName,
		Reason:            deref(b.Reason),
	}
	for _, a := range deref(b.InspectionActions) {
		in.InspectionActions = append(in.InspectionActions, string(a))
	}
	o, err := h.d.Orders.ConfirmDetention(ctx, scopeOf(ctx), r.Id, in)
	if err != nil {
		return nil, err
	}
	h.detention.detentions.WithLabelValues(o.JurisdictionID.String()).Inc()
	return openapi.ConfirmDetention201JSONResponse(orderOut(o)), nil
}

// ListDetentionOrders lists the orders in scope.
func (h *handlers) ListDetentionOrders(
	ctx context.Context,
	r openapi.ListDetentionOrdersRequestObject,
) (openapi.ListDetentionOrdersResponseObject, error) {
	os, next, err := h.d.Orders.ListOrders(
		ctx,
		scopeOf(ctx),
		r.Params.VesselId,
		string(deref(r.Params.Status)),
		deref(r.Params.Cursor),
		deref(r.Params.Limit),
	)
	if err != nil {
		return nil, err
	}
	return openapi.ListDetentionOrders200JSONResponse{Items: mapSlice(os, orderOut), NextCursor: cursorOf(next)}, nil
}

// GetDetentionOrder returns one order.
func (h *handlers) GetDetentionOrder(
	ctx context.Context,
	r openapi.GetDetentionOrderRequestObject,
) (openapi.GetDetentionOrderResponseObject, error) {
	o, err := h.d.Orders.GetOrder(ctx, scopeOf(ctx), r.Id)
	if err != nil {
		return nil, err
	}
	return openapi.GetDetentionOrder200JSONResponse(orderOut(o)), nil
}

// ReleaseDetentionOrder issues the release order.
func (h *handlers) ReleaseDetentionOrder(
	ctx context.Context,
	r openapi.ReleaseDetentionOrderRequestObject,
) (openapi.ReleaseDetentionOrderResponseObject, error) {
	b := r.Body
	in := detention.ReleaseInput{
		Conditions:      deref(b.Conditions),
		PresentLocation: deref(b.PresentLocation),
		TowingRupees:    deref(b.TowingRupees),
		GuardShifts:     deref(b.GuardShifts),
		Reason:          deref(b.Reason),
	}
	o, err := h.d.Orders.ReleaseDetention(ctx, scopeOf(ctx), r.Id, in)
	if err != nil {
		return nil, err
	}
	h.detention.releases.WithLabelValues(o.JurisdictionID.String()).Inc()
	return openapi.ReleaseDetentionOrder200JSONResponse(orderOut(o)), nil
}

// orderPage lays out the detention or the release order of o in lang.
func (h *handlers) orderPage(ctx context.Context, o models.DetentionOrder, doc, lang string) (document.Page, error) {
	if doc == "release" {
		if o.ReleaseParticulars == nil {
			return document.Page{}, models.NotFound("release order")
		}
		var r document.ReleaseOrder
		if err := json.Unmarshal(o.ReleaseParticulars, &r); err != nil {
			return document.Page{}, err
		}
		is, err := h.d.Issuer.OfPaper(ctx, h.d.DB.Gorm, o.JurisdictionID, rules.PaperReleaseOrder)
		if err != nil {
			return document.Page{}, err
		}
		return document.ReleasePage(r, lang, is)
	}
	var d document.DetentionOrder
	if err := json.Unmarshal(o.Particulars, &d); err != nil {
		return document.Page{}, err
	}
	is, err := h.d.Issuer.OfPaper(ctx, h.d.DB.Gorm, o.JurisdictionID, rules.PaperDetentionOrder)
	if err != nil {
		return document.Page{}, err
	}
	return document.DetentionPage(d, lang, is)
}

// GetDetentionOrderPdf prints the order in English and the owner's (or
// the asked) language, one after the other.
func (h *handlers) GetDetentionOrderPdf(
	ctx context.Context,
	r openapi.GetDetentionOrderPdfRequestObject,
) (openapi.GetDetentionOrderPdfResponseObject, error) {
	o, err := h.d.Orders.GetOrder(ctx, scopeOf(ctx), r.Id)
	if err != nil {
		return nil, err
	}
	lang, err := h.documentLanguage(ctx, string(deref(r.Params.Lang)), o.OwnerID)
	if err != nil {
		return nil, err
	}
	var pages []document.Page
	for _, l := range document.Langs(lang) {
		p, err := h.orderPage(ctx, o, string(deref(r.Params.Doc)), l)
		if err != nil {
			return nil, err
		}
		pages = append(pages, p)
	}
	b, err := h.d.Printer.Print(ctx, pages...)
	if err != nil {
		return nil, err
	}
	return openapi.GetDetentionOrderPdf200ApplicationpdfResponse{
		Body:          bytes.NewReader(b),
		ContentLength: int64(len(b)),
	}, nil
}

// GetDetentionOrderHtml renders the order as HTML in the requested or the
// owner's language.
func (h *handlers) GetDetentionOrderHtml(
	ctx context.Context,
	r openapi.GetDetentionOrderHtmlRequestObject,
) (openapi.GetDetentionOrderHtmlResponseObject, error) {
	o, err := h.d.Orders.GetOrder(ctx, scopeOf(ctx), r.Id)
	if err != nil {
		return nil, err
	}
	lang, err := h.documentLanguage(ctx, string(deref(r.Params.Lang)), o.OwnerID)
	if err != nil {
		return nil, err
	}
	p, err := h.orderPage(ctx, o, string(deref(r.Params.Doc)), lang)
	if err != nil {
		return nil, err
	}
	b, err := document.HTML(p)
	if err != nil {
		return nil, err
	}
	return openapi.GetDetentionOrderHtml200TexthtmlResponse{Body: bytes.NewReader(b), ContentLength: int64(len(b))}, nil
}

// documentLanguage is the asked language, else the owner's preferred one.
func (h *handlers) documentLanguage(ctx context.Context, asked string, owner uuid.UUID) (string, error) {
	if asked != "" {
		return asked, nil
	}
	return h.ownerLanguage(ctx, owner)
}

func (h *handlers) ownerLanguage(ctx context.Context, owner uuid.UUID) (string, error) {
	var lang string
	err := h.d.DB.Gorm.WithContext(ctx).Raw("SELECT preferred_language FROM owners WHERE id = ?", owner).Scan(&lang).Error
	return lang, err
}

// VerifyDocument answers whether a printed code names a standing document.
func (h *handlers) VerifyDocument(
	ctx context.Context,
	r openapi.VerifyDocumentRequestObject,
) (openapi.VerifyDocumentResponseObject, error) {
	if ok, err := h.verifyAllowed(ctx, remoteAddr(ctx)); err != nil {
		return nil, err
	} else if !ok {
		e := models.Errorf(
			models.KindRateLimited,
			"rate_limited",
			"too many verifications from this address; try again in a minute",
		)
		e.RetryAfter = 60
		return nil, e
	}
	v, err := document.Verify(ctx, h.d.DB.Gorm, strings.ToUpper(r.Code))
	if err == document.ErrUnknownCode {
		return nil, models.NotFound("document")
	}
	if err != nil {
		return nil, err
	}
	return openapi.VerifyDocument200JSONResponse{
		Kind:               openapi.DocumentVerificationKind(v.Kind),
		Number:             v.Number,
		Office:             v.Office,
		Status:             openapi.DocumentVerificationStatus(v.Status),
		IssuedAt:           v.IssuedAt,
		StatusAt:           v.StatusAt,
		VesselRegistration: nonEmptyPtr(v.VesselRegistration),
		VesselName:         nonEmptyPtr(v.VesselName),
	}, nil
}

// verifyLimit bounds verifications per address: 30 a minute, counted in
// PostgreSQL (public.Limiter) so that it holds across every replica
// behind the load balancer (replicas/TestPublicAndOneTimeLimitsHoldAcrossReplicas).
var verifyLimit = public.Limit{Max: 30, Window: time.Minute, Key: "verify"}

// verifyAllowed counts one verification from addr; false once the address
// is over the limit.
func (h *handlers) verifyAllowed(ctx context.Context, addr string) (bool, error) {
	err := h.verify.Allow(ctx, addr, time.Now())
	var me *models.Error
	if errors.As(err, &me) && me.Kind == models.KindRateLimited {
		return false, nil
	}
	return err == nil, err
}

func orderOut(o models.DetentionOrder) openapi.DetentionOrder {
	var particulars openapi.DetentionParticulars
	if p := storedAs[openapi.DetentionParticulars](o.Particulars); p != nil {
		particulars = *p
	}
	out := openapi.DetentionOrder{
		Id:                o.ID,
		Number:            o.Number,
		InspectionId:      o.InspectionID,
		VesselId:          o.VesselID,
		JurisdictionId:    o.JurisdictionID,
		OwnerId:           o.OwnerID,
		Status:            openapi.DetentionOrderStatus(o.Status),
		OrderedAt:         o.OrderedAt,
		OrderedBy:         o.OrderedBy,
		Reason:            &o.Reason,
		ReportDueAt:       o.ReportDueAt,
		Codes:             nonNilStrings(o.Codes),
		InspectionActions: nonNilStrings(o.InspectionActions),
		Particulars:       particulars,
		VerifyCode:        o.VerifyCode,
		ReleaseNumber:     o.ReleaseNumber,
		ReleasedAt:        o.ReleasedAt,
		ReleasedBy:        o.ReleasedBy,
		ReinspectionId:    o.ReinspectionID,
		ReleaseVerifyCode: o.ReleaseVerifyCode,
		Version:           o.Version,
	}
	if o.ReleaseConditions != nil {
		conditions := strings.Split(*o.ReleaseConditions, "\n")
		out.ReleaseConditions = &conditions
	}
	if len(o.ReleaseParticulars) > 0 {
		out.ReleaseParticulars = storedAs[openapi.ReleaseParticulars](o.ReleaseParticulars)
	}
	return out
}

func nonNilStrings(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
