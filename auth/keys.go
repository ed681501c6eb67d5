package auth

import (
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// KeySet holds the Ed25519 keys of access tokens: one signs, all verify.
//
// On disk (LoadKeys) a key directory holds one file per key:
//
//	2026-05-01.pub.pem   retired: PKIX public key, verifies only
//	2026-11-30.pem       PKCS#8 private key, verifies
//	2027-05-31.pem       PKCS#8 private key, newest by name: signs
//
// Name private keys by the date they enter service so that the file-name
// sort is chronological. To rotate: add a newer private key and restart every
// replica; once the old key has signed nothing for an access-token lifetime,
// replace it by its public half (RetireKeyFile) and delete that once the
// retired key's tokens have all expired.
type KeySet struct {
	signKID string
	signer  ed25519.PrivateKey
	verify  map[string]ed25519.PublicKey
}

// NewKeySet builds a KeySet where signer signs and also verifies, and each of
// verifyOnly verifies.
func NewKeySet(signer ed25519.PrivateKey, verifyOnly ...ed25519.PublicKey) *KeySet {
	pub := signer.Public().(ed25519.PublicKey)
	k := &KeySet{signKID: KeyID(pub), signer: signer, verify: map[string]ed25519.PublicKey{KeyID(pub): pub}}
	for _, p := range verifyOnly {
		k.verify[KeyID(p)] = p
	}
	return k
}

// KeyID is a key's kid: the first 16 hex digits of the SHA-256 of the raw
// public key.
func KeyID(pub ed25519.PublicKey) string {
	sum := sha256.Sum256(pub)
	return hex.EncodeToString(sum[:])[:16]
}

// SigningKeyID is the kid of the key that signs new tokens.
func (k *KeySet) SigningKeyID() string { return k.signKID }

// KeyIDs lists the kid of every key that verifies, sorted.
func (k *KeySet) KeyIDs() []string {
	ids := make([]string, 0, len(k.verify))
	for id := range k.verify {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

func (k *KeySet) publicKey(kid string) (ed25519.PublicKey, bool) {
	p, ok := k.verify[kid]
	return p, ok
}

// LoadKeys reads every *.pem file of dir (see KeySet for the layout): files
// ending in .pub.pem hold PKIX public keys that only verify; other .pem files
// hold PKCS#8 Ed25519 private keys, and the last of them by name signs.
func LoadKeys(dir string) (*KeySet, error) {
	entries, err := os.ReadDir(dir) // sorted by name
	if err != nil {
		return nil, fmt.Errorf("read jwt key directory: %w", err)
	}
	var signer ed25519.PrivateKey
	var public []ed25519.PublicKey
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".pem") {
			continue
		}
		priv, pub, err := readKeyFile(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		if priv != nil {
			if signer != nil {
				public = append(public, signer.Public().(ed25519.PublicKey))
			}
			signer = priv
			continue
		}
		public = append(public, pub)
	}
	if signer == nil {
		return nil, fmt.Errorf("no signing key in %s: want a PKCS#8 Ed25519 private key in a *.pem file", dir)
	}
	return NewKeySet(signer, public...), nil
}

// readKeyFile returns the private key of a *.pem file or the public key of
// a *.pub.pem file.
func readKeyFile(path string) (ed25519.PrivateKey, ed25519.PublicKey, error) {
	b, err := os.ReadFile(path) //nolint:gosec // the key path is configuration
	if err != nil {
		return nil, nil, fmt.Errorf("read jwt key: %w", err)
	}
	block, _ := pem.Decode(b)
	if block == nil {
		return nil, nil, fmt.Errorf("jwt key %s: no PEM block", path)
	}
	if strings.HasSuffix(path, ".pub.pem") {
		pub, err := parsePublic(block)
		if err != nil {
			return nil, nil, fmt.Errorf("jwt key %s: %w", path, err)
		}
		return nil, pub, nil
	}
	priv, err := parsePrivate(block)
	if err != nil {
		return nil, nil, fmt.Errorf("jwt key %s: %w", path, err)
	}
	return priv, nil, nil
}

func parsePrivate(block *pem.Block) (ed25519.PrivateKey, error) {
	if block.Type != "PRIVATE KEY" {
		return nil, fmt.Errorf("want a PRIVATE KEY block, got %q", block.Type)
	}
	k, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("parse pkcs8: %w", err)
	}
	priv, ok := k.(ed25519.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("want an Ed25519 key, got %T", k)
	}
	return priv, nil
}

func parsePublic(block *pem.Block) (ed25519.PublicKey, error) {
	if block.Type != "PUBLIC KEY" {
		return nil, fmt.Errorf("want a PUBLIC KEY block, got %q", block.Type)
	}
	k, err := x509.ParsePKIXPublicKey(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("parse pkix: %w", err)
	}
	pub, ok := k.(ed25519.PublicKey)
	if !ok {
		return nil, fmt.Errorf("want an Ed25519 key, got %T", k)
	}
	return pub, nil
}

// GenerateKeyFile writes a new Ed25519 private key to path (PKCS#8 PEM,
// mode 0600). It never replaces an existing file: that is fs.ErrExist.
func GenerateKeyFile(path string) error {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return fmt.Errorf("generate jwt key: %w", err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(priv)
	if err != nil {
		return fmt.Errorf("encode jwt key: %w", err)
	}
	return writeNew(path, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}), 0o600)
}

