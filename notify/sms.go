package notify

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tindal/tindal/locale"
)

// ChannelSMS is the outbox's SMS channel (docs/OPERATIONS.md, "SMS").
const ChannelSMS = "sms"

// SMS-only templates: a sign-in code sent to the registered mobile, the
// answer to a number two owners share, a gateway check from `tindal sms
// test`, and the digest of the reminders over an owner's daily cap.
const (
	TplOwnerSignInSMS    = "owner.signin_sms"
	TplOwnerSignInShared = "owner.signin_shared"
	TplSMSTest           = "sms_test"
	TplSMSDigest         = "sms_digest"
)

// SMSTemplates lists every template that has an SMS text (catalogue id
// "sms.<template>"): the owners' notices and reminders, and the SMS-only
// ones. Each is a DLT content template (DLTText) with its own template id
// per language in configuration.
var SMSTemplates = []string{TplCertificateExpiring, TplCertificateExpired, TplInspectionOverdue,
	TplCoCLegacyDeadline, TplCoCRevalidationDue, TplVesselUnfit, TplManningNonCompliant, TplPenaltyAdjusted,
	TplDetentionOrdered, TplDetentionReleased, TplDetentionReportDue, TplRectificationAccepted,
	TplRectificationRejected, TplFindingOverdue, TplOwnerSignInSMS, TplOwnerSignInShared, TplSMSTest, TplSMSDigest}

// HasSMS reports whether a template has an SMS text.
func HasSMS(template string) bool { return slices.Contains(SMSTemplates, template) }

// SecretSMS reports whether an SMS holds a sign-in code: it may go in quiet
// hours, and its text is blanked once sent.
func SecretSMS(template string) bool { return template == TplOwnerSignInSMS }

// DLTVarMax is the longest value of one DLT variable ({#var#}): TRAI's DLT
// platforms match at most 30 characters per variable, and a longer value
// makes the operator's scrubbing reject the message.
const DLTVarMax = 30

// SMSVars are what an SMS text may name, each one DLT variable: the
// vessel (name and registration, clipped to DLTVarMax), a date
// (DD-MM-YYYY, the same in every language), an amount in rupees with
// Indian grouping, the owners' pages' link, a code, a count.
type SMSVars struct {
	Vessel, Due, Amount, Link, Code, Count string
}

func (v SMSVars) asMap() map[string]any {
	return map[string]any{"Vessel": v.Vessel, "Due": v.Due, "Amount": v.Amount, "Link": v.Link, "Code": v.Code,
		"Count": v.Count}
}

// SMSVarsOf picks the SMS variables out of a notice's data.
func SMSVarsOf(d Data, link string) SMSVars {
	v := SMSVars{Vessel: cut(d.Vessel, DLTVarMax), Link: link, Code: d.Number}
	if !d.Due.IsZero() {
		v.Due = d.Due.In(time.UTC).Format("02-01-2006")
	}
	if d.Amount != 0 {
		v.Amount = locale.Grouped(d.Amount)
	}
	if d.Days != 0 {
		v.Count = strconv.Itoa(d.Days)
	}
	return v
}

// cut keeps the first n characters of s, without an ellipsis (which is
// not in the GSM alphabet and would make an English SMS Unicode).
func cut(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return strings.TrimSpace(string(r[:n]))
}

// RenderSMS writes an SMS in the language (English for any but kn and hi)
// from the catalogue's "sms.<template>". It refuses a variable longer than
// DLTVarMax: the operator would reject the message.
func RenderSMS(template, lang string, v SMSVars) (string, string, error) {
	lang = locale.Resolve(lang)
	if !HasSMS(template) {
		return "", lang, fmt.Errorf("render sms %s: no SMS text", template)
	}
	for name, val := range v.asMap() {
		if n := len([]rune(val.(string))); n > DLTVarMax {
			return "", lang, fmt.Errorf("render sms %s: %s is %d characters, DLT allows %d", template, name, n,
				DLTVarMax)
		}
	}
	s, err := locale.Default().Own(lang, "sms."+template, v.asMap())
	if err != nil {
		return "", lang, fmt.Errorf("render sms %s in %s: %w", template, lang, err)
	}
	return s, lang, nil
}

// dltVar is what a variable is written as in a DLT content template.
const dltVar = "{#var#}"

// DLTText is the content template to register with DLT for a template in
// a language: the catalogue's text with every variable as {#var#}.
func DLTText(template, lang string) (string, error) {
	all := SMSVars{dltVar, dltVar, dltVar, dltVar, dltVar, dltVar}
	return locale.Default().Own(locale.Resolve(lang), "sms."+template, all.asMap())
}

// DLTMatches reports whether text is an instance of the registered
// content template: the fixed text exactly, each {#var#} up to DLTVarMax
// characters.
func DLTMatches(registered, text string) bool {
	fixed := strings.Split(registered, dltVar)
	for i, f := range fixed {
		fixed[i] = regexp.QuoteMeta(f)
	}
	re, err := regexp.Compile(`^` + strings.Join(fixed, `(?s:.{0,`+strconv.Itoa(DLTVarMax)+`})`) + `$`)
	return err == nil && re.MatchString(text)
}
