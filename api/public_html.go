package api

import (
	"bytes"
	"html/template"
	"time"

	"github.com/gofiber/fiber/v2"
	"golang.org/x/text/language"

	"github.com/tindal/tindal/locale"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/public"
	"github.com/tindal/tindal/rules"
)

// publicLanguages are the page's languages, English first (the default).
var publicLanguages = language.NewMatcher([]language.Tag{language.English, language.Kannada, language.Hindi})

// publicLanguage is the language of the page: the best match of the
// client's Accept-Language among English, Kannada and Hindi.
func publicLanguage(c *fiber.Ctx) string {
	tags, _, err := language.ParseAcceptLanguage(c.Get(fiber.HeaderAcceptLanguage))
	if err != nil || len(tags) == 0 {
		return locale.English
	}
	_, i, conf := publicLanguages.Match(tags...)
	if conf == language.No {
		return locale.English
	}
	return []string{locale.English, locale.Kannada, locale.Hindi}[i]
}

// publicView is what the page template shows, every text already in the
// reader's language.
type publicView struct {
	Lang, Title, Name, Registration, Verdict string
	Fit                                      bool
	Why                                      string
	Reasons                                  []string
	Rows                                     [][2]string // label, value
	Advice, Updated                          string
}

// publicHTML renders the status page in lang.
func publicHTML(lang string, st public.VesselStatus) ([]byte, error) {
	t := texts{lang: lang}
	checked := t.date(st.CheckedOn)
	v := publicView{Lang: lang, Title: t.msg("public.title"), Name: st.Name, Registration: st.RegistrationNumber,
		Fit: st.FitToPly && !st.Detained, Why: t.msg("public.why"), Advice: t.msg("public.advice")}
	switch {
	case st.Detained:
		v.Verdict = t.msg("public.verdict.detained")
	case st.FitToPly:
		v.Verdict = t.msg("public.verdict.fit", "Date", checked)
	default:
		v.Verdict = t.msg("public.verdict.not_fit", "Date", checked)
	}
	for _, r := range st.NotFitBecause {
		v.Reasons = append(v.Reasons, t.reason(r, st.Status))
	}
	v.Rows = [][2]string{
		{t.msg("public.registration_number"), st.RegistrationNumber},
		{t.msg("public.office"), st.Office},
		{t.msg("public.registration"), t.validity(st.Registration)},
		{t.msg("public.survey"), t.validity(st.Survey)},
		{t.msg("public.passengers"), t.number(st.PassengersCertified, "")},
		{t.msg("public.zone"), t.number(st.Zone, "public.zone_value")},
		{t.msg("public.crew"), t.msg("public.crew_counts", "Posts", st.Crew.Posts, "Valid", st.Crew.Valid,
			"Expiring", st.Crew.Expiring, "Expired", st.Crew.Expired, "Missing", st.Crew.Missing)},
		{t.msg("public.last_inspection"), t.optionalDate(st.LastInspectedOn)},
	}
	ist := st.UpdatedAt.In(rules.IST)
	v.Updated = t.msg("public.updated") + ": " + locale.Date(lang, civilDay(ist)) + " " + ist.Format("15:04") + " IST"
	var b bytes.Buffer
	err := publicPageTemplate.Execute(&b, v)
	return b.Bytes(), err
}

// publicErrorHTML is the short page of a refused request.
func publicErrorHTML(lang string, kind models.Kind) ([]byte, error) {
	t := texts{lang: lang}
	title, text := t.msg("public.error_title"), t.msg("public.error")
	switch kind {
	case models.KindNotFound:
		title, text = t.msg("public.not_found_title"), t.msg("public.not_found")
	case models.KindRateLimited:
		title, text = t.msg("public.rate_limited_title"), t.msg("public.rate_limited")
	}
	var b bytes.Buffer
	err := publicErrorTemplate.Execute(&b, map[string]string{"Lang": lang, "Title": title, "Text": text})
	return b.Bytes(), err
}

