package api

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
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

// GetOwnerCalendar serves the owner's deadlines as an iCalendar feed in
// the owner's language, behind the owner's calendar token.
func (h *handlers) GetOwnerCalendar(
	ctx context.Context,
	r openapi.GetOwnerCalendarRequestObject,
) (openapi.GetOwnerCalendarResponseObject, error) {
	now := h.d.Clock()
	if err := h.d.Calendars.Verify(ctx, r.Id, r.Params.Token, now); err != nil {
		return nil, err
	}
	owner, err := h.d.Registry.GetOwner(ctx, everything, r.Id)
	if err != nil {
		return nil, err
	}
	deadlines, err := h.ownerDeadlines(ctx, r.Id, rules.DateOf(now))
	if err != nil {
		return nil, err
	}
	body, err := h.d.Calendars.Feed(
		ctx,
		notify.FeedOwner{ID: owner.ID, Name: owner.Name, Language: owner.PreferredLanguage},
		deadlines,
		now,
	)
	if err != nil {
		return nil, err
	}
	tag := calendarTag(body)
	if r.Params.IfNoneMatch != nil && etagMatches(*r.Params.IfNoneMatch, tag) {
		return openapi.GetOwnerCalendar304Response{}, nil
	}
	// The feed says it is UTF-8 (a calendar app guessing Latin-1 shows
	// Kannada and Hindi titles as mojibake), with its weak validator; the
	// URL holds the owner's token, so no shared cache may keep it.
	weak, cache := "W/"+tag, "private, no-cache"
	return openapi.GetOwnerCalendar200TextcalendarCharsetUtf8Response{
		Body:          bytes.NewReader(body),
		ContentLength: int64(len(body)),
		Headers:       openapi.GetOwnerCalendar200ResponseHeaders{ETag: &weak, CacheControl: &cache},
	}, nil
}

// calendarTag is the feed's validator: a hash of its lines but DTSTAMP,
// which is the time of rendering (RFC 5545 §3.8.7.2) and would otherwise
// change the tag on every poll. Equal tags mean the same events, so the
// tag is weak (RFC 9110 §8.8.1).
func calendarTag(ics []byte) string {
	h := sha256.New()
	for _, line := range bytes.SplitAfter(ics, []byte("\n")) {
		if !bytes.HasPrefix(line, []byte("DTSTAMP:")) {
			h.Write(line)
		}
	}
	return `"` + base64.RawURLEncoding.EncodeToString(h.Sum(nil)[:12]) + `"`
}

// ownerDeadlines lists every registry deadline of the owner's vessels and
// their crew (among them each crew member's CoC 2027 deadline), as the
// compliance view derives them, once each.
func (h *handlers) ownerDeadlines(ctx context.Context, ownerID uuid.UUID, today rules.Date) ([]notify.Deadline, error) {
	names := map[string]string{}
	seen := map[string]bool{}
	out := []notify.Deadline{}
	opt := registry.ListOptions{Limit: 500}
	for {
		p, err := h.d.Registry.ListVessels(ctx, everything, registry.VesselFilter{OwnerID: &ownerID}, opt)
		if err != nil {
			return nil, err
		}
		for _, v := range p.Items {
			label := fmt.Sprintf("%s (%s)", v.Name, v.RegistrationNumber)
			names[v.ID.String()] = label
			c, err := h.d.Registry.Compliance(ctx, everything, v.ID, today)
			if err != nil {
				return nil, err
			}
			for _, d := range c.Deadlines {
				if key := fmt.Sprintf("%s|%s|%s|%s", d.Kind, d.Subject, d.Document, d.Due); !seen[key] {
					seen[key] = true
					out = append(out, h.deadline(ctx, d, names, label))
				}
			}
		}
		if p.NextCursor == "" {
			return out, nil
		}
		opt.Cursor = p.NextCursor
	}
}

// deadline names a deadline's subject: the vessel, or the crew member
// serving on it.
func (h *handlers) deadline(
	ctx context.Context,
	d rules.Deadline,
	names map[string]string,
	vessel string,
) notify.Deadline {
	who, isVessel := names[d.Subject]
	if !isVessel {
		who = h.crewName(ctx, d.Subject, names) + " (" + vessel + ")"
	}
	return notify.Deadline{
		Key:      fmt.Sprintf("%s|%s|%s", d.Kind, d.Subject, d.Document),
		Kind:     string(d.Kind),
		Who:      who,
		Crew:     !isVessel,
		Document: d.Document,
		Due:      time.Date(d.Due.Year, d.Due.Month, d.Due.Day, 0, 0, 0, 0, time.UTC),
		Citation: string(d.Citation),
		Note:     d.Note,
	}
}

// crewName names a crew member for an event, remembering it.
func (h *handlers) crewName(ctx context.Context, id string, names map[string]string) string {
	if n, ok := names["crew:"+id]; ok {
		return n
	}
	n := "?"
	if uid, err := uuid.Parse(id); err == nil {
		if c, err := h.d.Registry.GetCrewMember(ctx, everything, uid); err == nil {
			n = c.Name
		}
	}
	names["crew:"+id] = n
	return n
}

// ListCalendarTokens lists an owner's calendar tokens.
func (h *handlers) ListCalendarTokens(
	ctx context.Context,
	r openapi.ListCalendarTokensRequestObject,
) (openapi.ListCalendarTokensResponseObject, error) {
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
func (h *handlers) CreateCalendarToken(
	ctx context.Context,
	r openapi.CreateCalendarTokenRequestObject,
) (openapi.CreateCalendarTokenResponseObject, error) {
	if err := h.ownerInScope(ctx, r.Id); err != nil {
		return nil, err
	}
	by := scopeOf(ctx).UserID
	t, secret, err := h.d.Calendars.CreateToken(ctx, r.Id, &by)
	if err != nil {
		return nil, err
	}
	url := CalendarURL(h.d.PublicBaseURL, r.Id, secret)
	webcal := Webcal(url)
	return openapi.CreateCalendarToken201JSONResponse{
		Id:        t.ID,
		OwnerId:   t.OwnerID,
		Token:     secret,
		Url:       url,
		WebcalUrl: &webcal,
		CreatedAt: t.CreatedAt.UTC(),
	}, nil
}

// RevokeCalendarToken revokes one of the owner's calendar tokens.
func (h *handlers) RevokeCalendarToken(
	ctx context.Context,
	r openapi.RevokeCalendarTokenRequestObject,
) (openapi.RevokeCalendarTokenResponseObject, error) {
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
	_, err := h.d.Registry.GetOwner(ctx, scopeOf(ctx), id)
	return err
}

func calendarTokenOut(t notify.CalendarToken) openapi.CalendarToken {
	return openapi.CalendarToken{
		Id:         t.ID,
		OwnerId:    t.OwnerID,
		CreatedAt:  t.CreatedAt.UTC(),
		LastUsedAt: t.LastUsedAt,
		RevokedAt:  t.RevokedAt,
	}
}

// CalendarURL is the feed URL of an owner's calendar behind a token.
func CalendarURL(base string, owner uuid.UUID, secret string) string {
	return fmt.Sprintf("%s/v1/owners/%s/calendar.ics?token=%s", strings.TrimRight(base, "/"), owner, secret)
}

// Webcal is a feed URL as a webcal:// subscription link (the scheme a
// phone hands to its calendar app, which fetches it over https or http).
func Webcal(url string) string {
	if rest, ok := strings.CutPrefix(url, "https://"); ok {
		return "webcal://" + rest
	}
	return "webcal://" + strings.TrimPrefix(url, "http://")
}
