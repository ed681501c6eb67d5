package document

import (
	"fmt"
	"strings"
	"time"
)

// Page is a document laid out for rendering: the one struct both the HTML
// template and the PDF writer read, so the two never say different things.
type Page struct {
	Lang       string // en or hi: the language the labels and text are in
	Title      string
	Office     string
	Fields     []Field
	Sections   []Section
	Footer     []string
	VerifyNote string
	VerifyCode string
}

// Field is one labelled particular of the order.
type Field struct{ Label, Value string }

// Section is a heading with paragraphs and, optionally, a table.
type Section struct {
	Heading    string
	Paragraphs []string
	Table      *Table
}

// Table is a table of text.
type Table struct {
	Head []string
	Rows [][]string
}

// Languages the HTML copy is written in. Kannada falls back to English
// until a native speaker supplies the texts (as the notices do, see
// notify/templates.go); the PDF is always English, the language of record.
const (
	LangEnglish = "en"
	LangHindi   = "hi"
)

// labels are the words of the pages by language.
var labels = map[string]map[string]string{
	LangEnglish: {
		"detention.title":  "DETENTION ORDER",
		"release.title":    "RELEASE ORDER",
		"reporting_office": "Reporting Office",
		"head_office":      "Head Office",
		"order_no":         "Detention Order No",
		"date":             "Date",
		"vessel":           "Name of Vessel",
		"registration":     "Registration Number",
		"registry":         "Place of Registry",
		"location":         "Present Location",
		"master":           "Name of Master",
		"release_no":       "Release Order No",
		"ref":              "Ref: Detention Order No",
		"ref_date":         "Date of detention",
		"findings":         "Deficiencies (Form B)",
		"code":             "Code",
		"deficiency":       "Deficiency",
		"law":              "Section/Act Rule/Order",
		"action":           "Action taken",
		"actions":          "Inspection action codes",
		"conditions":       "Conditions",
		"charges":          "Detention charges (Karnataka 2025, Sch-IV)",
		"amount":           "Amount (Rs)",
		"rule":             "Rule",
		"total":            "Total",
		"note":             "Note",
		"copies":           "Copies to",
		"enclosure":        "Encl",
		"authority":        "Detention Authority",
		"releasing":        "Releasing Authority",
		"appellate":        "Appellate Authority",
		"appeal":           "Appeal",
		"report":           "Report due (Sch-IX para 1.3)",
		"officer":          "Authorised officer",
		"verify":           "Verification code",
		"verify_note":      "Check this document at /v/%s: it says whether the order stands.",
	},
	LangHindi: {
		"detention.title":  "निरोध आदेश",
		"release.title":    "रिहाई आदेश",
		"reporting_office": "रिपोर्ट करने वाला कार्यालय",
		"head_office":      "मुख्य कार्यालय",
		"order_no":         "निरोध आदेश संख्या",
		"date":             "दिनांक",
		"vessel":           "जलयान का नाम",
		"registration":     "पंजीकरण संख्या",
		"registry":         "पंजीकरण का स्थान",
		"location":         "वर्तमान स्थान",
		"master":           "मास्टर का नाम",
		"release_no":       "रिहाई आदेश संख्या",
		"ref":              "संदर्भ: निरोध आदेश संख्या",
		"ref_date":         "निरोध का दिनांक",
		"findings":         "कमियाँ (फ़ॉर्म B)",
		"code":             "कोड",
		"deficiency":       "कमी",
		"law":              "धारा/अधिनियम नियम/आदेश",
		"action":           "की गई कार्रवाई",
		"actions":          "निरीक्षण कार्रवाई कोड",
		"conditions":       "शर्तें",
		"charges":          "निरोध शुल्क (कर्नाटक 2025, अनुसूची IV)",
		"amount":           "राशि (₹)",
		"rule":             "नियम",
		"total":            "कुल",
		"note":             "टिप्पणी",
		"copies":           "प्रतिलिपि",
		"enclosure":        "संलग्न",
		"authority":        "निरोध प्राधिकारी",
		"releasing":        "रिहाई प्राधिकारी",
		"appellate":        "अपील प्राधिकारी",
		"appeal":           "अपील",
		"report":           "रिपोर्ट की अंतिम समय-सीमा (अनुसूची IX पैरा 1.3)",
		"officer":          "प्राधिकृत अधिकारी",
		"verify":           "सत्यापन कोड",
		"verify_note":      "इस दस्तावेज़ की जाँच /v/%s पर करें: वहाँ बताया जाता है कि आदेश लागू है या नहीं।",
	},
}

// langOf is the language a page is written in for a request.
func langOf(lang string) string {
	if lang == LangHindi {
		return LangHindi
	}
	return LangEnglish
}

func dateText(t time.Time) string {
	return t.In(time.FixedZone("IST", 5*3600+1800)).Format("02-01-2006")
}

func timeText(t time.Time) string {
	return t.In(time.FixedZone("IST", 5*3600+1800)).Format("02-01-2006 15:04") + " IST"
}

