// Package document renders the documents Tindal issues (detention and
// release orders, penalty notices) as HTML and PDF from one
// struct each, and keeps their verification codes: a random code printed
// on the document that anyone can check at GET /v/{code}. Codes are stored
// in the documents table with the document's kind, number and status only,
// so that the public answer carries no personal data.
package document

import (
	"github.com/tindal/tindal/models"

	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
)

// Document kinds.
const (
	KindDetentionOrder = "detention_order"
	KindReleaseOrder   = "release_order"
	KindPenaltyNotice  = "penalty_notice" // one code per revision
)

// Document statuses a verification answers.
const (
	StatusValid      = "valid"      // in force as issued
	StatusSuperseded = "superseded" // replaced by a later revision
	StatusReleased   = "released"   // a detention order lifted by a release order
	StatusPaid       = "paid"       // a penalty notice on which nothing is due any more
)

// codeAlphabet has no 0/O or 1/I, which are misread from paper: 32
// symbols, so a 12-character code carries 60 random bits.
const codeAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

// CodeLength is the length of a verification code.
const CodeLength = 12

// NewCode returns a random verification code from crypto/rand: not
// derived from the document, so it cannot be guessed from its number.
func NewCode() string {
	b := make([]byte, CodeLength)
	if _, err := rand.Read(b); err != nil {
		panic(fmt.Sprintf("crypto/rand: %v", err)) // the runtime guarantees it does not fail
	}
	for i := range b {
		b[i] = codeAlphabet[int(b[i])%len(codeAlphabet)] // 256 is a multiple of 32: no bias
	}
	return string(b)
}

// ValidCode reports whether s has the shape of a code (checked before any
// query, so that junk never reaches the database).
func ValidCode(s string) bool {
	if len(s) != CodeLength {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !containsByte(codeAlphabet, s[i]) {
			return false
		}
	}
	return true
}

func containsByte(s string, c byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return true
		}
	}
	return false
}

// Record is one issued document as the documents table holds it.
type Record struct {
	Code           string
	Kind           string
	RefID          uuid.UUID
	Number         string
	JurisdictionID uuid.UUID
	VesselID       uuid.UUID // the vessel the document is about
	Status         string
	IssuedAt       time.Time
	StatusAt       time.Time
}

// Issue stores a document's code in the caller's transaction.
func Issue(ctx context.Context, tx *gorm.DB, r Record) error {
	err := tx.WithContext(ctx).
		Exec(`INSERT INTO documents (code, kind, ref_id, number, jurisdiction_id, vessel_id, status, issued_at, status_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			r.Code, r.Kind, r.RefID, r.Number, r.JurisdictionID, r.VesselID, r.Status, r.IssuedAt, r.IssuedAt).
		Error
	if err != nil {
		return fmt.Errorf("issue document %s: %w", r.Number, err)
	}
	return nil
}

// SetStatus changes the status of the document of kind and ref (e.g. a
// detention order becomes released, a notice paid) in the caller's
// transaction.
func SetStatus(ctx context.Context, tx *gorm.DB, kind string, ref uuid.UUID, status string, at time.Time) error {
	err := tx.WithContext(ctx).
		Exec(`UPDATE documents SET status = ?, status_at = ? WHERE kind = ? AND ref_id = ?`, status, at, kind, ref).
		Error
	if err != nil {
		return fmt.Errorf("document status: %w", err)
	}
	return nil
}

// ErrUnknownCode is returned for a code that was never issued.
var ErrUnknownCode = errors.New("unknown verification code")

// Verification is the public answer for a code: what the document is,
// which vessel it is about and whether it stands, nothing about the people
// it names. The vessel's registration number and name are painted on its
// hull: they let a reader match the paper to the boat.
type Verification struct {
	Kind     string    `json:"kind"`
	Number   string    `json:"number"`
	Office   string    `json:"office"`
	Status   string    `json:"status"`
	IssuedAt time.Time `json:"issued_at"`
	StatusAt time.Time `json:"status_at"`
	// VesselRegistration and VesselName are empty for a document issued
	// before documents named their vessel and not matched since.
	VesselRegistration string `json:"vessel_registration"`
	VesselName         string `json:"vessel_name"`
	// Regime and OfficeData are the issuing jurisdiction's regime and
	// recorded office, for the authority the page names (Issuer.Of).
	Regime     string        `json:"-"`
	OfficeData models.Office `json:"-"`
}

// Verify looks a code up.
func Verify(ctx context.Context, db *gorm.DB, code string) (Verification, error) {
	if !ValidCode(code) {
		return Verification{}, ErrUnknownCode
	}
	var v Verification
	res := db.WithContext(ctx).Raw(`SELECT d.kind, d.number, j.name AS office, d.status, d.issued_at, d.status_at,
		coalesce(v.registration_number, '') AS vessel_registration, coalesce(v.name, '') AS vessel_name,
		j.regime, j.office AS office_data
		FROM documents d JOIN jurisdictions j ON j.id = d.jurisdiction_id
		LEFT JOIN vessels v ON v.id = d.vessel_id WHERE d.code = ?`, code).Scan(&v)
	if res.Error != nil {
		return v, fmt.Errorf("verify code: %w", res.Error)
	}
	if res.RowsAffected == 0 {
		return v, ErrUnknownCode
	}
	return v, nil
}
