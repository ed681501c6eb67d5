package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tindal/tindal/auth"
)

// TestKeysRetireRotatesOut goes through a rotation as docs/OPERATIONS.md
// tells it: ensure a key, add a newer one, retire the old one. The old
// key's public half stays and verifies; the newer key signs.
func TestKeysRetireRotatesOut(t *testing.T) {
	dir := t.TempDir()
	getenv := func(k string) string {
		if k == "TINDAL_JWT_KEYS_DIR" {
			return dir
		}
		return ""
	}
	var out bytes.Buffer
	if err := run(context.Background(), []string{"tindal", "keys", "ensure"}, getenv, &out, &out); err != nil {
		t.Fatal(err)
	}
	old, err := filepath.Glob(filepath.Join(dir, "signing-*.pem"))
	if err != nil || len(old) != 1 {
		t.Fatalf("keys ensure made %v (%v), want one key", old, err)
	}
	before, err := auth.LoadKeys(dir)
	if err != nil {
		t.Fatal(err)
	}
	oldKID := before.SigningKeyID()
	newer := filepath.Join(dir, "signing-99991231T000000Z.pem")
	if err := auth.GenerateKeyFile(newer); err != nil {
		t.Fatal(err)
	}
	if err := run(context.Background(), []string{"tindal", "keys", "retire", old[0]}, getenv, &out, &out); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(old[0]); !os.IsNotExist(err) {
		t.Fatalf("the retired private key is still there: %v", err)
	}
	pub := strings.TrimSuffix(old[0], ".pem") + ".pub.pem"
	if _, err := os.Stat(pub); err != nil {
		t.Fatalf("no public half: %v", err)
	}
	keys, err := auth.LoadKeys(dir)
	if err != nil {
		t.Fatal(err)
	}
	if keys.SigningKeyID() == oldKID || !slices.Contains(keys.KeyIDs(), oldKID) {
		t.Fatalf("after retiring %s: %s signs, %v verify", oldKID, keys.SigningKeyID(), keys.KeyIDs())
	}
	if err := run(context.Background(), []string{"tindal", "keys", "retire", pub}, getenv, &out, &out); err == nil {
		t.Fatal("retiring a public half succeeded")
	}
}
