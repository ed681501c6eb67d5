package api

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/openapi"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/rules"
)

// everything reads the registry for a calendar whose token was verified.
var everything = models.Scope{Access: models.AccessAll}

// calendarAlarms are the alarms of every deadline: 30 and 7 days before,
// and on the day.
var calendarAlarms = []int{30, 7, 0}

// deadlineTitles says in words what each kind of deadline is.
var deadlineTitles = map[rules.DeadlineKind]string{
	rules.DeadlineCertificateExpiry:    "last day of validity",
	rules.DeadlineSurveyWindowOpens:    "annual survey window opens",
	rules.DeadlineSurveyAnniversary:    "annual survey anniversary",
	rules.DeadlineSurveyWindowCloses:   "annual survey window closes",
	rules.DeadlineLateRenewalFine:      "last day to apply for renewal without a fine",
	rules.DeadlineRegistrationLapse:    "registration liable to cancellation (2 years without survey)",
	rules.DeadlineBottomInspection:     "bottom inspection due",
	rules.DeadlinePollutionInspection:  "pollution inspection due",
	rules.DeadlineLicenceLapse:         "licence ceases",
	rules.DeadlineTindalVerification:   "tindal verification (March)",
	rules.DeadlineCompetencyRevalidate: "certificate of competency revalidation due",
	rules.DeadlineLegacyCertificate:    "old certificate of competency valid until (revalidate before)",
	rules.DeadlineTransition:           "transition deadline",
}

// GetOwnerCalendar serves the owner's deadlines as an iCalendar feed,
// behind the owner's calendar token.
func (h *handlers) GetOwnerCalendar(ctx context.Context, r openapi.GetOwnerCalendarRequestObject) (openapi.GetOwnerCalendarResponseObject, error) {
	if h.d.Calendars == nil {
		return nil, errNoFeed
	}
	now := h.d.Clock()
	if err := h.d.Calendars.Verify(ctx, r.Id, r.Params.Token, now); err != nil {
		return nil, err
	}
	owner, err := h.d.Registry.GetOwner(ctx, everything, r.Id)
	if err != nil {
		return nil, err
	}
	events, err := h.ownerEvents(ctx, r.Id, rules.DateOf(now))
	if err != nil {
		return nil, err
	}
	body := notify.ICS(notify.Calendar{Name: "Tindal: " + owner.Name, Events: events}, now)
	return openapi.GetOwnerCalendar200TextcalendarResponse{Body: bytes.NewReader(body), ContentLength: int64(len(body))}, nil
}

// ownerEvents lists every deadline of the owner's vessels and their crew,
// as the compliance view derives them, once each.
func (h *handlers) ownerEvents(ctx context.Context, ownerID uuid.UUID, today rules.Date) ([]notify.Event, error) {
	names := map[string]string{}
	seen := map[string]bool{}
	events := []notify.Event{}
	opt := registry.ListOptions{Limit: 500}
	for {
		p, err := h.d.Registry.ListVessels(ctx, everything, registry.VesselFilter{OwnerID: &ownerID}, opt)
		if err != nil {
			return nil, err
		}
		for _, v := range p.Items {
			names[v.ID.String()] = fmt.Sprintf("%s (%s)", v.Name, v.RegistrationNumber)
			c, err := h.d.Registry.Compliance(ctx, everything, v.ID, today)
			if err != nil {
				return nil, err
			}
			for _, d := range c.Deadlines {
				key := fmt.Sprintf("%s|%s|%s|%s", d.Kind, d.Subject, d.Document, d.Due)
				if seen[key] {
					continue
				}
				seen[key] = true
				events = append(events, h.event(ctx, d, names, key, names[v.ID.String()]))
			}
		}
		if p.NextCursor == "" {
			return events, nil
		}
		opt.Cursor = p.NextCursor
	}
}