// findingsTable is Form B's table of deficiencies with their law.
func findingsTable(l map[string]string, fs []Finding) *Table {
	t := &Table{Head: []string{l["code"], l["deficiency"], l["law"], l["action"]}}
	for _, f := range fs {
		t.Rows = append(t.Rows, []string{f.Code, f.Title, strings.Join(f.LegalRefs, "; "), f.Action})
	}
	return t
}

// DetentionPage lays a detention order out in a language (en or hi).
func DetentionPage(d DetentionOrder, lang string) Page {
	lang = langOf(lang)
	l := labels[lang]
	p := Page{Lang: lang, Title: l["detention.title"], Office: d.ReportingOffice, VerifyCode: d.VerifyCode,
		VerifyNote: fmt.Sprintf(l["verify_note"], d.VerifyCode)}
	p.Fields = []Field{
		{l["reporting_office"], d.ReportingOffice},
		{l["head_office"], d.HeadOffice},
		{l["order_no"], d.Number},
		{l["date"], dateText(d.Date)},
		{l["vessel"], d.VesselName},
		{l["registration"], d.RegistrationNumber},
		{l["registry"], d.PlaceOfRegistry},
		{l["location"], d.PresentLocation},
		{l["master"], d.MasterName},
	}
	var actions []string
	for _, a := range d.InspectionActions {
		actions = append(actions, a.Code+" "+a.Title)
	}
	p.Sections = []Section{
		{Paragraphs: detentionBody(lang, d)},
		{Heading: l["findings"], Table: findingsTable(l, d.Findings)},
		{Heading: l["actions"], Paragraphs: actions},
		{Heading: l["note"], Paragraphs: []string{detentionNote(lang, d)}},
		{Heading: l["appeal"], Paragraphs: []string{d.AppealRule}},
	}
	p.Footer = []string{l["enclosure"] + ": " + d.Enclosure, l["copies"] + ": " + strings.Join(d.Copies, "; "),
		l["authority"] + ": " + d.DetentionAuthority, l["appellate"] + ": " + d.AppellateAuthority,
		l["report"] + ": " + timeText(d.ReportDueAt), l["officer"] + ": " + d.OrderedBy, l["verify"] + ": " + d.VerifyCode}
	return p
}

// detentionBody is the operative text of Sch-IX Annex-1.
func detentionBody(lang string, d DetentionOrder) []string {
	if lang == LangHindi {
		return []string{fmt.Sprintf("जलयान %s का निरीक्षण अंतर्देशीय जलयान अधिनियम, 2021 के प्रावधानों के अनुसार "+
			"इस विभाग के सर्वेक्षकों और प्राधिकृत अधिकारियों द्वारा %s को %s पर किया "+
			"गया। निरीक्षण दल ने ऐसी कमियाँ बताई हैं जिनके कारण जलयान को अंतर्देशीय "+
			"जलयान अधिनियम, 2021 और कर्नाटक अंतर्देशीय जलयान नियम, 2025 के अर्थ में "+
			"'Unpliable' (चलाने योग्य नहीं) श्रेणी में रखा गया है।", d.VesselName, d.InspectionDate, d.PlaceOfInspection),
			fmt.Sprintf("%s के अंतर्गत प्राप्त शक्तियों का प्रयोग करते हुए जलयान %s, पंजीकरण संख्या "+
				"%s, का राज्य नियंत्रण के अधीन अनंतिम निरोध (DETENTION) आदेशित किया जाता है।",
				d.Powers, d.VesselName, d.RegistrationNumber)}
	}
	return []string{fmt.Sprintf("Vessel %s was inspected in accordance with the provisions of the Inland "+
		"Vessel Act, 2021, by surveyors and authorized officers from this department "+
		"on %s at %s. The inspection team has reported deficiencies rendering the "+
		"vessel to be categorized as 'Unpliable' within the meaning of the Inland "+
		"Vessel Act, 2021, and Karnataka Inland Vessel Rules, 2025, as amended.",
		d.VesselName, d.InspectionDate, d.PlaceOfInspection),
		fmt.Sprintf("In exercise of powers vested under %s, hereby orders provisional DETENTION "+
			"of vessel %s, Reg. No. %s, under State Control, subject to the \"Note\" "+
			"below.", d.Powers, d.VesselName, d.RegistrationNumber)}
}

