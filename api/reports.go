package api

import (
	"bytes"
	"context"

	"github.com/tindal/tindal/openapi"
	"github.com/tindal/tindal/report"
	"github.com/tindal/tindal/rules"
)

// GetReportChart draws one of the office's charts as SVG, in the caller's
// scope and language.
func (h *handlers) GetReportChart(
	ctx context.Context,
	r openapi.GetReportChartRequestObject,
) (openapi.GetReportChartResponseObject, error) {
	sc := scopeOf(ctx)
	lang := string(deref(r.Params.Lang))
	if lang == "" {
		u, err := h.d.Auth.User(ctx, sc.UserID)
		if err != nil {
			return nil, err
		}
		lang = u.PreferredLanguage
	}
	months := 6
	if r.Params.Months != nil {
		months = *r.Params.Months
	}
	today := rules.DateOf(h.d.Clock())
	f := report.Filter{Period: report.LastMonths(today, months), Today: today, JurisdictionID: r.Params.JurisdictionId}
	c, err := h.d.Reports.Chart(ctx, sc, report.Kind(r.Chart), f, lang)
	if err != nil {
		return nil, err
	}
	b := report.SVG(c)
	return openapi.GetReportChart200ImagesvgXmlResponse{Body: bytes.NewReader(b), ContentLength: int64(len(b))}, nil
}