// event is one deadline as a calendar event.
func (h *handlers) event(ctx context.Context, d rules.Deadline, names map[string]string, key, vessel string) notify.Event {
	who, ok := names[d.Subject]
	if !ok {
		who = h.crewName(ctx, d.Subject, names) + " (" + vessel + ")"
	}
	what := strings.ReplaceAll(d.Document, "_", " ")
	title := deadlineTitles[d.Kind]
	if title == "" {
		title = string(d.Kind)
	}
	summary := fmt.Sprintf("%s: %s, %s", who, what, title)
	if what == "" {
		summary = fmt.Sprintf("%s: %s", who, title)
	}
	desc := fmt.Sprintf("%s\nDue: %s\nRule: %s", summary, d.Due, d.Citation)
	if d.Note != "" {
		desc += "\n" + d.Note
	}
	sum := sha256.Sum256([]byte(key))
	return notify.Event{UID: hex.EncodeToString(sum[:16]) + "@tindal", Date: time.Date(d.Due.Year, d.Due.Month, d.Due.Day, 0, 0, 0, 0, time.UTC), Summary: summary,
		Description: desc, AlarmsDaysBefore: calendarAlarms}
}

// crewName names a crew member for an event, remembering it.
func (h *handlers) crewName(ctx context.Context, id string, names map[string]string) string {
	if n, ok := names[id]; ok {
		return n
	}
	n := "crew member"
	if uid, err := uuid.Parse(id); err == nil {
		if c, err := h.d.Registry.GetCrewMember(ctx, everything, uid); err == nil {
			n = c.Name
		}
	}
	names[id] = n
	return n
}

// ListCalendarTokens lists an owner's calendar tokens.
func (h *handlers) ListCalendarTokens(ctx context.Context, r openapi.ListCalendarTokensRequestObject) (openapi.ListCalendarTokensResponseObject, error) {
	if err := h.ownerInScope(ctx, r.Id); err != nil {
		return nil, err
	}
	ts, err := h.d.Calendars.ListTokens(ctx, r.Id)
	if err != nil {
		return nil, err
	}
	return openapi.ListCalendarTokens200JSONResponse{Items: mapSlice(ts, calendarTokenOut)}, nil
}

// CreateCalendarToken issues a calendar token for the owner.
func (h *handlers) CreateCalendarToken(ctx context.Context, r openapi.CreateCalendarTokenRequestObject) (openapi.CreateCalendarTokenResponseObject, error) {
	if err := h.ownerInScope(ctx, r.Id); err != nil {
		return nil, err
	}
	by := scopeOf(ctx).UserID
	t, secret, err := h.d.Calendars.CreateToken(ctx, r.Id, &by)
	if err != nil {
		return nil, err
	}
	url := fmt.Sprintf("%s/v1/owners/%s/calendar.ics?token=%s", strings.TrimRight(h.d.PublicBaseURL, "/"), r.Id, secret)
	return openapi.CreateCalendarToken201JSONResponse{Id: t.ID, OwnerId: t.OwnerID, Token: secret, Url: url, CreatedAt: t.CreatedAt.UTC()}, nil
}

// RevokeCalendarToken revokes one of the owner's calendar tokens.
func (h *handlers) RevokeCalendarToken(ctx context.Context, r openapi.RevokeCalendarTokenRequestObject) (openapi.RevokeCalendarTokenResponseObject, error) {
	if err := h.ownerInScope(ctx, r.Id); err != nil {
		return nil, err
	}
	if err := h.d.Calendars.RevokeToken(ctx, r.Id, r.TokenId, h.d.Clock()); err != nil {
		return nil, err
	}
	return openapi.RevokeCalendarToken204Response{}, nil
}

// ownerInScope answers 404 unless the caller may see the owner.
func (h *handlers) ownerInScope(ctx context.Context, id uuid.UUID) error {
	if h.d.Calendars == nil {
		return errNoFeed
	}
	_, err := h.d.Registry.GetOwner(ctx, scopeOf(ctx), id)
	return err
}

func calendarTokenOut(t notify.CalendarToken) openapi.CalendarToken {
	return openapi.CalendarToken{Id: t.ID, OwnerId: t.OwnerID, CreatedAt: t.CreatedAt.UTC(), LastUsedAt: t.LastUsedAt, RevokedAt: t.RevokedAt}
}
