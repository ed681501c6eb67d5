package api

import (
	"bytes"
	"context"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/openapi"
	"github.com/tindal/tindal/penalty"
	"github.com/tindal/tindal/rules"
)

// ListPenaltyNotices lists penalty notices in scope.
func (h *handlers) ListPenaltyNotices(
	ctx context.Context,
	r openapi.ListPenaltyNoticesRequestObject,
) (openapi.ListPenaltyNoticesResponseObject, error) {
	p := r.Params
	vs, next, err := h.d.Inspect.Penalties().
		ListNotices(ctx, scopeOf(ctx), penalty.NoticeFilter{InspectionID: p.InspectionId, VesselID: p.VesselId},
			deref(p.Cursor), deref(p.Limit))
	if err != nil {
		return nil, err
	}
	return jsonResponse{listOf(mapSlice(vs, noticeOut), next)}, nil
}

// GetPenaltyNotice returns one penalty notice.
func (h *handlers) GetPenaltyNotice(
	ctx context.Context,
	r openapi.GetPenaltyNoticeRequestObject,
) (openapi.GetPenaltyNoticeResponseObject, error) {
	v, err := h.d.Inspect.Penalties().GetNotice(ctx, scopeOf(ctx), r.Id)
	if err != nil {
		return nil, err
	}
	return jsonResponse{noticeOut(v)}, nil
}

// GetPenaltyNoticeHtml renders the owner's copy of a notice.
func (h *handlers) GetPenaltyNoticeHtml(
	ctx context.Context,
	r openapi.GetPenaltyNoticeHtmlRequestObject,
) (openapi.GetPenaltyNoticeHtmlResponseObject, error) {
	v, err := h.d.Inspect.Penalties().GetNotice(ctx, scopeOf(ctx), r.Id)
	if err != nil {
		return nil, err
	}
	page, err := penalty.RenderNoticeHTML(v, string(deref(r.Params.Lang)), h.d.Issuer)
	if err != nil {
		return nil, err
	}
	return htmlResponse(page), nil
}

// RecordPenaltyPayment records the payment of one penalty.
func (h *handlers) RecordPenaltyPayment(
	ctx context.Context,
	r openapi.RecordPenaltyPaymentRequestObject,
) (openapi.RecordPenaltyPaymentResponseObject, error) {
	b := r.Body
	in := penalty.PaymentInput{
		PenaltyID:     b.PenaltyId,
		Amount:        b.Amount,
		PaidOn:        rules.D(b.PaidOn.Year(), b.PaidOn.Month(), b.PaidOn.Day()),
		ReceiptNumber: b.ReceiptNumber,
	}
	p, created, err := h.d.Inspect.Penalties().RecordPayment(ctx, scopeOf(ctx), r.Id, in)
	if err != nil {
		return nil, err
	}
	if created {
		return createdResponse{paymentOut(p)}, nil
	}
	return jsonResponse{paymentOut(p)}, nil
}

// FilePenaltyAppeal files an appeal against one penalty.
func (h *handlers) FilePenaltyAppeal(
	ctx context.Context,
	r openapi.FilePenaltyAppealRequestObject,
) (openapi.FilePenaltyAppealResponseObject, error) {
	a, err := h.d.Inspect.Penalties().FileAppeal(ctx, scopeOf(ctx), r.Id, r.Body.PenaltyId, r.Body.Grounds)
	if err != nil {
		return nil, err
	}
	return createdResponse{appealOut(a)}, nil
}

// DecidePenaltyAppeal upholds or dismisses an appeal.
func (h *handlers) DecidePenaltyAppeal(
	ctx context.Context,
	r openapi.DecidePenaltyAppealRequestObject,
) (openapi.DecidePenaltyAppealResponseObject, error) {
	a, err := h.d.Inspect.Penalties().DecideAppeal(ctx, scopeOf(ctx), r.Id, string(r.Body.Decision), r.Body.Reason)
	if err != nil {
		return nil, err
	}
	return jsonResponse{appealOut(a)}, nil
}

func day(t time.Time) string { return t.UTC().Format("2006-01-02") }

func noticeOut(v penalty.NoticeView) map[string]any {
	n := v.Notice
	lines := make([]penalty.NoticeLineView, 0, len(v.Lines))
	lines = append(lines, v.Lines...)
	revs := make([]penalty.RevisionView, 0, len(v.Revisions))
	revs = append(revs, v.Revisions...)
	out := map[string]any{
		"id":            n.ID,
		"number":        n.Number,
		"inspection_id": n.InspectionID,
		"regime":        n.Regime,
		"served_on":     day(n.ServedOn),
		"inspected_on": rules.DateOf(v.InspectedAt).
			String(),
		"revision":    n.Revision,
		"status":      v.Status(),
		"total":       v.Total,
		"paid":        v.Paid,
		"due":         v.Due,
		"pay_by":      v.PayBy.String(),
		"appeal":      nil,
		"verify_code": v.VerifyCode,
		"vessel": map[string]any{
			"id":                  v.Vessel.ID,
			"name":                v.Vessel.Name,
			"registration_number": v.Vessel.RegistrationNumber,
		},
		"owner": map[string]any{
			"id":                 v.Owner.ID,
			"name":               v.Owner.Name,
			"preferred_language": v.Owner.PreferredLanguage,
		},
		"jurisdiction": map[string]any{"id": v.Jurisdiction.ID, "code": v.Jurisdiction.Code, "name": v.Jurisdiction.Name},
		"lines":        lines,
		"revisions":    revs,
		"payments":     mapSlice(v.Payments, paymentOut),
		"appeals":      mapSlice(v.Appeals, appealOut),
	}
	if v.Appeal != nil {
		out["appeal"] = map[string]any{
			"authority": v.Appeal.Authority,
			"citation":  v.Appeal.Citation,
			"days":      v.Appeal.Days,
			"closes_on": v.AppealBy.String(),
		}
	}
	return out
}

