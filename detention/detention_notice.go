package detention

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/document"
	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/rules"
)

// tellDetained writes, in the order's transaction, the owner's notice (in
// their language), the 48-hour report flag (Sch-IX para 1.3) and the
// reminder to the ordering officer.
func tellDetained(
	ctx context.Context,
	w *inspect.Work,
	o *models.DetentionOrder,
	v *models.Vessel,
	doc document.DetentionOrder,
) error {
	c, err := ownerContactOf(ctx, w, o.OwnerID)
	if err != nil {
		return err
	}
	label := fmt.Sprintf("%s (%s)", v.Name, v.RegistrationNumber)
	var reasons []notify.Reason // written in the owner's language by notify
	for _, f := range doc.Findings {
		reasons = append(reasons, notify.Reason{Code: f.Code})
	}
	notices := []notify.Notice{
		{
			Template:  notify.TplDetentionOrdered,
			DedupeKey: "detention:" + o.ID.String(),
			Recipient: notify.Owner(o.OwnerID, c.Name, c.Email, c.PreferredLanguage),
			Data: notify.Data{
				Vessel:   label,
				Number:   o.Number,
				Due:      noticeDate(o.OrderedAt),
				Citation: "Karnataka 2025, Sch-IX para 6",
				Reasons:  reasons,
				By:       noticeDate(o.OrderedAt).AddDate(0, 0, 30),
				Link:     orderLink(w, o),
			},
		},
	} // appeal within 30 days of receipt (Sch-IX para 6.1)
	officer, err := userContactOf(ctx, w, o.OrderedBy)
	if err != nil {
		return err
	}
	notices = append(
		notices,
		notify.Notice{
			Template:  notify.TplDetentionReportDue,
			DedupeKey: "detention-report:" + o.ID.String(),
			Recipient: notify.Recipient{
				Type:     notify.RecipientUser,
				ID:       o.OrderedBy,
				Name:     officer.Name,
				Email:    officer.Email,
				Language: officer.PreferredLanguage,
			},
			Data: notify.Data{
				Vessel:   label,
				Number:   o.Number,
				Due:      o.ReportDueAt,
				Days:     2,
				Citation: kaReportCitation,
				Detail:   detentionReportAfter,
			},
		},
	)
	if _, err := w.Outbox().Enqueue(ctx, w.Tx().DB, notices); err != nil {
		return fmt.Errorf("detention notices: %w", err)
	}
	return flagReport(ctx, w, o)
}

// flagReport raises the 48-hour report flag, due on the India date of the
// deadline; its detail gives the exact time.
func flagReport(ctx context.Context, w *inspect.Work, o *models.DetentionOrder) error {
	due := rules.DateOf(o.ReportDueAt)
	detail := fmt.Sprintf("Send the %s of detention order %s by %s IST.", detentionReportAfter, o.Number,
		o.ReportDueAt.In(rules.IST).Format("2 January 2006 15:04"))
	err := w.Tx().
		DB.WithContext(ctx).
		Exec(`INSERT INTO flags (id, kind, subject_type, subject_id, document, due_on, jurisdiction_id, owner_id,
		vessel_id, citation, detail, raised_by, raised_on)
		VALUES (?, ?, 'vessel', ?, ?, ?, ?, ?, ?, ?, ?, 'detention', ?)
		ON CONFLICT (kind, subject_type, subject_id, document, due_on) DO NOTHING`,
			uuid.Must(uuid.NewV7()),
			FlagDetentionReportDue, o.VesselID, o.Number, due.Time().Format(time.DateOnly), o.JurisdictionID, o.OwnerID,
			o.VesselID, kaReportCitation, detail, rules.DateOf(o.OrderedAt).Time().Format(time.DateOnly)).
		Error
	if err != nil {
		return fmt.Errorf("flag detention report: %w", err)
	}
	return nil
}

// tellReleased writes the owner's notice of a release order.
func tellReleased(
	ctx context.Context,
	w *inspect.Work,
	o *models.DetentionOrder,
	v *models.Vessel,
	doc document.ReleaseOrder,
) error {
	c, err := ownerContactOf(ctx, w, o.OwnerID)
	if err != nil {
		return err
	}
	n := notify.Notice{
		Template:  notify.TplDetentionReleased,
		DedupeKey: "release:" + o.ID.String(),
		Recipient: notify.Owner(o.OwnerID, c.Name, c.Email, c.PreferredLanguage),
		Data: notify.Data{
			Vessel:   fmt.Sprintf("%s (%s)", v.Name, v.RegistrationNumber),
			Number:   doc.Number,
			Due:      noticeDate(*o.ReleasedAt),
			Amount:   doc.ChargesTotal,
			Citation: kaReleasePower,
			Lines:    doc.Conditions,
			Detail:   strings.Join(doc.Conditions, "; "),
			Link:     orderLink(w, o),
		},
	}
	if _, err := w.Outbox().Enqueue(ctx, w.Tx().DB, []notify.Notice{n}); err != nil {
		return fmt.Errorf("release notice: %w", err)
	}
	return nil
}

// orderLink is the owner's page of the order (web/my: what clears the
// detention, the order and its release), or nothing when the outbox has
// no address of the owners' pages. An SMS names the owners' pages only
// (a DLT variable holds 30 characters), whose to-do list leads here.
func orderLink(w *inspect.Work, o *models.DetentionOrder) string {
	if l := w.Outbox().Link; l != "" {
		return l + "/detentions/" + o.ID.String()
	}
	return ""
}

// contact is how a person is reached.
type contact struct {
	Name, Email, PreferredLanguage string
}

func ownerContactOf(ctx context.Context, w *inspect.Work, id uuid.UUID) (contact, error) {
	var c contact
	if err := w.Tx().
		DB.WithContext(ctx).
		Raw("SELECT name, email, preferred_language FROM owners WHERE id = ?", id).
		Scan(&c).
		Error; err != nil {
		return c, fmt.Errorf("owner to notify: %w", err)
	}
	return c, nil
}

func userContactOf(ctx context.Context, w *inspect.Work, id uuid.UUID) (contact, error) {
	var c contact
	if err := w.Tx().
		DB.WithContext(ctx).
		Raw("SELECT name, email, preferred_language FROM users WHERE id = ?", id).
		Scan(&c).
		Error; err != nil {
		return c, fmt.Errorf("officer to remind: %w", err)
	}
	return c, nil
}
