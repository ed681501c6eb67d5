package notify

import (
	"fmt"
	"strings"
	"time"
)

// English texts: short and plain. Each says what, which vessel, the due
// date, the rule and what to do.

var enDocs = map[string]string{
	"registration":       "Certificate of Registration",
	"survey":             "Certificate of Survey",
	"provisional_survey": "provisional Certificate of Survey",
	"insurance":          "insurance policy",
	"pollution":          "pollution prevention certificate",
	"licence":            "licence",
	"fitness":            "Certificate of Fitness",
	"permit":             "permit",
	"gp_rating":          "GP rating certificate",
}

// enDoc names a document; an unknown code is a competency grade.
func enDoc(code string) string {
	if n, ok := enDocs[code]; ok {
		return n
	}
	return "certificate of competency (" + gradeLabel(code) + ")"
}

func gradeLabel(code string) string { return strings.ReplaceAll(code, "_", " ") }

func enDate(t time.Time) string {
	y, m, d := dateParts(t)
	return fmt.Sprintf("%d %s %d", d, m, y)
}

func enDays(n int) string {
	switch n {
	case 0:
		return "today"
	case 1:
		return "tomorrow"
	}
	return fmt.Sprintf("in %d days", n)
}

func enCertificateExpiring(r Recipient, d Data) (string, string) {
	doc, due := enDoc(d.Doc), enDate(d.Due)
	if d.Holder == "" {
		return fmt.Sprintf("Reminder: the %s of %s expires on %s", doc, d.Vessel, due),
			fmt.Sprintf("%s\n\nThe %s (no. %s) of %s expires on %s, %s.\nRule: %s.\nWhat to do: apply to your port office for renewal before %s. From the next day the vessel may not ply on this certificate.",
				greeting(localeEnglish, r), doc, d.Number, d.Vessel, due, enDays(d.Days), d.Citation, due)
	}
	whose := d.Holder + "'s"
	if r.Type == RecipientCrewMember {
		whose = "your"
	}
	return fmt.Sprintf("Reminder: %s %s expires on %s", whose, doc, due),
		fmt.Sprintf("%s\n\nThe %s (no. %s) of %s, who serves on %s, expires on %s, %s.\nRule: %s.\nWhat to do: renew it before %s. Without it the vessel may not have the minimum crew the law requires.",
			greeting(localeEnglish, r), doc, d.Number, d.Holder, d.Vessel, due, enDays(d.Days), d.Citation, due)
}

func enCertificateExpired(r Recipient, d Data) (string, string) {
	doc, due := enDoc(d.Doc), enDate(d.Due)
	subjectOf := d.Vessel
	if d.Holder != "" {
		subjectOf = d.Holder + " (" + d.Vessel + ")"
	}
	return fmt.Sprintf("Expired: the %s of %s (%s)", doc, subjectOf, due),
		fmt.Sprintf("%s\n\nThe %s (no. %s) of %s expired on %s and is no longer valid.\nRule: %s.\nWhat to do: renew it now. Until it is renewed the vessel may be stopped from plying and detained at inspection.",
			greeting(localeEnglish, r), doc, d.Number, subjectOf, due, d.Citation)
}

func enVesselUnfit(r Recipient, d Data) (string, string) {
	due := enDate(d.Due)
	return fmt.Sprintf("%s is not fit to ply from %s", d.Vessel, due),
		fmt.Sprintf("%s\n\nFrom %s, %s is not fit to ply, because:\n%s\nRule: %s.\nWhat to do: do not ply the vessel until these are put right, then ask your port office to update the register.",
			greeting(localeEnglish, r), due, d.Vessel, lines(d.Lines), d.Citation)
}

// enOverdue is what is overdue and what to do, by overdue kind (Data.Doc).
var enOverdue = map[string][2]string{
	"survey_window":        {"The annual survey of %s was due by %s, when its survey window closed, and no survey is recorded.", "book a survey with the Boat Surveyor now."},
	"licence_year":         {"The licence of %s ended on %s, the end of the licence year (31 March).", "present the vessel for its annual inspection and renew the licence before it plies again."},
	"pollution_inspection": {"The pollution inspection and survey of %s, due every 12 months, was due by %s.", "book the pollution inspection with your surveyor."},
	"late_renewal":         {"The Certificate of Survey of %s has expired, and %s was the last day to apply for renewal without a fine.", "apply for renewal now; a fine for late renewal applies."},
	"registration_lapse":   {"%s has had no valid survey for 2 years; from %s its registration is liable to be cancelled.", "contact the Registrar now and have the boat surveyed."},
}

func enInspectionOverdue(r Recipient, d Data) (string, string) {
	t := enOverdue[d.Doc]
	due := enDate(d.Due)
	what := fmt.Sprintf(t[0], d.Vessel, due)
	return fmt.Sprintf("Overdue: %s", what),
		fmt.Sprintf("%s\n\n%s\nRule: %s.\nWhat to do: %s", greeting(localeEnglish, r), what, d.Citation, t[1])
}

func enCoCLegacy(r Recipient, d Data) (string, string) {
	due := enDate(d.Due)
	who, holds := d.Holder, d.Holder+" (serving on "+d.Vessel+") holds"
	if r.Type == RecipientCrewMember {
		who, holds = "you", "You hold"
	}
	return fmt.Sprintf("Revalidate %s old competency certificate by %s", possessive(who), due),
		fmt.Sprintf("%s\n\n%s a %s (no. %s) issued before the Inland Vessels Act, 2021. Unless it is revalidated it is valid only until %s, %s.\nRule: %s.\nWhat to do: %s should finish the revalidation course and get the new Certificate of Competency before %s. After that day the old certificate does not count for the vessel's crew.",
			greeting(localeEnglish, r), holds, enDoc(d.Doc), d.Number, due, enDays(d.Days), d.Citation, who, due)
}

func possessive(who string) string {
	if who == "you" {
		return "your"
	}
	return who + "'s"
}

func enCoCRevalidation(r Recipient, d Data) (string, string) {
	due := enDate(d.Due)
	who := d.Holder
	if r.Type == RecipientCrewMember {
		who = "you"
	}
	return fmt.Sprintf("Revalidate %s certificate of competency by %s", possessive(who), due),
		fmt.Sprintf("%s\n\nThe %s (no. %s) of %s, serving on %s, must be revalidated every 5 years. The next revalidation is due by %s, %s.\nRule: %s.\nWhat to do: finish the revalidation course before %s.",
			greeting(localeEnglish, r), enDoc(d.Doc), d.Number, d.Holder, d.Vessel, due, enDays(d.Days), d.Citation, due)
}

func enManning(r Recipient, d Data) (string, string) {
	due := enDate(d.Due)
	return fmt.Sprintf("%s does not have the minimum crew from %s", d.Vessel, due),
		fmt.Sprintf("%s\n\nFrom %s, %s does not have the minimum crew the law requires, because certificates of competency of its crew no longer count:\n%s\nRule: %s.\nWhat to do: do not ply the vessel until each missing post is filled by someone with a valid certificate.",
			greeting(localeEnglish, r), due, d.Vessel, lines(d.Lines), d.Citation)
}

func enJobAlert(r Recipient, d Data) (string, string) {
	return "Tindal job alert: " + d.Doc, fmt.Sprintf("%s\n\n%s\n%s", greeting(localeEnglish, r), d.Detail, lines(d.Lines))
}