func paymentOut(p models.PenaltyPayment) map[string]any {
	return map[string]any{
		"id":              p.ID,
		"notice_id":       p.NoticeID,
		"penalty_id":      p.PenaltyID,
		"notice_revision": p.NoticeRevision,
		"amount":          p.Amount,
		"paid_on": day(
			p.PaidOn,
		),
		"receipt_number": p.ReceiptNumber,
		"recorded_by":    p.RecordedBy,
		"created_at":     p.CreatedAt.UTC(),
	}
}

func appealOut(a models.PenaltyAppeal) map[string]any {
	var decidedAt *time.Time
	if a.DecidedAt != nil {
		t := a.DecidedAt.UTC()
		decidedAt = &t
	}
	return map[string]any{"id": a.ID, "notice_id": a.NoticeID, "penalty_id": a.PenaltyID, "filed_on": day(a.FiledOn),
		"window_closes_on": day(a.WindowClosesOn), "authority": a.Authority, "grounds": a.Grounds, "state": a.State,
		"decided_by": a.DecidedBy, "decided_at": decidedAt, "decision_reason": a.DecisionReason}
}

// htmlResponse writes an HTML page.
type htmlResponse []byte

// VisitGetPenaltyNoticeHtmlResponse implements the generated interface.
func (p htmlResponse) VisitGetPenaltyNoticeHtmlResponse(c *fiber.Ctx) error {
	c.Set(fiber.HeaderContentType, fiber.MIMETextHTMLCharsetUTF8)
	c.Set(fiber.HeaderCacheControl, "private, no-store")
	return c.Status(fiber.StatusOK).Send(p)
}

// VisitListPenaltyNoticesResponse implements the generated interface.
func (j jsonResponse) VisitListPenaltyNoticesResponse(c *fiber.Ctx) error { return j.visit(c) }

// VisitGetPenaltyNoticeResponse implements the generated interface.
func (j jsonResponse) VisitGetPenaltyNoticeResponse(c *fiber.Ctx) error { return j.visit(c) }

// VisitRecordPenaltyPaymentResponse implements the generated interface.
func (j jsonResponse) VisitRecordPenaltyPaymentResponse(c *fiber.Ctx) error { return j.visit(c) }

// VisitRecordPenaltyPaymentResponse implements the generated interface.
func (j createdResponse) VisitRecordPenaltyPaymentResponse(c *fiber.Ctx) error { return j.visit(c) }

// VisitFilePenaltyAppealResponse implements the generated interface.
func (j createdResponse) VisitFilePenaltyAppealResponse(c *fiber.Ctx) error { return j.visit(c) }

// VisitDecidePenaltyAppealResponse implements the generated interface.
func (j jsonResponse) VisitDecidePenaltyAppealResponse(c *fiber.Ctx) error { return j.visit(c) }

// GetPenaltyNoticePdf prints the notice's current revision in the Form-18
// layout, in English (the language of record) and the owner's (or the
// asked) language, from the same template as the HTML copy.
func (h *handlers) GetPenaltyNoticePdf(
	ctx context.Context,
	r openapi.GetPenaltyNoticePdfRequestObject,
) (openapi.GetPenaltyNoticePdfResponseObject, error) {
	v, err := h.d.Inspect.Penalties().GetNotice(ctx, scopeOf(ctx), r.Id)
	if err != nil {
		return nil, err
	}
	pages, err := penalty.NoticePages(v, string(deref(r.Params.Lang)), h.d.Issuer)
	if err != nil {
		return nil, err
	}
	b, err := h.d.Printer.Print(ctx, pages...)
	if err != nil {
		return nil, err
	}
	return openapi.GetPenaltyNoticePdf200ApplicationpdfResponse{
		Body:          bytes.NewReader(b),
		ContentLength: int64(len(b)),
	}, nil
}

// DecidePenaltyRise confirms or rejects a proposed rise of a served penalty.
func (h *handlers) DecidePenaltyRise(
	ctx context.Context,
	r openapi.DecidePenaltyRiseRequestObject,
) (openapi.DecidePenaltyRiseResponseObject, error) {
	a, err := h.d.Inspect.Penalties().
		DecideRise(ctx, scopeOf(ctx), r.Id, penalty.RiseDecision{Decision: string(r.Body.Decision), Reason: r.Body.Reason})
	if err != nil {
		return nil, err
	}
	return openapi.DecidePenaltyRise200JSONResponse{
		Id:        a.ID,
		PenaltyId: a.PenaltyID,
		OffenceId: a.OffenceID,
		OldAmount: a.OldAmount,
		NewAmount: a.NewAmount,
		State:     openapi.DecidePenaltyRise200JSONResponseBodyState(a.State),
		Reason:    a.Reason,
		Version:   a.Version,
	}, nil
}
