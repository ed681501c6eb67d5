package auth

import (
	"crypto/ed25519"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

func TestLoadKeysNewestSigns(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"2026-05-01.pem", "2026-11-30.pem", "2025-01-01.pem"} {
		if err := GenerateKeyFile(filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	if err := RetireKeyFile(filepath.Join(dir, "2025-01-01.pem")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "README"), []byte("not a key"), 0o644); err != nil {
		t.Fatal(err)
	}
	ks, err := LoadKeys(dir)
	if err != nil {
		t.Fatal(err)
	}
	newest, _, err := readKeyFile(filepath.Join(dir, "2026-11-30.pem"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := ks.SigningKeyID(), KeyID(newest.Public().(ed25519.PublicKey)); got != want {
		t.Fatalf("signing kid %s, want the newest file's %s", got, want)
	}
	if n := len(ks.KeyIDs()); n != 3 {
		t.Fatalf("%d verifying keys, want 3", n)
	}
	if len(ks.SigningKeyID()) != 16 {
		t.Fatalf("kid %q is not 16 hex digits", ks.SigningKeyID())
	}
}

func TestLoadKeysNeedsAPrivateKey(t *testing.T) {
	dir := t.TempDir()
	if err := GenerateKeyFile(filepath.Join(dir, "a.pem")); err != nil {
		t.Fatal(err)
	}
	if err := RetireKeyFile(filepath.Join(dir, "a.pem")); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadKeys(dir); err == nil {
		t.Fatal("loaded a key set with no private key")
	}
	if err := os.WriteFile(filepath.Join(dir, "b.pem"), []byte("junk"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadKeys(dir); err == nil {
		t.Fatal("loaded a junk key file")
	}
}

func TestGenerateKeyFileNeverReplaces(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.pem")
	if err := GenerateKeyFile(path); err != nil {
		t.Fatal(err)
	}
	if err := GenerateKeyFile(path); !errors.Is(err, fs.ErrExist) {
		t.Fatalf("second GenerateKeyFile: %v, want ErrExist", err)
	}
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v, want 0600", st.Mode().Perm())
	}
}

func TestDevKeysReusesItsKey(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data", "dev-jwt")
	a, err := DevKeys(dir)
	if err != nil {
		t.Fatal(err)
	}
	b, err := DevKeys(dir)
	if err != nil {
		t.Fatal(err)
	}
	if a.SigningKeyID() != b.SigningKeyID() {
		t.Fatal("a restart changed the dev signing key")
	}
}
