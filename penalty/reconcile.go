package penalty

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm/clause"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
)

// Why a credit waits in the registrar's queue (BankCredit.Reason).
const (
	QueueUnknownNotice   = "unknown_notice"   // no notice of the office is named in the narration
	QueueAmbiguous       = "ambiguous_notice" // more than one is
	QueueAmountMismatch  = "amount_mismatch"  // the credit is not the amount due, to the paisa
	QueueNothingDue      = "nothing_due"      // the notice is paid, set aside or cancelled
	QueueNotPayable      = "not_payable"      // the payment is refused (a date before the notice)
	EntityBankCredit     = "bank_credit"
	creditScopingColumns = "jurisdiction_id IN ?"
)

// creditScoping: registrars of the office; owners see no bank credits.
var creditScoping = storage.Scoping{Jurisdiction: creditScopingColumns}

// jurisdictionByID: the office a statement is imported into is one of the
// registrar's (admins: any office).
var jurisdictionByID = storage.Scoping{Jurisdiction: "id IN ?"}

// ImportResult is what an import did, credit by credit.
type ImportResult struct {
	Recorded        int
	AlreadyRecorded int
	Queued          int
	Credits         []models.BankCredit // every credit of the statement, as stored
}

// ImportStatement records the credits of a bank statement of an office
// (ParseStatement): each credit once per bank reference (a re-import, or
// twenty at once, records nothing twice); a credit that names exactly one
// notice of the office in its narration and is its amount due to the
// paisa is recorded as the payment of every penalty due on it; anything
// else waits in the registrar's queue, never applied silently. Each credit
// is one audited transaction. Errors: not_found (office out of scope).
func (s *Service) ImportStatement(
	ctx context.Context,
	sc models.Scope,
	jurisdiction uuid.UUID,
	credits []Credit,
) (ImportResult, error) {
	var n int64
	q := s.db.Gorm.WithContext(ctx).Model(&models.Jurisdiction{}).Where("id = ?", jurisdiction)
	if err := storage.Scoped(q, sc, jurisdictionByID).Count(&n).Error; err != nil {
		return ImportResult{}, fmt.Errorf("load jurisdiction: %w", err)
	}
	if n == 0 {
		return ImportResult{}, models.NotFound("jurisdiction")
	}
	res := ImportResult{Credits: make([]models.BankCredit, 0, len(credits))}
	for _, c := range credits {
		bc, fresh, err := s.importCredit(ctx, sc, jurisdiction, c)
		if err != nil {
			return res, err
		}
		switch {
		case !fresh:
			res.AlreadyRecorded++
		case bc.State == models.CreditRecorded:
			res.Recorded++
		default:
			res.Queued++
		}
		res.Credits = append(res.Credits, bc)
	}
	return res, nil
}

// importCredit stores one credit unless its reference is stored already
// (then it answers the stored one, fresh false), and matches it.
func (s *Service) importCredit(
	ctx context.Context,
	sc models.Scope,
	jurisdiction uuid.UUID,
	c Credit,
) (models.BankCredit, bool, error) {
	var out models.BankCredit
	fresh := false
	err := s.db.InTx(ctx, storage.ActorOf(sc), func(tx *storage.Tx) error {
		now := time.Now().UTC()
		bc := models.BankCredit{ID: uuid.Must(uuid.NewV7()), JurisdictionID: jurisdiction, BankReference: c.Reference,
			CreditedOn: civil(c.CreditedOn), AmountPaise: c.AmountPaise, Narration: c.Narration,
			State: models.CreditQueued, ImportedBy: sc.UserID, Version: 1, CreatedAt: now, UpdatedAt: now}
		res := tx.DB.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&bc)
		if res.Error != nil {
			return fmt.Errorf("insert bank credit: %w", res.Error)
		}
		if res.RowsAffected == 0 { // recorded before, perhaps by an import running now
			return tx.DB.WithContext(ctx).
				Where("jurisdiction_id = ? AND bank_reference = ?", jurisdiction, c.Reference).Take(&out).Error
		}
		fresh = true
		if err := s.matchCredit(ctx, tx, sc, &bc); err != nil {
			return err
		}
		out = bc
		return tx.Audit("bank_credit.import", EntityBankCredit, bc.ID, nil, bc)
	})
	return out, fresh, err
}

