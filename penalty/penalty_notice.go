package penalty

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
)

// FlagPenaltyNoticeNotEmailed is the flag raised on an owner who was told
// of a changed penalty only in the in-app feed, because no email address
// is on record: the port office must tell them another way.
const FlagPenaltyNoticeNotEmailed = "penalty_notice_not_emailed"

// scheduleIVNote is the repeat rule as docs/LAW.md §5.1 quotes it.
const scheduleIVNote = `Karnataka 2025, Sch-IV note ("Fines or penalties shall be doubled from last ` +
	`penalties charged for next subsequent offences within a year")`

// penaltyChange is one adjustment the chain function wrote, with what the
// owner's notice needs to say about it.
type penaltyChange struct {
	adj                models.PenaltyAdjustment
	offence            models.Offence
	oldLevel, newLevel int
	oldFrom, newFrom   uuid.UUID // the earlier offence doubled from, before and after (Nil: none)
	trace              rules.Trace
}

// changeOf describes an adjustment of cur to the chain line ln.
func changeOf(adj models.PenaltyAdjustment, o models.Offence, cur *models.Penalty, ln rules.ChainLine) penaltyChange {
	ch := penaltyChange{adj: adj, offence: o, oldLevel: cur.Level, newLevel: ln.Level, trace: ln.Trace}
	if cur.EscalatedFrom != nil {
		ch.oldFrom = *cur.EscalatedFrom
	}
	if id, err := uuid.Parse(ln.EscalatedFrom); err == nil {
		ch.newFrom = id
	}
	return ch
}

// notifiable reports whether the liable owner must be told of the change:
// an owner's penalty, already charged (or charged and then set aside), and
// changed now — a proposed increase waits for a supervisor.
func (ch penaltyChange) notifiable(p models.LiableParty) bool {
	st := rules.OffenceStatus(ch.offence.Status)
	return p.Kind == string(rules.PartyOwner) && ch.adj.State == "applied" &&
		(st == rules.OffenceCharged || st == rules.OffenceSetAside)
}

// noticeChanges writes, in the chain's transaction, one notice per changed
// charged penalty of an owner, keyed by the adjustment's dedupe key (so
// that nothing the recomputation repeats is told twice), and flags owners
// with no email on record. The outbox dispatcher sends after commit.
func noticeChanges(
	ctx context.Context,
	tx *storage.Tx,
	ob notify.Outbox,
	p models.LiableParty,
	all []penaltyChange,
) error {
	var chs []penaltyChange
	for _, ch := range all {
		if ch.notifiable(p) {
			chs = append(chs, ch)
		}
	}
	if len(chs) == 0 {
		return nil
	}
	f, err := loadNoticeFacts(ctx, tx, chs)
	if err != nil {
		return err
	}
	notices := make([]notify.Notice, 0, len(chs))
	for _, ch := range chs {
		notices = append(notices, f.notice(ch))
	}
	if _, err := ob.Enqueue(ctx, tx.DB, notices); err != nil {
		return fmt.Errorf("penalty notices: %w", err)
	}
	for i, ch := range chs {
		if !strings.Contains(f.owners[ch.offence.OwnerID].Email, "@") {
			if err := flagNotEmailed(ctx, tx, ch, notices[i], f.owners[ch.offence.OwnerID]); err != nil {
				return err
			}
		}
	}
	return nil
}

// ownerContact is how an owner is reached.
type ownerContact struct {
	ID                             uuid.UUID
	Name, Email, PreferredLanguage string
	HasAccount                     bool
}

// noticeFacts are the rows the notices of one party name.
type noticeFacts struct {
	owners  map[uuid.UUID]ownerContact
	vessels map[uuid.UUID]string // label: "Name (registration)"
	earlier map[uuid.UUID]models.Offence
}

// loadNoticeFacts reads the owners, vessels and earlier offences (deleted
// ones too: a withdrawn offence is a reason) the changes refer to.
func loadNoticeFacts(ctx context.Context, tx *storage.Tx, chs []penaltyChange) (noticeFacts, error) {
	var owners, vessels, earlier []uuid.UUID
	for _, ch := range chs {
		owners, vessels = append(owners, ch.offence.OwnerID), append(vessels, ch.offence.VesselID)
		earlier = append(earlier, ch.oldFrom, ch.newFrom)
	}
	db := tx.DB.WithContext(ctx)
	f := noticeFacts{
		owners:  map[uuid.UUID]ownerContact{},
		vessels: map[uuid.UUID]string{},
		earlier: map[uuid.UUID]models.Offence{},
	}
	var cs []ownerContact
	err := db.Raw(`SELECT o.id, o.name, o.email, o.preferred_language,
		EXISTS (SELECT 1 FROM users u WHERE u.owner_id = o.id AND u.deleted_at IS NULL AND u.disabled_at IS NULL) AS
		has_account
		FROM owners o WHERE o.id IN ?`, owners).Scan(&cs).Error
	if err != nil {
		return f, fmt.Errorf("owners to notify: %w", err)
	}
	for _, o := range cs {
		f.owners[o.ID] = o
	}
	var vs []models.Vessel
	if err := db.Unscoped().Select("id, name, registration_number").Where("id IN ?", vessels).Find(&vs).Error; err != nil {
		return f, fmt.Errorf("vessels to name: %w", err)
	}
	for _, v := range vs {
		f.vessels[v.ID] = fmt.Sprintf("%s (%s)", v.Name, v.RegistrationNumber)
	}
	var es []models.Offence
	if err := db.Unscoped().Where("id IN ?", earlier).Find(&es).Error; err != nil {
		return f, fmt.Errorf("earlier offences: %w", err)
	}
	for _, e := range es {
		f.earlier[e.ID] = e
	}
	return f, nil
}

