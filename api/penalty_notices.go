package api

import (
	"bytes"
	"context"
	"time"

	"github.com/google/uuid"
	openapi_types "github.com/oapi-codegen/runtime/types"

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
	vs, next, err := h.d.Penalties.
		ListNotices(ctx, scopeOf(ctx), penalty.NoticeFilter{InspectionID: p.InspectionId, VesselID: p.VesselId},
			deref(p.Cursor), deref(p.Limit))
	if err != nil {
		return nil, err
	}
	return openapi.ListPenaltyNotices200JSONResponse{Items: mapSlice(vs, noticeOut), NextCursor: cursorOf(next)}, nil
}

// GetPenaltyNotice returns one penalty notice.
func (h *handlers) GetPenaltyNotice(
	ctx context.Context,
	r openapi.GetPenaltyNoticeRequestObject,
) (openapi.GetPenaltyNoticeResponseObject, error) {
	v, err := h.d.Penalties.GetNotice(ctx, scopeOf(ctx), r.Id)
	if err != nil {
		return nil, err
	}
	return openapi.GetPenaltyNotice200JSONResponse(noticeOut(v)), nil
}

// GetPenaltyNoticeHtml renders the owner's copy of a notice.
func (h *handlers) GetPenaltyNoticeHtml(
	ctx context.Context,
	r openapi.GetPenaltyNoticeHtmlRequestObject,
) (openapi.GetPenaltyNoticeHtmlResponseObject, error) {
	v, err := h.d.Penalties.GetNotice(ctx, scopeOf(ctx), r.Id)
	if err != nil {
		return nil, err
	}
	page, err := penalty.RenderNoticeHTML(v, string(deref(r.Params.Lang)), h.d.Issuer)
	if err != nil {
		return nil, err
	}
	return openapi.GetPenaltyNoticeHtml200TexthtmlResponse{
		Body:          bytes.NewReader(page),
		ContentLength: int64(len(page)),
	}, nil
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
	p, created, err := h.d.Penalties.RecordPayment(ctx, scopeOf(ctx), r.Id, in)
	if err != nil {
		return nil, err
	}
	if created {
		return openapi.RecordPenaltyPayment201JSONResponse(paymentOut(p)), nil
	}
	return openapi.RecordPenaltyPayment200JSONResponse(paymentOut(p)), nil
}

// FilePenaltyAppeal files an appeal against one penalty.
func (h *handlers) FilePenaltyAppeal(
	ctx context.Context,
	r openapi.FilePenaltyAppealRequestObject,
) (openapi.FilePenaltyAppealResponseObject, error) {
	a, err := h.d.Penalties.
		FileAppeal(ctx, scopeOf(ctx), r.Id, r.Body.PenaltyId, r.Body.Grounds, derefSlice(r.Body.PhotoIds))
	if err != nil {
		return nil, err
	}
	return openapi.FilePenaltyAppeal201JSONResponse(appealOut(a)), nil
}

// DecidePenaltyAppeal upholds or dismisses an appeal.
func (h *handlers) DecidePenaltyAppeal(
	ctx context.Context,
	r openapi.DecidePenaltyAppealRequestObject,
) (openapi.DecidePenaltyAppealResponseObject, error) {
	a, err := h.d.Penalties.DecideAppeal(ctx, scopeOf(ctx), r.Id, string(r.Body.Decision), r.Body.Reason)
	if err != nil {
		return nil, err
	}
	return openapi.DecidePenaltyAppeal200JSONResponse(appealOut(a)), nil
}

// noticeOut is a notice as the contract's PenaltyNotice.
func noticeOut(v penalty.NoticeView) openapi.PenaltyNotice {
	n := v.Notice
	out := openapi.PenaltyNotice{
		Id:           n.ID,
		Number:       n.Number,
		InspectionId: n.InspectionID,
		Regime:       n.Regime,
		ServedOn:     day(n.ServedOn),
		InspectedOn:  dateOut(rules.DateOf(v.InspectedAt)),
		Revision:     int64(n.Revision),
		Status:       openapi.PenaltyNoticeStatus(v.Status()),
		Total:        v.Total,
		Paid:         v.Paid,
		Due:          v.Due,
		PayBy:        dateOut(v.PayBy),
		VerifyCode:   v.VerifyCode,
		Lines:        mapSlice(v.Lines, currentLineOut),
		Payments:     mapSlice(v.Payments, paymentOut),
		Appeals:      mapSlice(v.Appeals, appealOut),
	}
	out.Vessel.Id, out.Vessel.Name = &v.Vessel.ID, &v.Vessel.Name
	out.Vessel.RegistrationNumber = &v.Vessel.RegistrationNumber
	out.Owner.Id, out.Owner.Name, out.Owner.PreferredLanguage = &v.Owner.ID, &v.Owner.Name, &v.Owner.PreferredLanguage
	out.Jurisdiction.Id, out.Jurisdiction.Code = &v.Jurisdiction.ID, &v.Jurisdiction.Code
	out.Jurisdiction.Name = &v.Jurisdiction.Name
	out.Revisions = make([]revisionOut, len(v.Revisions))
	for i, r := range v.Revisions {
		out.Revisions[i] = revisionOut{Revision: int64(r.Revision), Previous: int64Ptr(r.Previous), Reason: r.Reason,
			Total: r.Total, CreatedAt: r.CreatedAt, Lines: linesOut(r.Lines)}
	}
	if v.Appeal != nil {
		a := v.Appeal
		closes, days := dateOut(v.AppealBy), int64(a.Days)
		out.Appeal = &appealRouteOut{Authority: &a.Authority, Citation: &a.Citation, Days: &days, ClosesOn: &closes}
	}
	return out
}