func detentionNote(lang string, d DetentionOrder) string {
	if lang == LangHindi {
		return fmt.Sprintf("जलयान %s, पंजीकरण संख्या %s, इस प्रकार रोका गया है और इस कार्यालय की अनुमति "+
			"के बिना %s की बंदरगाह/स्थान सीमा से बाहर नहीं जा सकता। जब तक स्पष्ट रूप से "+
			"अन्यथा न बताया जाए, जलयान को वर्गीकरण संस्था/राज्य के परामर्श से सभी आवश्यक "+
			"मरम्मत करनी होगी, लागू मानकों के अनुसार नियमों का पालन करना होगा, और इस "+
			"विभाग के सर्वेक्षक द्वारा पुनः निरीक्षण के लिए प्रस्तुत करना होगा।", d.VesselName, d.RegistrationNumber, d.Port)
	}
	return fmt.Sprintf("Vessel %s, Reg. No. %s, is thus detained and not allowed to sail out of the "+
		"port/location limits of %s without permission from this office. Unless "+
		"otherwise informed explicitly, the vessel has to carry out all necessary "+
		"repairs in consultation with the classification/State, comply with the rule "+
		"requirements as per the applicable standards, and be presented for "+
		"re-inspection by a Surveyor from this department, or as intimated otherwise.",
		d.VesselName, d.RegistrationNumber, d.Port)
}

// ReleasePage lays a release order out in a language (en or hi).
func ReleasePage(r ReleaseOrder, lang string) Page {
	lang = langOf(lang)
	l := labels[lang]
	p := Page{Lang: lang, Title: l["release.title"], Office: r.ReportingOffice, VerifyCode: r.VerifyCode,
		VerifyNote: fmt.Sprintf(l["verify_note"], r.VerifyCode)}
	p.Fields = []Field{
		{l["reporting_office"], r.ReportingOffice},
		{l["head_office"], r.HeadOffice},
		{l["release_no"], r.Number},
		{l["date"], dateText(r.Date)},
		{l["ref"], r.DetentionNumber},
		{l["ref_date"], dateText(r.DetentionDate)},
		{l["vessel"], r.VesselName},
		{l["registration"], r.RegistrationNumber},
		{l["registry"], r.PlaceOfRegistry},
		{l["location"], r.PresentLocation},
		{l["master"], r.MasterName},
	}
	charges := &Table{Head: []string{l["deficiency"], l["amount"], l["rule"]}}
	for _, c := range r.Charges {
		charges.Rows = append(charges.Rows, []string{c.Description, fmt.Sprint(c.Amount), c.Citation})
	}
	charges.Rows = append(charges.Rows, []string{l["total"], fmt.Sprint(r.ChargesTotal), ""})
	p.Sections = []Section{
		{Paragraphs: []string{releaseBody(lang, r)}},
		{Heading: l["conditions"], Paragraphs: numbered(r.Conditions)},
		{Heading: l["findings"], Table: findingsTable(l, r.Findings)},
		{Heading: l["charges"], Table: charges},
	}
	p.Footer = []string{l["copies"] + ": " + strings.Join(r.Copies, "; "), l["releasing"] + ": " + r.ReleasingAuthority,
		l["appellate"] + ": " + r.AppellateAuthority, l["officer"] + ": " + r.ReleasedBy, l["verify"] + ": " + r.VerifyCode}
	return p
}

func releaseBody(lang string, r ReleaseOrder) string {
	if lang == LangHindi {
		return fmt.Sprintf(
			"जलयान %s, पंजीकरण संख्या %s, जो %s में पंजीकृत है, को इस कार्यालय ने %s को "+
				"जलयान में पाई गई गंभीर कमियों के कारण रोका था और राज्य/सर्वेक्षण प्राधिकरण "+
				"के परामर्श से सभी आवश्यक मरम्मत करने की सलाह दी गई थी। %s को इस विभाग "+
				"द्वारा जलयान के पुनः निरीक्षण के बाद, और %s के अंतर्गत प्राप्त शक्ति का "+
				"प्रयोग करते हुए, जलयान की रिहाई का आदेश दिया जाता है। अतः जलयान %s से नीचे "+
				"दी गई शर्तों के अधीन चल सकता है।",
			r.VesselName,
			r.RegistrationNumber,
			r.PlaceOfRegistry,
			dateText(r.DetentionDate),
			r.ReinspectionDate,
			r.Power,
			r.ReleaseDate,
		)
	}
	return fmt.Sprintf(
		"Vessel %s, Reg. No. %s, registered at %s, was detained by this office on %s "+
			"in view of serious deficiencies observed on the vessel and was advised to "+
			"carry out all necessary repairs in consultation with the State/Surveying "+
			"Authority of the vessel. This is to confirm that subsequent to the "+
			"re-inspection of the vessel by this department on %s, and in exercise of "+
			"power vested under %s, hereby orders the release of vessel %s, Reg. No. %s. "+
			"Thus, the vessel %s, Reg. No. %s, is permitted to sail out/ply subject to "+
			"the following conditions from %s:",
		r.VesselName,
		r.RegistrationNumber,
		r.PlaceOfRegistry,
		dateText(r.DetentionDate),
		r.ReinspectionDate,
		r.Power,
		r.VesselName,
		r.RegistrationNumber,
		r.VesselName,
		r.RegistrationNumber,
		r.ReleaseDate,
	)
}

func numbered(ls []string) []string {
	if len(ls) == 1 && ls[0] == "NIL" {
		return ls
	}
	out := make([]string, len(ls))
	for i, s := range ls {
		out[i] = fmt.Sprintf("%d. %s", i+1, s)
	}
	return out
}
