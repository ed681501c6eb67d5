package auth

import (
	"strings"
	"testing"
)

func TestHasherRoundTrip(t *testing.T) {
	h := cheapHasher()
	enc := h.Hash(testPassword)
	if !strings.HasPrefix(enc, "$argon2id$v=19$m=64,t=1,p=1$") {
		t.Fatalf("hash %q is not in PHC form", enc)
	}
	if ok, err := h.Verify(testPassword, enc); err != nil || !ok {
		t.Fatalf("Verify(right) = %v, %v", ok, err)
	}
	if ok, err := h.Verify(testPassword+"x", enc); err != nil || ok {
		t.Fatalf("Verify(wrong) = %v, %v", ok, err)
	}
	if h.Hash(testPassword) == enc {
		t.Fatal("two hashes of one password are equal: salt not random")
	}
}

func TestHasherVerifiesOtherParameters(t *testing.T) {
	enc := Hasher{Memory: 128, Time: 2, Threads: 2, SaltLen: 16, KeyLen: 32}.Hash(testPassword)
	h := cheapHasher()
	if ok, err := h.Verify(testPassword, enc); err != nil || !ok {
		t.Fatalf("Verify = %v, %v", ok, err)
	}
	if !h.NeedsRehash(enc) {
		t.Fatal("NeedsRehash = false for other parameters")
	}
	if h.NeedsRehash(h.Hash(testPassword)) {
		t.Fatal("NeedsRehash = true for own parameters")
	}
}

func TestHasherRejectsMalformed(t *testing.T) {
	for _, enc := range []string{
		"", "plain", "$argon2i$v=19$m=64,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA",
		"$argon2id$v=19$m=4194304,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA", // 4 GiB
		"$argon2id$v=19$m=64,t=1,p=1$!!$aGFzaGhhc2hoYXNoaGFzaA",
	} {
		if _, err := cheapHasher().Verify("x", enc); err == nil {
			t.Errorf("Verify(%q) accepted a malformed hash", enc)
		}
	}
}

func TestValidatePassword(t *testing.T) {
	if f := ValidatePassword("password", "ninechars"); f == nil || f.Code != "too_short" || f.Field != "password" {
		t.Fatalf("9 characters: %+v", f)
	}
	if f := ValidatePassword("password", "ಕನ್ನಡಕನ್ನಡಕನ್ನಡ"); f != nil {
		t.Fatalf("counts bytes, not characters: %+v", f)
	}
	if f := ValidatePassword("password", strings.Repeat("a", MaxPasswordLength+1)); f == nil || f.Code != "too_long" {
		t.Fatalf("too long: %+v", f)
	}
}

func BenchmarkDefaultHasher(b *testing.B) {
	h := DefaultHasher()
	for b.Loop() {
		h.Hash(testPassword)
	}
}