// revisionOut and appealRouteOut are the contract's inline objects of a
// PenaltyNotice (openapi.PenaltyNotice's Revisions and Appeal), which the
// generator leaves unnamed.
type (
	revisionOut = struct {
		CreatedAt time.Time                   `json:"created_at"`
		Lines     []openapi.PenaltyNoticeLine `json:"lines"`
		Previous  *int64                      `json:"previous"`
		Reason    string                      `json:"reason"`
		Revision  int64                       `json:"revision"`
		Total     int64                       `json:"total"`
	}
	appealRouteOut = struct {
		Authority *string             `json:"authority,omitempty"`
		Citation  *string             `json:"citation,omitempty"`
		ClosesOn  *openapi_types.Date `json:"closes_on,omitempty"`
		Days      *int64              `json:"days,omitempty"`
	}
)

// day is a date column as the contract's date.
func day(t time.Time) openapi_types.Date { return openapi_types.Date{Time: t.UTC()} }

func int64Ptr(p *int) *int64 {
	if p == nil {
		return nil
	}
	v := int64(*p)
	return &v
}

// linesOut are a revision's lines; a revision stored without lines
// answers null, as it always did.
func linesOut(ls []penalty.NoticeLine) []openapi.PenaltyNoticeLine {
	if ls == nil {
		return nil
	}
	return mapSlice(ls, lineOut)
}

// currentLineOut is a line of the current revision with what was paid and
// appealed on it.
func currentLineOut(l penalty.NoticeLineView) openapi.PenaltyNoticeLine {
	out := lineOut(l.NoticeLine)
	paid, due := l.Paid, l.Due
	out.Paid, out.Due = &paid, &due
	if l.AppealState != "" {
		out.AppealState = &l.AppealState
	}
	return out
}

// lineOut is one penalty line of a notice's revision.
func lineOut(l penalty.NoticeLine) openapi.PenaltyNoticeLine {
	sl, citation, ref := int64(l.Sl), l.Citation, l.PartyRef
	out := openapi.PenaltyNoticeLine{
		PenaltyId: l.PenaltyID, OffenceId: l.OffenceID, Row: l.Row, Sl: &sl, Citation: &citation,
		PartyKind: openapi.PenaltyNoticeLinePartyKind(l.PartyKind), PartyRef: &ref, Persons: int64(l.Persons),
		Level: int64(l.Level), UnitAmount: l.UnitAmount, Amount: l.Amount,
		Status: openapi.PenaltyNoticeLineStatus(l.Status), EscalatedFrom: l.EscalatedFrom,
		PreviousAmount: l.PreviousAmount, PreviousLevel: int64Ptr(l.PreviousLevel),
	}
	if l.Trace != nil {
		out.Trace = make([]traceStepOut, len(l.Trace))
		for i, st := range l.Trace {
			rule, cite, detail := st.Rule, string(st.Citation), st.Detail
			out.Trace[i] = traceStepOut{Rule: &rule, Citation: &cite, Detail: &detail}
		}
	}
	if l.PreviousStatus != "" {
		out.PreviousStatus = &l.PreviousStatus
	}
	if l.Why != "" {
		out.Why = &l.Why
	}
	return out
}

// traceStepOut is one step of a line's trace (openapi.PenaltyNoticeLine's
// Trace, unnamed by the generator).
type traceStepOut = struct {
	Citation *string `json:"citation,omitempty"`
	Detail   *string `json:"detail,omitempty"`
	Rule     *string `json:"rule,omitempty"`
}

func paymentOut(p models.PenaltyPayment) openapi.PenaltyPayment {
	return openapi.PenaltyPayment{
		Id:             p.ID,
		NoticeId:       p.NoticeID,
		PenaltyId:      p.PenaltyID,
		NoticeRevision: int64(p.NoticeRevision),
		Amount:         p.Amount,
		PaidOn:         day(p.PaidOn),
		ReceiptNumber:  p.ReceiptNumber,
		RecordedBy:     p.RecordedBy,
		CreatedAt:      p.CreatedAt.UTC(),
	}
}

func appealOut(a models.PenaltyAppeal) openapi.PenaltyAppeal {
	var decidedAt *time.Time
	if a.DecidedAt != nil {
		t := a.DecidedAt.UTC()
		decidedAt = &t
	}
	photos := a.PhotoIDs
	if photos == nil {
		photos = []uuid.UUID{}
	}
	return openapi.PenaltyAppeal{Id: a.ID, NoticeId: a.NoticeID, PenaltyId: a.PenaltyID, FiledOn: day(a.FiledOn),
		WindowClosesOn: day(a.WindowClosesOn), Authority: a.Authority, Grounds: a.Grounds,
		State: openapi.PenaltyAppealState(a.State), DecidedBy: a.DecidedBy, DecidedAt: decidedAt,
		DecisionReason: a.DecisionReason, PhotoIds: &photos}
}

// GetPenaltyNoticePdf prints the notice's current revision in the Form-18
// layout, in English (the language of record) and the owner's (or the
// asked) language, from the same template as the HTML copy.
func (h *handlers) GetPenaltyNoticePdf(
	ctx context.Context,
	r openapi.GetPenaltyNoticePdfRequestObject,
) (openapi.GetPenaltyNoticePdfResponseObject, error) {
	v, err := h.d.Penalties.GetNotice(ctx, scopeOf(ctx), r.Id)
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
	a, err := h.d.Penalties.
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
