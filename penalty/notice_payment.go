package penalty

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm/clause"

	"github.com/tindal/tindal/document"
	"github.com/tindal/tindal/locale"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
)

// PaymentInput is a payment a registrar records against one penalty of a
// notice. A payment settles the full amount due on one penalty: each Sch-IV
// penalty is one person's liability (Karnataka 2025, Sch-IV "liable party";
// docs/LAW.md §11 Q34) and is appealed and set aside on its own, and Form-18 asks
// to "pay the penalties" — so a part payment of one, or a sum spread over
// several, is refused.
type PaymentInput struct {
	PenaltyID     uuid.UUID
	Amount        int64
	PaidOn        rules.Date
	ReceiptNumber string
}

// RecordPayment records a payment. The same receipt number again with the
// same penalty, amount and date answers the stored payment (created
// false): a retry never pays twice. Errors: not_found (notice out of
// scope), invalid (amount not the amount due — the message and the
// `amount` field error name it —, a date in the future or before the
// notice, an unknown penalty), conflict (the receipt number recorded for
// another payment).
func (s *Service) RecordPayment(
	ctx context.Context,
	sc models.Scope,
	notice uuid.UUID,
	in PaymentInput,
) (models.PenaltyPayment, bool, error) {
	var out models.PenaltyPayment
	created := false
	err := s.db.InTx(ctx, storage.ActorOf(sc), func(tx *storage.Tx) error {
		var err error
		out, created, err = s.recordPayment(ctx, tx, sc, notice, in)
		return err
	})
	return out, created, err
}

// recordPayment is RecordPayment in the caller's transaction.
func (s *Service) recordPayment(
	ctx context.Context,
	tx *storage.Tx,
	sc models.Scope,
	notice uuid.UUID,
	in PaymentInput,
) (models.PenaltyPayment, bool, error) {
	in.ReceiptNumber = strings.TrimSpace(in.ReceiptNumber)
	n, err := lockNotice(ctx, tx, sc, notice)
	if err != nil {
		return models.PenaltyPayment{}, false, err
	}
	if prior, ok, err := paymentByReceipt(ctx, tx, n.JurisdictionID, in.ReceiptNumber); err != nil || ok {
		if err == nil && !samePayment(prior, notice, in) {
			err = models.Errorf(
				models.KindConflict,
				"receipt_reused",
				"receipt %s is already recorded for another payment",
				in.ReceiptNumber,
			)
		}
		return prior, false, err
	}
	v, err := loadNotice(ctx, tx, sc, notice)
	if err != nil {
		return models.PenaltyPayment{}, false, err
	}
	if err := s.checkPayment(v, in); err != nil {
		return models.PenaltyPayment{}, false, err
	}
	out := models.PenaltyPayment{
		ID:             uuid.Must(uuid.NewV7()),
		PenaltyID:      in.PenaltyID,
		NoticeID:       n.ID,
		NoticeRevision: n.Revision,
		Amount:         in.Amount,
		PaidOn:         time.Date(in.PaidOn.Year, in.PaidOn.Month, in.PaidOn.Day, 0, 0, 0, 0, time.UTC),
		ReceiptNumber:  in.ReceiptNumber,
		RecordedBy:     sc.UserID,
		JurisdictionID: n.JurisdictionID,
		OwnerID:        n.OwnerID,
		CreatedAt:      time.Now().UTC(),
	}
	if err := tx.DB.WithContext(ctx).Create(&out).Error; err != nil {
		return models.PenaltyPayment{}, false, storage.MapError(fmt.Errorf("insert payment: %w", err), "payment")
	}
	if err := markPaid(ctx, tx, sc, n, out.PaidOn); err != nil {
		return models.PenaltyPayment{}, false, err
	}
	return out, true, tx.Audit("penalty_notice.payment", EntityNotice, n.ID, nil, out)
}

// markPaid makes the public check of the notice's current revision say
// paid, on the day of the payment that left nothing due (GET /v/{code}).
func markPaid(ctx context.Context, tx *storage.Tx, sc models.Scope, n models.PenaltyNotice, on time.Time) error {
	v, err := loadNotice(ctx, tx, sc, n.ID)
	if err != nil {
		return err
	}
	if v.Status() != "paid" {
		return nil
	}
	return document.SetStatus(ctx, tx.DB, document.KindPenaltyNotice, revisionRef(n.ID, n.Revision),
		document.StatusPaid, on)
}

func samePayment(p models.PenaltyPayment, notice uuid.UUID, in PaymentInput) bool {
	return p.NoticeID == notice && p.PenaltyID == in.PenaltyID && p.Amount == in.Amount &&
		p.PaidOn.Year() == in.PaidOn.Year && p.PaidOn.Month() == in.PaidOn.Month && p.PaidOn.Day() == in.PaidOn.Day
}

// checkPayment refuses anything but the full amount due on one charged
// penalty of the notice, paid on a date between the notice and today.
func (s *Service) checkPayment(v NoticeView, in PaymentInput) error {
	l, ok := v.lineOf(in.PenaltyID)
	if !ok {
		return models.InvalidField(
			"penalty_id",
			"not_on_notice",
			"penalty %s is not on notice %s",
			in.PenaltyID,
			v.Notice.Number,
		)
	}
	today := rules.DateOf(s.clock())
	if in.PaidOn.After(today) || in.PaidOn.Before(servedDate(v.Notice)) {
		return models.InvalidField(
			"paid_on",
			"out_of_range",
			"must be between the notice date %s and today %s",
			servedDate(v.Notice),
			today,
		)
	}
	due := max(l.Due, 0)
	if l.Status != string(rules.OffenceCharged) {
		due = 0
	}
	if in.Amount != due {
		e := models.Invalid(models.FieldError{Field: "amount", Code: "amount_due",
			Message: fmt.Sprintf("%d", due)})
		e.Code = "amount_not_due"
		e.Message = fmt.Sprintf(
			"the amount due on this penalty is %s (%d): a payment settles it in full, no part and no more",
			locale.Rupees(due),
			due,
		)
		if due == 0 {
			e.Message = "nothing is due on this penalty"
		}
		return e
	}
	return nil
}

// lockNotice locks a notice in scope. Errors: not_found.
func lockNotice(ctx context.Context, tx *storage.Tx, sc models.Scope, id uuid.UUID) (models.PenaltyNotice, error) {
	var ns []models.PenaltyNotice
	q := noticeScope(tx.DB.WithContext(ctx).Model(&models.PenaltyNotice{}).Where("id = ?", id), sc)
	if err := q.Clauses(clause.Locking{Strength: "UPDATE"}).Find(&ns).Error; err != nil {
		return models.PenaltyNotice{}, fmt.Errorf("lock notice: %w", err)
	}
	if len(ns) == 0 {
		return models.PenaltyNotice{}, models.NotFound("penalty notice")
	}
	return ns[0], nil
}

func paymentByReceipt(
	ctx context.Context,
	tx *storage.Tx,
	jurisdiction uuid.UUID,
	receipt string,
) (models.PenaltyPayment, bool, error) {
	var ps []models.PenaltyPayment
	if err := tx.DB.WithContext(ctx).
		Where("jurisdiction_id = ? AND receipt_number = ?", jurisdiction, receipt).
		Find(&ps).
		Error; err != nil {
		return models.PenaltyPayment{}, false, fmt.Errorf("payment by receipt: %w", err)
	}
	if len(ps) == 0 {
		return models.PenaltyPayment{}, false, nil
	}
	return ps[0], true, nil
}
