// Package notify tells people what the jobs found: the outbox, written in
// the same transaction as its cause; delivery by email (SMTP, at least
// once, with leases and backoff) and the in-app feed (exactly once, because
// feed rows are written with their cause); templates in English, Kannada
// and Hindi; SMS through an aggregator's HTTP API under India's DLT rules;
// and the calendar (ICS) feeds of an owner's deadlines.
package notify

import (
	"time"

	"github.com/google/uuid"
)

// Recipient types.
const (
	RecipientOwner      = "owner"
	RecipientCrewMember = "crew_member"
	RecipientUser       = "user"
)

// Channels.
const (
	ChannelEmail = "email"
	ChannelInApp = "in_app"
)

// Recipient is who a notice is for. Owners and users have an in-app feed;
// crew members are reached by email only (they have no account).
type Recipient struct {
	Type     string
	ID       uuid.UUID
	Name     string
	Email    string
	Language string // en, kn or hi; anything else falls back to English
	// Mobile is where SMS go (E.164). The outbox fills it, and
	// RemindersBy, from the register for owners and crew members.
	Mobile string
	// RemindersBy is the owner's choice for reminders: RemindersBySMS,
	// RemindersByEmail or RemindersByBoth (the default).
	RemindersBy string
}

// An owner's choice of channels for reminders (legal notices go by every
// channel the owner has).
const (
	RemindersBySMS   = "sms"
	RemindersByEmail = "email"
	RemindersByBoth  = "both"
)

// Owner is an owner as a recipient.
func Owner(id uuid.UUID, name, email, lang string) Recipient {
	return Recipient{Type: RecipientOwner, ID: id, Name: name, Email: email, Language: lang}
}

// hasFeed reports whether the recipient has an in-app feed.
func (r Recipient) hasFeed() bool { return r.Type == RecipientOwner || r.Type == RecipientUser }

// Data is what a template says. Every reminder says what (Doc, Number,
// Holder), which vessel (Vessel), the due date (Due), the rule (Citation)
// and what to do (fixed by the template).
type Data struct {
	Vessel   string    `json:"vessel,omitempty"` // "Sagar Rani (KA-KWR-M-0001)"
	Holder   string    `json:"holder,omitempty"` // crew member's name, for crew certificates
	Doc      string    `json:"doc,omitempty"`    // document code: a certificate kind or grade
	Number   string    `json:"number,omitempty"` // the certificate's number
	Due      time.Time `json:"due"`              // a date (midnight UTC standing for the date)
	Days     int       `json:"days"`             // days from the run date to Due (negative once past)
	Citation string    `json:"citation,omitempty"`
	Detail   string    `json:"detail,omitempty"` // free detail in English (reasons, trace lines)
	Amount   int64     `json:"amount,omitempty"` // rupees, for penalties
	Previous int64     `json:"previous,omitempty"`
	Lines    []string  `json:"lines,omitempty"` // a trace or a list of reasons
	// Penalty notices: the Schedule-IV row ("KA-F01") and its offence as
	// printed (English), the levels before and after (0 = no penalty), why
	// it changed (a Penalty* reason) and the date of the earlier offence
	// that reason names.
	Row           string    `json:"row,omitempty"`
	Offence       string    `json:"offence,omitempty"`
	Level         int       `json:"level,omitempty"`
	PreviousLevel int       `json:"previous_level,omitempty"`
	Reason        string    `json:"reason,omitempty"`
	Earlier       time.Time `json:"earlier,omitzero"`
	// By is a second date a notice names: the last day to appeal a
	// detention order.
	By time.Time `json:"by,omitzero"`
	// Posts are the crew posts no valid holder fills (manning notices),
	// written in the reader's language instead of Lines.
	Posts []Post `json:"posts,omitempty"`
	// Reasons are deficiencies (or the vessel's status) a notice lists by
	// code, written in the reader's language instead of Lines: why a
	// vessel is unfit, the grounds of a detention.
	Reasons []Reason `json:"reasons,omitempty"`
	// Link is the absolute address an account mail sends its reader to (a
	// one-time password link, the owners' sign-in page). It is never
	// stored in the payload: a one-time link lives only in the email's
	// body until delivery (Secret).
	Link string `json:"-"`
	// Email is the account's address, named in account mails.
	Email string `json:"-"`
	// Count is how many things an administrator's job alert counts (work
	// waiting for review, penalty chains that differed).
	Count int `json:"count,omitempty"`
}

// The alerts of an administrator's job-alert mail (TplJobAlert), in
// Data.Reason: each names the job (Data.Doc, its name), the run's date
// (Data.Due) and, where it counts something, Data.Count. The mail says
// them in the reader's language from the catalogue, never a job's own
// report text.
const (
	AlertJobFailed      = "job_failed"      // a run failed
	AlertJobStale       = "job_stale"       // a run stopped without finishing and was marked failed
	AlertBacklogWaiting = "backlog_waiting" // phones' work waited more than 7 days for a supervisor
	AlertChainsDiffered = "chains_differed" // penalty chains differed from their recomputation
)

// Reason is a deficiency code, or ReasonVesselStatus with the vessel's
// registry status.
type Reason struct {
	Code   string `json:"code"`
	Status string `json:"status,omitempty"`
}

// ReasonVesselStatus is the Reason.Code of a vessel unfit by its registry
// status (detained, suspended, cancelled).
const ReasonVesselStatus = "vessel_status"

// Post is a crew post and the certificate grades that would fill it.
type Post struct {
	Role   string   `json:"role"`
	Grades []string `json:"grades"`
}

// Notice is one thing to tell one recipient. DedupeKey names the event
// (e.g. "cert:ID:2027-06-06:30"); the outbox appends the recipient, so the
// same event reaches each recipient once per channel, whatever reruns.
type Notice struct {
	Template  string
	DedupeKey string
	Recipient Recipient
	Data      Data
	// EmailOnly keeps the notice out of the in-app feed: a secret (a
	// one-time sign-in) is mailed and never shown in the app.
	EmailOnly bool
	// SMSOnly sends the notice by SMS alone (a sign-in code, a gateway
	// check), to Recipient.Mobile.
	SMSOnly bool
}
