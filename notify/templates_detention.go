package notify

import (
	"fmt"
	"time"
)

// Detention template names, as the go-i18n catalogue keys will name them
// (issue 12; the catalogue move keeps these keys).
const (
	TplDetentionOrdered   = "detention.ordered"
	TplDetentionReleased  = "detention.released"
	TplDetentionReportDue = "detention.report_due"
)

// init adds the detention texts to the table in templates.go, kept in this
// file so that the texts of one workflow stay together. Kannada falls back
// to English, as for every template (see templates.go).
func init() {
	templates[TplDetentionOrdered] = map[string]renderer{localeEnglish: enDetentionOrdered, localeHindi: hiDetentionOrdered}
	templates[TplDetentionReleased] = map[string]renderer{localeEnglish: enDetentionReleased, localeHindi: hiDetentionReleased}
	templates[TplDetentionReportDue] = map[string]renderer{localeEnglish: enDetentionReportDue}
}

func enDetentionOrdered(r Recipient, d Data) (string, string) {
	return "Vessel detained: " + d.Vessel + " (order " + d.Number + ")", fmt.Sprintf(
		"%s\n\nYour vessel %s has been detained on %s by detention order %s (Karnataka Inland Vessels Rules 2025, Schedule IX).\nIt may not sail out of the port or location limits without permission of the port office.\nDeficiencies found:\n%s\nWhat to do: carry out the repairs in consultation with the classification society or the State, then ask the port office for a re-inspection by a surveyor. The vessel is released only by a release order.\nAppeal: %s.",
		greeting(localeEnglish, r), d.Vessel, enDate(d.Due), d.Number, lines(d.Lines), d.Citation)
}

func hiDetentionOrdered(r Recipient, d Data) (string, string) {
	return "जलयान रोका गया: " + d.Vessel + " (आदेश " + d.Number + ")", fmt.Sprintf(
		"%s\n\nआपका जलयान %s %s को निरोध आदेश %s द्वारा रोका गया है (कर्नाटक अंतर्देशीय जलयान नियम 2025, अनुसूची IX)।\nबंदरगाह कार्यालय की अनुमति के बिना यह बंदरगाह या स्थान की सीमा से बाहर नहीं जा सकता।\nपाई गई कमियाँ:\n%s\nक्या करें: वर्गीकरण संस्था या राज्य से परामर्श करके मरम्मत कराएँ, फिर बंदरगाह कार्यालय से सर्वेक्षक द्वारा पुनः निरीक्षण माँगें। जलयान केवल रिहाई आदेश से छोड़ा जाता है।\nअपील: आदेश मिलने के 30 दिन के भीतर मुख्य कार्यकारी अधिकारी, कर्नाटक समुद्री बोर्ड को (%s)।",
		greeting(localeHindi, r), d.Vessel, hiDate(d.Due), d.Number, lines(d.Lines), "Karnataka 2025, Sch-IX para 6")
}

func enDetentionReleased(r Recipient, d Data) (string, string) {
	return "Vessel released: " + d.Vessel + " (order " + d.Number + ")", fmt.Sprintf(
		"%s\n\nYour vessel %s is released from detention from %s by release order %s, after its re-inspection.\nConditions:\n%s\nDetention charges: Rs %s.\nRule: %s.",
		greeting(localeEnglish, r), d.Vessel, enDate(d.Due), d.Number, lines(d.Lines), inr(d.Amount), d.Citation)
}

func hiDetentionReleased(r Recipient, d Data) (string, string) {
	return "जलयान रिहा: " + d.Vessel + " (आदेश " + d.Number + ")", fmt.Sprintf(
		"%s\n\nपुनः निरीक्षण के बाद आपका जलयान %s रिहाई आदेश %s द्वारा %s से निरोध से मुक्त है।\nशर्तें:\n%s\nनिरोध शुल्क: ₹ %s।\nनियम: %s।",
		greeting(localeHindi, r), d.Vessel, d.Number, hiDate(d.Due), lines(d.Lines), inr(d.Amount), d.Citation)
}

func enDetentionReportDue(r Recipient, d Data) (string, string) {
	at := d.Due.In(time.FixedZone("IST", 5*3600+1800)).Format("2 January 2006 15:04")
	name := r.Name
	if name == "" {
		name = "officer"
	}
	return "Detention report due by " + at + " IST: " + d.Number, fmt.Sprintf(
		"Dear %s,\n\nDetention order %s (%s) was issued. Send the %s by %s IST (%s). Resolve the detention_report_due flag once sent.",
		name, d.Number, d.Vessel, d.Detail, at, d.Citation)
}