// RetireKeyFile replaces the private key at path (x.pem) by its public half
// (x.pub.pem), which keeps verifying the tokens it signed but signs no more.
func RetireKeyFile(path string) error {
	priv, _, err := readKeyFile(path)
	if err != nil {
		return err
	}
	if priv == nil {
		return fmt.Errorf("jwt key %s is already public", path)
	}
	der, err := x509.MarshalPKIXPublicKey(priv.Public())
	if err != nil {
		return fmt.Errorf("encode public key: %w", err)
	}
	pubPath := strings.TrimSuffix(path, ".pem") + ".pub.pem"
	if err := writeNew(pubPath, pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}), 0o644); err != nil {
		return err
	}
	if err := os.Remove(path); err != nil {
		return fmt.Errorf("remove retired key: %w", err)
	}
	return nil
}

// writeNew writes data to a temporary file and links it to path, so readers
// never see a half-written key and an existing file is never replaced.
func writeNew(path string, data []byte, mode os.FileMode) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tmp-key-*")
	if err != nil {
		return fmt.Errorf("create key file: %w", err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		_ = tmp.Close() // the write error is the one to report
		return fmt.Errorf("write key file: %w", err)
	}
	if err := tmp.Chmod(mode); err != nil {
		_ = tmp.Close() // the chmod error is the one to report
		return fmt.Errorf("chmod key file: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("close key file: %w", err)
	}
	if err := os.Link(tmp.Name(), path); err != nil {
		return fmt.Errorf("install key file: %w", err)
	}
	return nil
}

// DevKeyFile is the name of the key DevKeys creates.
const DevKeyFile = "dev.pem"

// DevKeys is for development, when TINDAL_JWT_KEYS_DIR is unset: it creates
// dir and a private key in it the first time, then reuses that key, so that
// restarting the server logs nobody out. The caller logs a warning.
func DevKeys(dir string) (*KeySet, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("create dev jwt key directory: %w", err)
	}
	has, err := hasPrivateKey(dir)
	if err != nil {
		return nil, err
	}
	if !has {
		err := GenerateKeyFile(filepath.Join(dir, DevKeyFile))
		if err != nil && !errors.Is(err, fs.ErrExist) { // another process won the race
			return nil, err
		}
	}
	return LoadKeys(dir)
}

func hasPrivateKey(dir string) (bool, error) {
	matches, err := filepath.Glob(filepath.Join(dir, "*.pem"))
	if err != nil {
		return false, fmt.Errorf("list jwt keys: %w", err)
	}
	for _, m := range matches {
		if !strings.HasSuffix(m, ".pub.pem") {
			return true, nil
		}
	}
	return false, nil
}

// DefaultDevKeysDir is where the server keeps its development key when
// TINDAL_JWT_KEYS_DIR is unset.
const DefaultDevKeysDir = "./data/dev-jwt"