// matchCredit finds the credit's notice and records it, or queues it
// with the reason.
func (s *Service) matchCredit(ctx context.Context, tx *storage.Tx, sc models.Scope, bc *models.BankCredit) error {
	ids, err := noticesNamedIn(ctx, tx, bc.JurisdictionID, bc.Narration)
	if err != nil {
		return err
	}
	switch len(ids) {
	case 0:
		return queueCredit(ctx, tx, bc, QueueUnknownNotice)
	case 1:
	default:
		return queueCredit(ctx, tx, bc, QueueAmbiguous)
	}
	bc.NoticeID = &ids[0]
	reason, err := s.payNotice(ctx, tx, sc, ids[0], bc)
	if err != nil {
		return err
	}
	if reason != "" {
		return queueCredit(ctx, tx, bc, reason)
	}
	return setCreditState(ctx, tx, bc, models.CreditRecorded, "", "")
}

// noticesNamedIn are the office's notices whose number the narration
// holds, compared on letters and digits only (banks drop or change the
// slashes of a UPI note).
func noticesNamedIn(
	ctx context.Context,
	tx *storage.Tx,
	jurisdiction uuid.UUID,
	narration string,
) ([]uuid.UUID, error) {
	key := alnum(narration)
	if key == "" {
		return nil, nil
	}
	var ids []uuid.UUID
	err := tx.DB.WithContext(ctx).Raw(`SELECT id FROM penalty_notices WHERE jurisdiction_id = ?
		AND strpos(?, regexp_replace(upper(number), '[^A-Z0-9]', '', 'g')) > 0 ORDER BY id`, jurisdiction, key).
		Scan(&ids).Error
	if err != nil {
		return nil, fmt.Errorf("notices named in a narration: %w", err)
	}
	return ids, nil
}