// texts writes the page's words in one language.
type texts struct{ lang string }

// msg renders a message; kv are placeholder names and values. A missing
// message is a build defect that go test ./locale catches, so it shows
// its id rather than failing the page.
func (t texts) msg(id string, kv ...any) string {
	vars := map[string]any{}
	for i := 0; i+1 < len(kv); i += 2 {
		vars[kv[i].(string)] = kv[i+1]
	}
	s, err := locale.Default().Text(t.lang, id, vars)
	if err != nil {
		return id
	}
	return s
}

// validity is a certificate's state and its last valid day.
func (t texts) validity(v public.Validity) string {
	s := t.msg("public.state." + v.Status)
	if v.ValidUntil != nil {
		s += ", " + t.msg("public.last_valid_day", "Date", t.date(*v.ValidUntil))
	}
	return s
}

// reason is why the vessel may not ply: the catalogue's title in the
// reader's language where one is written, the registry status for
// vessel_status.
func (t texts) reason(r public.Reason, status string) string {
	if r.Code == "vessel_status" {
		return t.msg("public.reason.status", "Status", t.status(status))
	}
	if tt, ok := locale.Default().DeficiencyTitle(t.lang, r.Code); ok {
		return r.Code + ": " + tt.Text
	}
	return r.Code + ": " + r.Title
}

// status names a registry status; one this page does not know (a status
// added later) is shown as the registry writes it.
func (t texts) status(s string) string {
	id := "public.status." + s
	if !locale.Default().Has(id) {
		return s
	}
	return t.msg(id)
}

func (t texts) number(n *int, id string) string {
	if n == nil {
		return t.msg("public.not_recorded")
	}
	if id == "" {
		return locale.Grouped(int64(*n))
	}
	return t.msg(id, "Zone", *n)
}

func (t texts) optionalDate(d *string) string {
	if d == nil {
		return t.msg("public.not_recorded")
	}
	return t.date(*d)
}

// date writes a YYYY-MM-DD date in the reader's language.
func (t texts) date(d string) string {
	p, err := time.Parse(time.DateOnly, d)
	if err != nil {
		return d
	}
	return locale.Date(t.lang, p)
}

// civilDay is t's wall-clock date as locale.Date reads dates.
func civilDay(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

// The page: no script, no external asset, one inline style; the verdict
// is in words first (colour only repeats it) and is announced as a status.
const publicHead = `<!doctype html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>body{margin:0 auto;max-width:36rem;padding:1rem;font:18px/1.5 system-ui,sans-serif;color:#111;background:#fff}
.verdict{padding:.75rem 1rem;border:4px solid #b00020;background:#fdecef;font-weight:bold;font-size:1.2rem}
.verdict.fit{border-color:#11692c;background:#e9f6ec}dt{font-weight:bold;margin-top:.6rem}dd{margin:0}
footer{margin-top:1.5rem;font-size:.9rem;color:#333}</style></head>
<body><main>`

var publicPageTemplate = template.Must(template.New("public").Parse(publicHead + `
<h1>{{.Title}}: {{.Name}} ({{.Registration}})</h1>
<p class="verdict{{if .Fit}} fit{{end}}" role="status">{{.Verdict}}</p>
{{if .Reasons}}<h2>{{.Why}}</h2>
<ul>{{range .Reasons}}<li>{{.}}</li>{{end}}</ul>{{end}}
<dl>{{range .Rows}}<dt>{{index . 0}}</dt><dd>{{index . 1}}</dd>{{end}}</dl>
<p>{{.Advice}}</p>
<footer><p>{{.Updated}}</p></footer>
</main></body></html>
`))

var publicErrorTemplate = template.Must(template.New("public-error").Parse(publicHead + `
<h1>{{.Title}}</h1>
<p>{{.Text}}</p>
</main></body></html>
`))
