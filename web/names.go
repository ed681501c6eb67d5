package web

import (
	"encoding/json"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/tindal/tindal/locale"
	"github.com/tindal/tindal/rules"
)

// The law's names in the page's language. Pages hold codes (a certificate
// kind, a crew grade or post, a deficiency code, a Sch-IV row, a step of a
// penalty chain); a person reads the name the owners' catalogue
// (locale/messages, locale/titles) gives it, never the code.

// Doc names a document: a certificate kind (doc.*), or a crew grade's
// certificate of competency; the code itself only for a kind the
// catalogue does not know yet (a newer rule set).
func (v *View) Doc(code string) string {
	c := locale.Default()
	switch {
	case code == "":
		return ""
	case c.Has("doc." + code):
		return v.text("doc."+code, nil)
	case c.Has("grade." + code):
		return v.text("doc.competency", map[string]any{"Grade": v.text("grade."+code, nil)})
	}
	return code
}

// Grade names a crew grade (grade.*).
func (v *View) Grade(code string) string { return v.named(code, "grade.") }

// Role names a crew post (role.*), or the grade a post is named after.
func (v *View) Role(code string) string { return v.named(code, "role.", "grade.") }

// Deficiency is a deficiency code's title: English from the rules
// catalogue, Kannada and Hindi from locale/titles.
func (v *View) Deficiency(code string) string {
	if v.Lang != locale.English {
		if t, ok := locale.Default().DeficiencyTitle(v.Lang, code); ok {
			return t.Text
		}
	}
	e, _ := rules.Lookup(rules.Code(code))
	return e.Title[rules.LangEnglish]
}

// Offence is the offence of a Sch-IV row (penalty_row.*), as the notice
// names it; the row where the catalogue has no text for it.
func (v *View) Offence(row string) string { return v.named(row, "penalty_row.") }

// Step explains one step of a penalty chain: in English the engine's own
// account with its citation, as the notice's language of record prints
// it; in Kannada and Hindi the catalogue's text for the step's rule
// (notice.html.step.*), and "" for a rule it does not describe: the row's
// citation and the amounts stand, never English.
func (v *View) Step(st rules.Step) string {
	if v.Lang == locale.English {
		return rupeesIn(st.Detail) + " (" + string(st.Citation) + ")"
	}
	if !locale.Default().Has("notice.html.step." + st.Rule) {
		return ""
	}
	return v.text("notice.html.step."+st.Rule, nil)
}

// rupeesIn writes the engine's amounts ("Rs 10000") as the pages write
// every amount: ₹10,000, Indian grouping.
func rupeesIn(s string) string {
	return engineRupees.ReplaceAllStringFunc(s, func(m string) string {
		n, err := strconv.ParseInt(strings.TrimPrefix(m, "Rs "), 10, 64)
		if err != nil {
			return m
		}
		return locale.Rupees(n)
	})
}

var engineRupees = regexp.MustCompile(`\bRs -?\d+\b`)

// named is the first of prefixes+key the catalogue has, in the page's
// language; the key itself if none.
func (v *View) named(key string, prefixes ...string) string {
	for _, p := range prefixes {
		if locale.Default().Has(p + key) {
			return v.text(p+key, nil)
		}
	}
	return key
}

func (v *View) text(id string, vars map[string]any) string {
	s, err := locale.Default().Text(v.Lang, id, vars)
	if err != nil {
		return id
	}
	return s
}

// History is an entry of an inspection's history in words ("Inspection
// started"), never the change's internal name: the entry's own text
// (history.<action>), else its kind's (history.<kind>: an action of a
// later version), else "Change recorded".
func (v *View) History(action string) string {
	kind, _, _ := strings.Cut(action, ".")
	for _, id := range []string{"history." + action, "history." + kind, "history.other"} {
		if s := v.site.i18n.text(v.Lang, id, nil); s != id {
			return s
		}
	}
	return ""
}