func alnum(s string) string {
	var b strings.Builder
	for _, r := range strings.ToUpper(s) {
		if (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// payNotice records the credit as the payment of every penalty due on the
// notice when it is the notice's amount due to the paisa; otherwise it
// returns why not (and writes nothing).
func (s *Service) payNotice(
	ctx context.Context,
	tx *storage.Tx,
	sc models.Scope,
	notice uuid.UUID,
	bc *models.BankCredit,
) (string, error) {
	if _, err := lockNotice(ctx, tx, sc, notice); err != nil {
		return "", err
	}
	v, err := loadNotice(ctx, tx, sc, notice)
	if err != nil {
		return "", err
	}
	if v.Due <= 0 || v.Status() != "open" {
		return QueueNothingDue, nil
	}
	if bc.AmountPaise != v.Due*100 {
		return QueueAmountMismatch, nil
	}
	paidOn := rules.DateOf(bc.CreditedOn)
	if paidOn.Before(servedDate(v.Notice)) || paidOn.After(rules.DateOf(s.clock())) {
		return QueueNotPayable, nil
	}
	due := dueLines(v)
	for i, l := range due {
		receipt := bc.BankReference
		if len(due) > 1 {
			receipt = fmt.Sprintf("%s/%d", bc.BankReference, i+1)
		}
		_, _, err := s.recordPayment(ctx, tx, sc, notice,
			PaymentInput{PenaltyID: l.PenaltyID, Amount: l.Due, PaidOn: paidOn, ReceiptNumber: receipt})
		if err != nil {
			return "", err
		}
	}
	return "", nil
}

// dueLines are the charged lines with something due, in notice order.
func dueLines(v NoticeView) []NoticeLineView {
	var out []NoticeLineView
	for _, l := range v.Lines {
		if l.Status == string(rules.OffenceCharged) && l.Due > 0 {
			out = append(out, l)
		}
	}
	return out
}

func queueCredit(ctx context.Context, tx *storage.Tx, bc *models.BankCredit, reason string) error {
	bc.Reason = reason
	return setCreditState(ctx, tx, bc, models.CreditQueued, reason, "")
}

func setCreditState(
	ctx context.Context,
	tx *storage.Tx,
	bc *models.BankCredit,
	state, reason, resolution string,
) error {
	bc.State, bc.Reason, bc.Resolution = state, reason, resolution
	err := tx.DB.WithContext(ctx).Model(&models.BankCredit{}).Where("id = ?", bc.ID).
		Updates(map[string]any{"state": state, "reason": reason, "resolution": resolution, "notice_id": bc.NoticeID,
			"resolved_by": bc.ResolvedBy, "resolved_at": bc.ResolvedAt, "version": bc.Version,
			"updated_at": time.Now().UTC()}).Error
	if err != nil {
		return fmt.Errorf("update bank credit: %w", err)
	}
	return nil
}

// CreditFilter narrows a list of credits.
type CreditFilter struct {
	State string // "" is every state
}

var creditPager = storage.ByID(func(c models.BankCredit) uuid.UUID { return c.ID })

// ListCredits lists the office's bank credits in scope (the queue:
// State queued), oldest first. Errors: invalid (cursor).
func (s *Service) ListCredits(
	ctx context.Context,
	sc models.Scope,
	f CreditFilter,
	cursor string,
	limit int,
) ([]models.BankCredit, string, error) {
	q := storage.Scoped(s.db.Gorm.WithContext(ctx).Model(&models.BankCredit{}), sc, creditScoping)
	if f.State != "" {
		q = q.Where("state = ?", f.State)
	}
	return creditPager.Page(q, cursor, limit)
}

// CreditDecision resolves a queued credit: apply it to a notice, or
// dismiss it with a reason.
type CreditDecision struct {
	Action   string // apply | dismiss
	NoticeID uuid.UUID
	Reason   string
}

// ResolveCredit applies a queued credit to the chosen notice of the same
// office (it must be the notice's amount due, to the paisa; the payment of
// every penalty due is recorded) or dismisses it with a reason; audited.
// The same decision again answers the credit; another is 409. Errors:
// not_found (credit or notice out of scope), invalid (reason, amount),
// conflict "already_resolved".
func (s *Service) ResolveCredit(
	ctx context.Context,
	sc models.Scope,
	id uuid.UUID,
	d CreditDecision,
) (models.BankCredit, error) {
	d.Reason = strings.TrimSpace(d.Reason)
	if d.Action == "dismiss" && d.Reason == "" {
		return models.BankCredit{}, models.InvalidField("reason", "required", "a dismissal needs a reason")
	}
	var out models.BankCredit
	err := s.db.InTx(ctx, storage.ActorOf(sc), func(tx *storage.Tx) error {
		bc, err := lockCredit(ctx, tx, sc, id)
		if err != nil {
			return err
		}
		before := bc
		if bc.State != models.CreditQueued {
			out = bc
			if sameDecision(bc, d) {
				return nil
			}
			return models.Errorf(models.KindConflict, "already_resolved", "the credit is already %s", bc.State)
		}
		if err := s.resolve(ctx, tx, sc, &bc, d); err != nil {
			return err
		}
		out = bc
		return tx.Audit("bank_credit.resolve", EntityBankCredit, bc.ID, before, bc)
	})
	return out, err
}

func sameDecision(bc models.BankCredit, d CreditDecision) bool {
	switch d.Action {
	case "apply":
		return bc.State == models.CreditApplied && bc.NoticeID != nil && *bc.NoticeID == d.NoticeID
	case "dismiss":
		return bc.State == models.CreditDismissed && bc.Resolution == d.Reason
	}
	return false
}

func (s *Service) resolve(
	ctx context.Context,
	tx *storage.Tx,
	sc models.Scope,
	bc *models.BankCredit,
	d CreditDecision,
) error {
	now := time.Now().UTC()
	bc.ResolvedBy, bc.ResolvedAt, bc.Version = &sc.UserID, &now, bc.Version+1
	if d.Action == "dismiss" {
		return setCreditState(ctx, tx, bc, models.CreditDismissed, bc.Reason, d.Reason)
	}
	n, err := lockNotice(ctx, tx, sc, d.NoticeID)
	if err != nil {
		return err
	}
	if n.JurisdictionID != bc.JurisdictionID {
		return models.NotFound("penalty notice")
	}
	reason, err := s.payNotice(ctx, tx, sc, n.ID, bc)
	if err != nil {
		return err
	}
	if reason != "" {
		return models.Refused("notice_id", reason, "the credit cannot pay this notice: %s", reasonText(reason))
	}
	bc.NoticeID = &n.ID
	return setCreditState(ctx, tx, bc, models.CreditApplied, bc.Reason, d.Reason)
}

func reasonText(reason string) string {
	switch reason {
	case QueueAmountMismatch:
		return "it is not the amount due, to the paisa"
	case QueueNothingDue:
		return "nothing is due on it"
	case QueueNotPayable:
		return "the credit is dated before the notice"
	}
	return reason
}

// lockCredit locks a credit in scope. Errors: not_found.
func lockCredit(ctx context.Context, tx *storage.Tx, sc models.Scope, id uuid.UUID) (models.BankCredit, error) {
	var cs []models.BankCredit
	q := storage.Scoped(tx.DB.WithContext(ctx).Model(&models.BankCredit{}).Where("id = ?", id), sc, creditScoping)
	if err := q.Clauses(clause.Locking{Strength: "UPDATE"}).Find(&cs).Error; err != nil {
		return models.BankCredit{}, fmt.Errorf("lock bank credit: %w", err)
	}
	if len(cs) == 0 {
		return models.BankCredit{}, models.NotFound("bank credit")
	}
	return cs[0], nil
}
