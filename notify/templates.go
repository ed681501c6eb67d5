package notify

import (
	"fmt"
	"strings"
)

// Template names.
const (
	TplCertificateExpiring = "certificate_expiring"
	TplCertificateExpired  = "certificate_expired"
	TplVesselUnfit         = "vessel_unfit"
	TplInspectionOverdue   = "inspection_overdue"
	TplCoCLegacyDeadline   = "coc_legacy_deadline"
	TplCoCRevalidationDue  = "coc_revalidation_due"
	TplManningNonCompliant = "manning_non_compliant"
	TplPenaltyAdjusted     = "penalty_adjusted"
	TplJobAlert            = "job_alert"
)

const (
	signatureEnglish = "Tindal, inland vessel inspections. This is an automatic reminder: please answer your port office, not this email."
	signatureHindi   = "टिंडल, अंतर्देशीय जलयान निरीक्षण। यह अपने-आप भेजी गई सूचना है: जवाब अपने बंदरगाह कार्यालय को दें, इस ईमेल को नहीं।"
	fallbackLocale   = "en"
	localeHindi      = "hi"
	localeKannada    = "kn"
	localeEnglish    = "en"
	maxSubjectRunes  = 150
	maxDetailLines   = 20
)

// Unsubscribable reports whether a template is a reminder the recipient
// may opt out of (List-Unsubscribe). Legal notices (penalties, detention,
// expired certificates, a vessel unfit or under-manned) are not: the law
// requires that the owner be told.
func Unsubscribable(template string) bool {
	switch template {
	case TplCertificateExpiring, TplCoCLegacyDeadline, TplCoCRevalidationDue, TplInspectionOverdue:
		return true
	}
	return false
}

// Rendered is a notice in words.
type Rendered struct {
	Locale  string // the language actually used (after fallback)
	Subject string
	Body    string
}

// renderer writes one template in one language.
type renderer func(r Recipient, d Data) (subject, body string)

// templates holds every template by name and language. Kannada is not
// here: nobody on the team writes it as a native speaker would, and a
// wrong reminder is worse than an English one, so Kannada readers get
// English until a native speaker supplies the texts (see docs/OPERATIONS.md).
var templates = map[string]map[string]renderer{
	TplCertificateExpiring: {localeEnglish: enCertificateExpiring, localeHindi: hiCertificateExpiring},
	TplCertificateExpired:  {localeEnglish: enCertificateExpired, localeHindi: hiCertificateExpired},
	TplVesselUnfit:         {localeEnglish: enVesselUnfit, localeHindi: hiVesselUnfit},
	TplInspectionOverdue:   {localeEnglish: enInspectionOverdue, localeHindi: hiInspectionOverdue},
	TplCoCLegacyDeadline:   {localeEnglish: enCoCLegacy, localeHindi: hiCoCLegacy},
	TplCoCRevalidationDue:  {localeEnglish: enCoCRevalidation, localeHindi: hiCoCRevalidation},
	TplManningNonCompliant: {localeEnglish: enManning, localeHindi: hiManning},
	TplPenaltyAdjusted:     {localeEnglish: enPenaltyAdjusted, localeHindi: hiPenaltyAdjusted},
	TplJobAlert:            {localeEnglish: enJobAlert},
}

// Render writes the notice in the recipient's preferred language, falling
// back to English where the template has no text in that language.
func Render(template string, r Recipient, d Data) (Rendered, error) {
	byLang, ok := templates[template]
	if !ok {
		return Rendered{}, fmt.Errorf("unknown template %q", template)
	}
	locale := r.Language
	f, ok := byLang[locale]
	if !ok {
		locale, f = fallbackLocale, byLang[fallbackLocale]
	}
	subject, body := f(r, d)
	sig := signatureEnglish
	if locale == localeHindi {
		sig = signatureHindi
	}
	return Rendered{Locale: locale, Subject: clip(subject, maxSubjectRunes), Body: body + "\n\n— " + sig + "\n"}, nil
}

// Locales reports the languages a template is written in.
func Locales(template string) []string {
	var out []string
	for _, l := range []string{localeEnglish, localeKannada, localeHindi} {
		if _, ok := templates[template][l]; ok {
			out = append(out, l)
		}
	}
	return out
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// lines joins detail lines as an indented list.
func lines(ls []string) string {
	if len(ls) > maxDetailLines {
		ls = append(ls[:maxDetailLines:maxDetailLines], "…")
	}
	var b strings.Builder
	for _, l := range ls {
		b.WriteString("  • " + l + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

// greeting is the salutation line.
func greeting(locale string, r Recipient) string {
	if locale == localeHindi {
		if r.Name == "" {
			return "नमस्ते,"
		}
		return "नमस्ते " + r.Name + " जी,"
	}
	if r.Name == "" {
		return "Dear owner,"
	}
	return "Dear " + r.Name + ","
}
