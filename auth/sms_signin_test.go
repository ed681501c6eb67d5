package auth

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// smsFixture is an owner with an account and a registered mobile, and the
// SMS the service asked to send.
type smsFixture struct {
	*fixture
	owner uuid.UUID
	user  models.User
	sent  []SMSCode
}

const ownerMobile = "+919845012345"

func newSMSFixture(t *testing.T) *smsFixture {
	f := &smsFixture{fixture: newFixture(t)}
	f.owner = f.fixture.owner(t)
	f.setMobile(t, f.owner, ownerMobile)
	u, err := f.svc.CreateUser(t.Context(), storage.Actor{}, NewUser{Email: "ravi@test.tindal", Name: "Ravi",
		Role: models.RoleOwner, Password: testPassword, OwnerID: &f.owner})
	if err != nil {
		t.Fatal(err)
	}
	f.user = u
	return f
}

func (f *smsFixture) setMobile(t *testing.T, owner uuid.UUID, mobile string) {
	t.Helper()
	if err := f.db.Gorm.Exec(`UPDATE owners SET mobile = ? WHERE id = ?`, mobile, owner).Error; err != nil {
		t.Fatal(err)
	}
}

func (f *smsFixture) send(_ context.Context, _ *gorm.DB, m SMSCode) error {
	f.sent = append(f.sent, m)
	return nil
}

func (f *smsFixture) request(t *testing.T, mobile, addr string) error {
	t.Helper()
	return f.svc.RequestSMSCode(t.Context(), mobile, addr, f.send)
}

// TestSMSSignInCodeOnceAndHashed: the code signs the owner in once; it is
// stored only as a hash; a national form of the number finds the owner.
func TestSMSSignInCodeOnceAndHashed(t *testing.T) {
	f := newSMSFixture(t)
	if err := f.request(t, "098450 12345", "10.0.0.1:1"); err != nil || len(f.sent) != 1 {
		t.Fatalf("request: %v, %d SMS", err, len(f.sent))
	}
	code := f.sent[0].Code
	var hashes [][]byte
	if err := f.db.Gorm.Raw(`SELECT code_hash FROM sms_sign_ins`).Scan(&hashes).Error; err != nil {
		t.Fatal(err)
	}
	if len(hashes) != 1 || bytes.Contains(hashes[0], []byte(code)) {
		t.Fatalf("stored %q", hashes)
	}
	u, err := f.svc.ConsumeSMSCode(t.Context(), ownerMobile, code, "10.0.0.1:1")
	if err != nil || u.ID != f.user.ID {
		t.Fatalf("sign in: %v %v", u.ID, err)
	}
	_, err = f.svc.ConsumeSMSCode(t.Context(), ownerMobile, code, "10.0.0.1:1")
	wantCode(t, err, models.KindUnauthenticated, "invalid_one_time")
}

// TestSMSSignInEnumeration: an unknown number, an official's number that
// no owner has, and a registered one all answer the same (nil) and count
// against the number's limit; only the registered one gets an SMS.
func TestSMSSignInEnumeration(t *testing.T) {
	f := newSMSFixture(t)
	for _, m := range []string{"+919845099999", ownerMobile} {
		if err := f.request(t, m, ""); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	if len(f.sent) != 1 || f.sent[0].Mobile != ownerMobile {
		t.Fatalf("sent %+v", f.sent)
	}
	for _, bad := range []string{"12345", "+14155550100", "+915845012345", "98450\x0012345", ""} {
		wantCode(t, f.request(t, bad, ""), models.KindInvalid, "validation_failed")
	}
	for _, m := range []string{"+919845099999", ownerMobile} {
		for range 4 {
			_ = f.request(t, m, "")
		}
		wantCode(t, f.request(t, m, ""), models.KindRateLimited, "too_many_attempts")
	}
}

// TestSMSSignInExpiresAndLocksOut: a code ends 10 minutes after it was
// sent; five wrong codes end it even before.
func TestSMSSignInExpiresAndLocksOut(t *testing.T) {
	f := newSMSFixture(t)
	must(t, f.request(t, ownerMobile, ""))
	f.clock.Advance(SMSCodeTTL + time.Second)
	_, err := f.svc.ConsumeSMSCode(t.Context(), ownerMobile, f.sent[0].Code, "")
	wantCode(t, err, models.KindUnauthenticated, "invalid_one_time")

	must(t, f.request(t, ownerMobile, ""))
	code := f.sent[1].Code
	wrong := "000000"
	if code == wrong {
		wrong = "111111"
	}
	for range 5 {
		_, err := f.svc.ConsumeSMSCode(t.Context(), ownerMobile, wrong, "")
		wantCode(t, err, models.KindUnauthenticated, "invalid_one_time")
	}
	_, err = f.svc.ConsumeSMSCode(t.Context(), ownerMobile, code, "")
	wantCode(t, err, models.KindUnauthenticated, "invalid_one_time")
}

// TestSMSSignInSharedNumber: a number two owners share gets no code, only
// the SMS saying to visit the office; a code sent before the number came
// to be shared no longer signs in.
func TestSMSSignInSharedNumber(t *testing.T) {
	f := newSMSFixture(t)
	must(t, f.request(t, ownerMobile, ""))
	early := f.sent[0].Code
	other := f.fixture.owner(t)
	f.setMobile(t, other, ownerMobile)
	must(t, f.request(t, ownerMobile, ""))
	if m := f.sent[1]; !m.Shared || m.Code != "" {
		t.Fatalf("shared number: %+v", m)
	}
	var n int64
	must(t, f.db.Gorm.Raw(`SELECT count(*) FROM sms_sign_ins`).Scan(&n).Error)
	if n != 1 {
		t.Fatalf("%d codes stored, want only the one from before", n)
	}
	_, err := f.svc.ConsumeSMSCode(t.Context(), ownerMobile, early, "")
	wantCode(t, err, models.KindUnauthenticated, "invalid_one_time")
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
