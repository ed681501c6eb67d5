package auth

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"

	"github.com/google/uuid"
)

// refreshTokenBytes is the entropy of a refresh token.
const refreshTokenBytes = 32

// successorInfo labels the HKDF derivation of the key that seals a token's
// successor, so that the key is never the token's stored hash.
const successorInfo = "tindal refresh-token successor v1"

// newRefreshToken returns a random refresh token (base64url, no padding)
// and its raw bytes.
func newRefreshToken() (string, []byte) {
	raw := make([]byte, refreshTokenBytes)
	_, _ = rand.Read(raw) // never fails (crypto/rand, Go 1.24+)
	return base64.RawURLEncoding.EncodeToString(raw), raw
}

// decodeRefreshToken returns the raw bytes of a well-formed refresh token.
func decodeRefreshToken(token string) ([]byte, bool) {
	raw, err := base64.RawURLEncoding.DecodeString(token)
	return raw, err == nil && len(raw) == refreshTokenBytes
}

// refreshTokenHash is what the database stores of a refresh token.
func refreshTokenHash(raw []byte) []byte {
	sum := sha256.Sum256(raw)
	return sum[:]
}

// sealSuccessor encrypts successor with AES-256-GCM under a key derived from
// the parent token, bound to the parent's id. Only a holder of the parent
// token can open it; the database alone cannot.
func sealSuccessor(parentRaw []byte, parentID uuid.UUID, successor string) ([]byte, error) {
	gcm, err := successorCipher(parentRaw)
	if err != nil {
		return nil, err
	}
	nonce := make([]byte, gcm.NonceSize())
	_, _ = rand.Read(nonce)
	return gcm.Seal(nonce, nonce, []byte(successor), parentID[:]), nil
}

// openSuccessor reverses sealSuccessor.
func openSuccessor(parentRaw []byte, parentID uuid.UUID, sealed []byte) (string, error) {
	gcm, err := successorCipher(parentRaw)
	if err != nil {
		return "", err
	}
	if len(sealed) < gcm.NonceSize() {
		return "", errors.New("sealed successor too short")
	}
	nonce, box := sealed[:gcm.NonceSize()], sealed[gcm.NonceSize():]
	plain, err := gcm.Open(nil, nonce, box, parentID[:])
	if err != nil {
		return "", fmt.Errorf("open sealed successor: %w", err)
	}
	return string(plain), nil
}

func successorCipher(parentRaw []byte) (cipher.AEAD, error) {
	key, err := hkdf.Key(sha256.New, parentRaw, nil, successorInfo, 32)
	if err != nil {
		return nil, fmt.Errorf("derive successor key: %w", err)
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, fmt.Errorf("successor cipher: %w", err)
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, fmt.Errorf("successor gcm: %w", err)
	}
	return gcm, nil
}