// notice is the owner's notice of one change.
func (f noticeFacts) notice(ch penaltyChange) notify.Notice {
	o := ch.offence
	reason, earlier := f.reason(ch)
	row, _ := rules.PenaltyRowByID(rules.PenaltyRowID(o.PenaltyRow))
	d := notify.Data{Vessel: f.vessels[o.VesselID], Row: o.PenaltyRow, Offence: row.Offence, Due: noticeDate(o.OccurredAt),
		Amount: ch.adj.NewAmount, Previous: ch.adj.OldAmount, Level: ch.newLevel, PreviousLevel: ch.oldLevel,
		Reason: reason, Citation: citationOf(row, ch)}
	if e, ok := f.earlier[earlier]; ok {
		d.Earlier = noticeDate(e.OccurredAt)
	}
	for _, st := range ch.trace.Steps {
		d.Lines = append(d.Lines, st.Detail)
	}
	c := f.owners[o.OwnerID]
	return notify.Notice{Template: notify.TplPenaltyAdjusted, DedupeKey: "penalty:" + ch.adj.DedupeKey,
		Recipient: notify.Owner(o.OwnerID, c.Name, c.Email, c.PreferredLanguage), Data: d}
}

// reason says why a charged penalty changed, and which earlier offence
// (uuid.Nil: none) the reason names.
func (f noticeFacts) reason(ch penaltyChange) (string, uuid.UUID) {
	o := ch.offence
	switch {
	case o.DeletedAt.Valid:
		return notify.PenaltyCancelled, uuid.Nil
	case o.Status == string(rules.OffenceSetAside):
		return notify.PenaltySetAside, uuid.Nil
	case ch.oldFrom != uuid.Nil && !stillCharged(f.earlier[ch.oldFrom]):
		return notify.PenaltyEarlierRemoved, ch.oldFrom
	case ch.newFrom != uuid.Nil && ch.newFrom != ch.oldFrom:
		return notify.PenaltyRepeat, ch.newFrom
	case ch.newFrom != uuid.Nil:
		return notify.PenaltyRepeatChanged, ch.newFrom
	}
	return notify.PenaltyRecomputed, uuid.Nil
}

// stillCharged reports whether an earlier offence still counts for the
// doubling rule: recorded, and charged (docs/LAW.md §5.2).
func stillCharged(e models.Offence) bool {
	return e.ID != uuid.Nil && !e.DeletedAt.Valid && e.Status == string(rules.OffenceCharged)
}

// citationOf cites the Schedule-IV row, the rules the new amount applied
// (the trace), and the repeat rule when either amount was a repeat.
func citationOf(row rules.PenaltyRow, ch penaltyChange) string {
	cites := []string{string(row.Citation)}
	seen := map[string]bool{cites[0]: true}
	add := func(c string) {
		if c != "" && !seen[c] && !strings.HasPrefix(c, "docs/") {
			seen[c] = true
			cites = append(cites, c)
		}
	}
	for _, st := range ch.trace.Steps {
		c := string(st.Citation)
		if c == "Karnataka 2025, Sch-IV note" {
			c = scheduleIVNote
		}
		add(c)
	}
	if ch.oldLevel > 1 || ch.newLevel > 1 {
		add(scheduleIVNote)
	}
	return strings.Join(cites, "; ")
}

// flagNotEmailed raises, once per adjustment, a flag on an owner who has no
// email on record, so the port office sees that the notice reached only
// the in-app feed (or nobody, without an app account).
func flagNotEmailed(ctx context.Context, tx *storage.Tx, ch penaltyChange, n notify.Notice, c ownerContact) error {
	where := "is only in the owner's in-app feed"
	if !c.HasAccount {
		where = "reached nobody: the owner has no app account either"
	}
	detail := fmt.Sprintf("Penalty %s of %s (offence of %s) changed from Rs %d to Rs %d. The owner has "+
		"no email address on record, so the notice %s. Tell the owner by post or in "+
		"person, and add an email address to the owner's record.",
		ch.offence.PenaltyRow, n.Data.Vessel, n.Data.Due.Format("2 January 2006"), ch.adj.OldAmount, ch.adj.NewAmount, where)
	err := tx.DB.WithContext(ctx).
		Exec(`INSERT INTO flags (id, kind, subject_type, subject_id, document, due_on, jurisdiction_id, owner_id,
		vessel_id, citation, detail, raised_by, raised_on)
		VALUES (?, ?, 'owner', ?, ?, (now() AT TIME ZONE 'Asia/Kolkata')::date, ?, ?, ?, ?, ?, 'penalty-chain',
		(now() AT TIME ZONE 'Asia/Kolkata')::date)
		ON CONFLICT (kind, subject_type, subject_id, document, due_on) DO NOTHING`,
			uuid.Must(uuid.NewV7()),
			FlagPenaltyNoticeNotEmailed, ch.offence.OwnerID, n.DedupeKey, ch.offence.JurisdictionID, ch.offence.OwnerID,
			ch.offence.VesselID, n.Data.Citation, detail).
		Error
	if err != nil {
		return fmt.Errorf("flag owner without email: %w", err)
	}
	return nil
}

// noticeDate is the Asia/Kolkata date of t as notices carry dates: midnight UTC.
func noticeDate(t time.Time) time.Time {
	d := rules.DateOf(t)
	return time.Date(d.Year, d.Month, d.Day, 0, 0, 0, 0, time.UTC)
}
