package notify

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// Delivery receipt states recorded on an SMS row.
const (
	ReceiptDelivered = "delivered"
	ReceiptFailed    = "failed"
	ReceiptExpired   = "expired"
)

// receiptStates maps what gateways call a final state (the SMPP
// stat: values DELIVRD, UNDELIV, EXPIRED, REJECTD, and their spelled-out
// forms) to ours. Anything else (ACCEPTD, ENROUTE, pending) is not final
// and is ignored.
var receiptStates = map[string]string{
	"delivrd": ReceiptDelivered, "delivered": ReceiptDelivered, "success": ReceiptDelivered,
	"undeliv": ReceiptFailed, "undelivered": ReceiptFailed, "failed": ReceiptFailed, "rejectd": ReceiptFailed,
	"rejected": ReceiptFailed, "deleted": ReceiptFailed, "expired": ReceiptExpired,
}

// Receipts records the delivery receipts a gateway posts to the signed
// callback (POST /hooks/sms/receipts): the body, JSON or a form, names
// the gateway's message id and its state; the header X-Tindal-Signature
// is "sha256=" and the hex HMAC-SHA256 of the body under
// TINDAL_SMS_RECEIPT_SECRET. A forged or unsigned receipt records nothing.
type Receipts struct {
	DB     *storage.DB
	Secret []byte
	// IDField and StateField name the receipt's fields (defaults "id" and
	// "status").
	IDField, StateField string
}

// Verify checks the signature of body in constant time.
func (r Receipts) Verify(body []byte, signature string) bool {
	sig, ok := strings.CutPrefix(strings.TrimSpace(signature), "sha256=")
	got, err := hex.DecodeString(sig)
	if !ok || err != nil || len(r.Secret) == 0 {
		return false
	}
	m := hmac.New(sha256.New, r.Secret)
	m.Write(body)
	return hmac.Equal(got, m.Sum(nil))
}

// Sign is the signature header value of body (for a gateway's adapter and
// the tests).
func (r Receipts) Sign(body []byte) string {
	m := hmac.New(sha256.New, r.Secret)
	m.Write(body)
	return "sha256=" + hex.EncodeToString(m.Sum(nil))
}

// Record verifies and records one receipt; a receipt of a state that is
// not final records nothing. A failed or expired legal notice is flagged
// for the office to serve it another way. Recording the same receipt
// again changes nothing. Errors: unauthenticated (signature), invalid
// (body), not_found (no SMS with that id).
func (r Receipts) Record(ctx context.Context, body []byte, contentType, signature string, now time.Time) error {
	if !r.Verify(body, signature) {
		return models.Errorf(models.KindUnauthenticated, "bad_signature", "the receipt's signature does not verify")
	}
	id, state, err := r.parse(body, contentType)
	if err != nil {
		return err
	}
	final, ok := receiptStates[strings.ToLower(state)]
	if !ok {
		return nil
	}
	res := r.DB.Gorm.WithContext(ctx).Exec(`UPDATE notifications SET receipt = ?, receipt_at = ?,
		serve_otherwise = serve_otherwise OR (? AND template NOT IN ?)
		WHERE channel = 'sms' AND gateway_id = ? AND receipt IS DISTINCT FROM ?`,
		final, now.UTC(), final != ReceiptDelivered, notLegal(), id, final)
	if res.Error != nil {
		return fmt.Errorf("record sms receipt: %w", res.Error)
	}
	if res.RowsAffected == 0 {
		var n int64
		if err := r.DB.Gorm.WithContext(ctx).Raw(`SELECT count(*) FROM notifications
			WHERE channel = 'sms' AND gateway_id = ?`, id).Scan(&n).Error; err != nil {
			return fmt.Errorf("find sms: %w", err)
		}
		if n == 0 {
			return models.NotFound("sms")
		}
	}
	return nil
}

// notLegal are the templates whose failure the office need not act on.
func notLegal() []string {
	return append([]string{TplOwnerSignInSMS, TplOwnerSignInShared, TplSMSTest, TplSMSDigest}, Reminders...)
}

// parse reads the message id and state from a JSON or form body.
func (r Receipts) parse(body []byte, contentType string) (string, string, error) {
	idf, stf := r.IDField, r.StateField
	if idf == "" {
		idf = "id"
	}
	if stf == "" {
		stf = "status"
	}
	var id, state string
	if strings.HasPrefix(contentType, "application/json") {
		var v any
		if err := json.Unmarshal(body, &v); err != nil {
			return "", "", receiptInvalid("body", "is not JSON")
		}
		id, state = lookup(v, idf), lookup(v, stf)
	} else {
		q, err := url.ParseQuery(string(body))
		if err != nil {
			return "", "", receiptInvalid("body", "is not a form")
		}
		id, state = q.Get(idf), q.Get(stf)
	}
	if id == "" || len(id) > 100 || !utf8.ValidString(id) || strings.ContainsAny(id, "\x00\r\n") {
		return "", "", receiptInvalid(idf, "is required: the gateway's message id, at most 100 characters")
	}
	if state == "" || len(state) > 40 {
		return "", "", receiptInvalid(stf, "is required: the delivery state")
	}
	return id, state, nil
}

func receiptInvalid(field, msg string) error {
	return models.Invalid(models.FieldError{Field: field, Code: "invalid", Message: msg})
}
