package main

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Development secrets. With TINDAL_BLOB_SIGNING_KEY or TINDAL_SYNC_CURSOR_KEY
// unset, the server signs with a random key generated once into the dev
// keys directory (TINDAL_DEV_KEYS_DIR, beside the dev JWT key), never with
// one derived from configuration: the database URL's default is in the
// README, and a key derived from it let anyone forge a blob URL.
const (
	devBlobKeyFile   = "blob-signing.key"
	devCursorKeyFile = "sync-cursor.key"
	devSecretBytes   = 32
)

// secret is the configured secret, or the install's random development key
// kept in the dev keys directory, with a warning.
func (a *app) secret(name, configured, file string) ([]byte, error) {
	if configured != "" {
		return []byte(configured), nil
	}
	path := filepath.Join(a.cfg.DevKeysDir, file)
	key, err := devSecret(path)
	if err != nil {
		return nil, fmt.Errorf("%s is not set and the development key cannot be kept: %w", name, err)
	}
	a.log.Warn(
		name+" is not set: using a random development key; set it in production (the same on every replica)",
		"file",
		path,
	)
	return key, nil
}

// devSecret reads the hex secret at path, generating it first if absent
// (mode 0600, directory 0700). It is created under a temporary name and
// linked into place, so that two processes starting at once agree on one
// key and neither reads a half-written file.
func devSecret(path string) ([]byte, error) {
	if key, err := readSecret(path); !errors.Is(err, fs.ErrNotExist) {
		return key, err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, err
	}
	buf := make([]byte, devSecretBytes)
	if _, err := rand.Read(buf); err != nil {
		return nil, err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".secret-*")
	if err != nil {
		return nil, err
	}
	defer os.Remove(tmp.Name())
	_, werr := tmp.WriteString(hex.EncodeToString(buf) + "\n")
	if err := errors.Join(werr, tmp.Chmod(0o600), tmp.Sync(), tmp.Close()); err != nil {
		return nil, err
	}
	if err := os.Link(tmp.Name(), path); err != nil && !errors.Is(err, fs.ErrExist) {
		return nil, err
	}
	return readSecret(path) // ours, or the one another process linked first
}

func readSecret(path string) ([]byte, error) {
	b, err := os.ReadFile(path) //nolint:gosec // the secret's path is configuration
	if err != nil {
		return nil, err
	}
	key, err := hex.DecodeString(string(trimNewline(b)))
	if err != nil || len(key) < devSecretBytes {
		return nil, fmt.Errorf("%s: not a %d-byte hex key; delete it to generate a new one", path, devSecretBytes)
	}
	return key, nil
}

func trimNewline(b []byte) []byte {
	for len(b) > 0 && (b[len(b)-1] == '\n' || b[len(b)-1] == '\r') {
		b = b[:len(b)-1]
	}
	return b
}
