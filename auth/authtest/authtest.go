// Package authtest holds test support for code that uses package auth.
package authtest

import "github.com/tindal/tindal/auth"

// CheapHasher is a password hasher for tests: fast and weak (64 KiB, one
// pass), so a test that creates many users does not spend seconds hashing.
// Production uses auth.DefaultHasher.
func CheapHasher() auth.Hasher {
	return auth.Hasher{Memory: 64, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32}
}