// Name is a code the page shows (a vessel's kind or status, a
// certificate's status, an owner's kind, a language) in the page's
// language, as the catalogue names it under prefix: the certificate
// kinds, grades and posts as Doc, Grade and Role name them, "lang." a
// language in its own name, anything else the pages' message prefix+code,
// else the owners' catalogue's; the code itself only where no catalogue
// names it (a scan of the pages finds it).
func (v *View) Name(prefix, code string) string {
	switch {
	case code == "":
		return ""
	case prefix == "doc." && v.site.i18n.text(v.Lang, "certificate.kind."+code, nil) != "certificate.kind."+code:
		return v.site.i18n.text(v.Lang, "certificate.kind."+code, nil) // a kind named without its grade
	case prefix == "doc.":
		return v.Doc(code)
	case prefix == "grade.":
		return v.Grade(code)
	case prefix == "role.":
		return v.Role(code)
	case prefix == "lang.":
		for _, l := range Languages {
			if l.Tag == code {
				return l.Name
			}
		}
		return code
	}
	if s := v.site.i18n.text(v.Lang, prefix+code, nil); s != prefix+code {
		return s
	}
	return v.named(code, prefix)
}

// Authority is who decides a notice's appeals under regime, in the page's
// language (notice.html.authority.*); english, the law's own name, in
// English or where the catalogue has none.
func (v *View) Authority(regime, english string) string {
	if v.Lang != locale.English && locale.Default().Has("notice.html.authority."+regime) {
		return v.text("notice.html.authority."+regime, nil)
	}
	return english
}

// Law is a wording of the law an order holds in English (its powers, the
// right of appeal, an inspection action, a charge), in the page's
// language, as the order's paper prints it (locale.Catalogue.LawText).
func (v *View) Law(text string) string { return locale.Default().LawText(v.Lang, text) }

// citeMessages are the pages' cite.* messages: citations that carry
// words of their own (the plan's "repeat offences doubled", Tindal's
// reading where the rule is silent), each said in the page's language.
var citeMessages = []string{"cite.repeat_doubled", "cite.survey_expiring", "cite.form_b_codes", "cite.survey_lapsed",
	"cite.tindal_reading"}

// Cite is a citation in the page's language: an order's wording of the
// law (Law), or one of the pages' cite.* messages whose English is text;
// text itself, which cites the law by its printed names, otherwise.
func (v *View) Cite(text string) string {
	if s := v.Law(text); s != text || v.Lang == locale.English {
		return s
	}
	for _, id := range citeMessages {
		if v.site.i18n.text(locale.English, id, nil) == text {
			return v.site.i18n.text(v.Lang, id, nil)
		}
	}
	return text
}

// Change is one field of a change a phone sent (an amendment request, a
// held mutation), as a person reads it: the field's name and its value.
type Change struct{ Field, Value string }

// Changes are the fields of a mutation's arguments (raw, a JSON object;
// a whole held mutation's "args" are read inside it) in the page's
// language: each field by the catalogue's name (field.*), yes and no for
// a flag, a text as written; the ids that say which record are left out,
// as the page names the record itself. Nothing when raw is not an object.
func (v *View) Changes(raw []byte) []Change {
	var obj map[string]json.RawMessage
	if json.Unmarshal(raw, &obj) != nil {
		return nil
	}
	if args, ok := obj["args"]; ok {
		if inner := v.Changes(args); inner != nil {
			return inner
		}
	}
	keys := make([]string, 0, len(obj))
	for k := range obj {
		if k == "id" || strings.HasSuffix(k, "_id") || k == "args" || k == "name" {
			continue
		}
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make([]Change, 0, len(keys))
	for _, k := range keys {
		val := v.value(obj[k])
		if k == "answer" && val != "" { // a checklist answer: yes, no, not applicable
			val = v.named(val, "answer.")
		}
		out = append(out, Change{Field: v.named(k, "field."), Value: val})
	}
	return out
}

// value is a JSON value as a person reads it: a string as written, a flag
// as yes or no, null as a dash, a number or anything else as JSON writes it.
func (v *View) value(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var b bool
	if json.Unmarshal(raw, &b) == nil {
		if b {
			return v.text("yesno.yes", nil)
		}
		return v.text("yesno.no", nil)
	}
	if string(raw) == "null" {
		return "—"
	}
	return strings.TrimSpace(string(raw))
}

// ConflictField names the field two writers changed (entity.field) as the
// catalogue does (field.*).
func (v *View) ConflictField(entity, field string) string {
	if locale.Default().Has("field." + entity + "." + field) {
		return v.text("field."+entity+"."+field, nil)
	}
	return v.named(field, "field.")
}

// ConflictValue is one side of a conflict as a person reads it.
func (v *View) ConflictValue(raw []byte) string {
	if len(raw) == 0 {
		return "—"
	}
	return v.value(raw)
}
