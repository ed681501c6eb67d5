package notify

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// Calendars keeps the tokens of owners' calendar feeds. A token is 32
// random bytes, shown once; only its SHA-256 is stored, and it can be
// revoked.
type Calendars struct{ DB *storage.DB }

// CalendarToken is a stored token (never the secret itself).
type CalendarToken struct {
	ID         uuid.UUID
	OwnerID    uuid.UUID
	CreatedAt  time.Time
	LastUsedAt *time.Time
	RevokedAt  *time.Time
}

func hashToken(t string) []byte {
	h := sha256.Sum256([]byte(t))
	return h[:]
}

// CreateToken issues a new token for an owner's calendar and returns it
// with the secret to put in the feed URL.
func (c *Calendars) CreateToken(ctx context.Context, ownerID uuid.UUID, by *uuid.UUID) (CalendarToken, string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return CalendarToken{}, "", fmt.Errorf("calendar token: %w", err)
	}
	secret := base64.RawURLEncoding.EncodeToString(b)
	t := CalendarToken{ID: uuid.Must(uuid.NewV7()), OwnerID: ownerID, CreatedAt: time.Now().UTC()}
	err := c.DB.Gorm.WithContext(ctx).
		Exec(`INSERT INTO calendar_tokens (id, owner_id, token_hash, created_by, created_at) VALUES (?, ?, ?, ?, ?)`,
			t.ID, ownerID, hashToken(secret), by, t.CreatedAt).
		Error
	if err != nil {
		return CalendarToken{}, "", storage.MapError(fmt.Errorf("store calendar token: %w", err), "calendar token")
	}
	return t, secret, nil
}

// RevokeToken revokes a token of the owner. KindNotFound if there is none.
func (c *Calendars) RevokeToken(ctx context.Context, ownerID, id uuid.UUID, now time.Time) error {
	res := c.DB.Gorm.WithContext(ctx).Exec(`UPDATE calendar_tokens SET revoked_at = COALESCE(revoked_at, ?)
		WHERE id = ? AND owner_id = ?`, now.UTC(), id, ownerID)
	if res.Error != nil {
		return fmt.Errorf("revoke calendar token: %w", res.Error)
	}
	if res.RowsAffected == 0 {
		return models.NotFound("calendar token")
	}
	return nil
}

// ListTokens lists an owner's tokens, newest first.
func (c *Calendars) ListTokens(ctx context.Context, ownerID uuid.UUID) ([]CalendarToken, error) {
	var out []CalendarToken
	err := c.DB.Gorm.WithContext(ctx).
		Table("calendar_tokens").
		Select("id, owner_id, created_at, last_used_at, revoked_at").
		Where("owner_id = ?", ownerID).
		Order("id DESC").
		Find(&out).
		Error
	return out, err
}

// Verify checks a feed token for the owner. A wrong, revoked or another
// owner's token is KindNotFound, so the feed's existence is not revealed.
func (c *Calendars) Verify(ctx context.Context, ownerID uuid.UUID, secret string, now time.Time) error {
	if secret == "" {
		return models.NotFound("calendar")
	}
	var id uuid.UUID
	err := c.DB.Gorm.WithContext(ctx).
		Raw(`UPDATE calendar_tokens SET last_used_at = ? WHERE token_hash = ? AND owner_id = ? AND revoked_at IS NULL
			RETURNING id`,
			now.UTC(), hashToken(secret), ownerID).
		Row().
		Scan(&id)
	if err != nil {
		return models.NotFound("calendar")
	}
	return nil
}

// Event is one all-day deadline in a calendar.
type Event struct {
	UID         string
	Date        time.Time // the due date (midnight UTC standing for the date)
	Summary     string
	Description string
	// AlarmsDaysBefore lists alarms, in days before the date (0 = on the day).
	AlarmsDaysBefore []int
	// Sequence is the revision of the event (Calendars.Sequence).
	Sequence int
}

// Calendar is a feed of events in one language (kn, hi or en): it is the
// LANGUAGE of every title and description.
type Calendar struct {
	Name     string
	Language string
	Events   []Event
}

// ICS renders the calendar as RFC 5545 text: CRLF line ends, lines folded
// at 75 octets without splitting a character, TEXT values escaped, every
// VEVENT with UID, DTSTAMP, SEQUENCE and an all-day DTSTART/DTEND, titles
// tagged with the calendar's LANGUAGE, and a DISPLAY VALARM per alarm.
func ICS(c Calendar, stamp time.Time) []byte {
	var w icsWriter
	w.line("BEGIN:VCALENDAR")
	w.line("VERSION:2.0")
	w.line("PRODID:-//Tindal//Deadlines//EN")
	w.line("CALSCALE:GREGORIAN")
	w.line("METHOD:PUBLISH")
	w.line("X-WR-CALNAME:" + escapeText(c.Name))
	w.line("X-WR-TIMEZONE:Asia/Kolkata")
	ts := stamp.UTC().Format("20060102T150405Z")
	lang := ""
	if c.Language != "" {
		lang = ";LANGUAGE=" + c.Language
	}
	for _, e := range c.Events {
		w.event(e, ts, lang)
	}
	w.line("END:VCALENDAR")
	return []byte(w.b.String())
}

type icsWriter struct{ b strings.Builder }

func (w *icsWriter) event(e Event, stamp, lang string) {
	w.line("BEGIN:VEVENT")
	w.line("UID:" + e.UID)
	w.line("DTSTAMP:" + stamp)
	w.line("SEQUENCE:" + strconv.Itoa(e.Sequence))
	w.line("DTSTART;VALUE=DATE:" + e.Date.UTC().Format("20060102"))
	w.line("DTEND;VALUE=DATE:" + e.Date.UTC().AddDate(0, 0, 1).Format("20060102"))
	w.line("SUMMARY" + lang + ":" + escapeText(e.Summary))
	w.line("DESCRIPTION" + lang + ":" + escapeText(e.Description))
	w.line("TRANSP:TRANSPARENT")
	for _, d := range e.AlarmsDaysBefore {
		w.line("BEGIN:VALARM")
		w.line("ACTION:DISPLAY")
		w.line("DESCRIPTION:" + escapeText(e.Summary))
		if d == 0 {
			w.line("TRIGGER:PT9H") // 09:00 on the day
		} else {
			w.line(fmt.Sprintf("TRIGGER:-P%dD", d))
		}
		w.line("END:VALARM")
	}
	w.line("END:VEVENT")
}

// line writes a content line folded at 75 octets (RFC 5545 §3.1): each
// continuation starts with a space, and no UTF-8 sequence is split.
func (w *icsWriter) line(s string) {
	limit := 75
	for len(s) > limit {
		cut := limit
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		w.b.WriteString(s[:cut] + "\r\n ")
		s = s[cut:]
		limit = 74 // the leading space counts
	}
	w.b.WriteString(s + "\r\n")
}

// escapeText escapes a TEXT value (RFC 5545 §3.3.11).
func escapeText(s string) string {
	r := strings.NewReplacer(`\`, `\\`, ";", `\;`, ",", `\,`, "\r\n", `\n`, "\n", `\n`)
	return r.Replace(s)
}
