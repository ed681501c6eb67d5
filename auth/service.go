// Package auth is Tindal's authentication (docs/SECURITY.md): argon2id passwords,
// Ed25519-signed access tokens with key rotation, rotating refresh-token
// families that survive a lost response on 2G, database-backed login rate
// limits, and the Principal every request carries.
//
// Errors a client may see are *models.Error: KindInvalid for bad input,
// KindUnauthenticated for bad credentials or tokens, KindConflict for a taken
// email and KindRateLimited for too many attempts. Anything else is an
// internal error, wrapped with its cause.
package auth

import (
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/storage/ratelimit"
)

// Defaults for Options fields left zero.
const (
	DefaultAccessTTL  = 15 * time.Minute
	DefaultRefreshTTL = 30 * 24 * time.Hour
	DefaultReuseGrace = 10 * time.Minute
)

// RateLimit allows Max events per fixed Window (the shared limiter's
// window, storage/ratelimit).
type RateLimit = ratelimit.Window

// Options tunes a Service. Zero fields take the defaults.
type Options struct {
	// Clock is the time source; time.Now by default.
	Clock func() time.Time
	// Hasher hashes passwords; DefaultHasher() when its Memory is zero.
	Hasher Hasher
	// AccessTTL is the lifetime of an access token (15 minutes).
	AccessTTL time.Duration
	// RefreshTTL is the lifetime of a refresh token from its issue (30 days).
	RefreshTTL time.Duration
	// ReuseGrace is how long after a refresh token's use the same token may
	// be presented again to recover its lost successor (10 minutes).
	ReuseGrace time.Duration
	// AccountLimit bounds failed logins per account (10 per 15 minutes).
	AccountLimit RateLimit
	// AddressLimit bounds failed logins per client address (30 per 15
	// minutes); successful logins do not count.
	AddressLimit RateLimit
	// HashMemory bounds the memory password hashes hold at once, in bytes
	// (DefaultHashMemory): each argon2id hash holds its memory parameter,
	// so this is the number of concurrent hashes times 32 MiB.
	HashMemory int64
	// HashWait is how long a hash waits for room before the login is
	// refused with 503 and Retry-After (DefaultHashWait).
	HashWait time.Duration
	// Outbox writes account mails (password links, owners' invitations)
	// in the change's transaction; Outbox.Email false (no SMTP) refuses
	// those requests with "email_unavailable".
	Outbox notify.Outbox
	// ResetTTL is how long a password link works (DefaultResetTTL).
	ResetTTL time.Duration
	// OneTimeEmailLimit bounds one-time sign-in requests per email (5 per
	// 15 minutes), OneTimeAddressLimit per client address (20 per 15
	// minutes); both count whether or not the email has an account.
	OneTimeEmailLimit   RateLimit
	OneTimeAddressLimit RateLimit
}

func (o Options) withDefaults() Options {
	if o.Clock == nil {
		o.Clock = time.Now
	}
	if o.Hasher.Memory == 0 {
		o.Hasher = DefaultHasher()
	}
	o.AccessTTL = orDuration(o.AccessTTL, DefaultAccessTTL)
	o.RefreshTTL = orDuration(o.RefreshTTL, DefaultRefreshTTL)
	o.ReuseGrace = orDuration(o.ReuseGrace, DefaultReuseGrace)
	o.AccountLimit = orLimit(o.AccountLimit, RateLimit{Max: 10, Window: 15 * time.Minute})
	o.AddressLimit = orLimit(o.AddressLimit, RateLimit{Max: 30, Window: 15 * time.Minute})
	o.OneTimeEmailLimit = orLimit(o.OneTimeEmailLimit, RateLimit{Max: 5, Window: 15 * time.Minute})
	o.OneTimeAddressLimit = orLimit(o.OneTimeAddressLimit, RateLimit{Max: 20, Window: 15 * time.Minute})
	if o.HashMemory <= 0 {
		o.HashMemory = DefaultHashMemory
	}
	o.HashWait = orDuration(o.HashWait, DefaultHashWait)
	o.ResetTTL = orDuration(o.ResetTTL, DefaultResetTTL)
	return o
}

func orDuration(d, def time.Duration) time.Duration {
	if d <= 0 {
		return def
	}
	return d
}

func orLimit(l, def RateLimit) RateLimit {
	if l.Max <= 0 || l.Window <= 0 {
		return def
	}
	return l
}

// Service logs users in, rotates refresh tokens and authenticates requests.
// It is safe for concurrent use.
type Service struct {
	db     *storage.DB
	counts ratelimit.Counter // login_attempts
	keys   *KeySet
	opts   Options
	parser *jwt.Parser
	// dummyHash is verified against when the email is unknown, so that a
	// login for an unknown account costs as much as one for a known account.
	dummyHash string
	// hashes bounds the password hashes running at once (Options.HashMemory).
	hashes *hashGate
}

// NewService builds a Service over the database and signing keys.
func NewService(db *storage.DB, keys *KeySet, opts Options) *Service {
	opts = opts.withDefaults()
	s := &Service{
		db:     db,
		counts: ratelimit.New(db, ratelimit.Logins),
		keys:   keys,
		opts:   opts,
		hashes: newHashGate(opts.HashMemory, opts.Hasher.Memory, opts.HashWait),
	}
	s.parser = newParser(opts.Clock)
	s.dummyHash = opts.Hasher.Hash("tindal dummy password for unknown accounts")
	return s
}

// Tokens is what a login or a refresh returns to the app.
type Tokens struct {
	AccessToken  string    `json:"access_token"`
	RefreshToken string    `json:"refresh_token"`
	TokenType    string    `json:"token_type"`
	ExpiresIn    int       `json:"expires_in"` // seconds until the access token expires
	DeviceID     uuid.UUID `json:"device_id"`
}

func (s *Service) now() time.Time { return s.opts.Clock().UTC() }

// unauthenticated builds a KindUnauthenticated error keeping cause for logs.
func unauthenticated(code, msg string, cause error) error {
	e := models.Errorf(models.KindUnauthenticated, code, "%s", msg)
	e.Err = cause
	return e
}

func errInvalidCredentials() error {
	return unauthenticated("invalid_credentials", "the email or password is wrong", nil)
}

func errAccountDisabled() error {
	return unauthenticated("account_disabled", "this account is disabled", nil)
}

func errDeviceRevoked() error {
	return unauthenticated("device_revoked", "this device has been revoked; log in again", nil)
}

func errInvalidRefresh() error {
	return unauthenticated(
		"invalid_refresh_token",
		"the refresh token is not valid (expired, revoked, or issued before the server's database was restored "+
			"from a backup); log in again and keep your queued work",
		nil,
	)
}

func errRefreshReused() error {
	return unauthenticated("refresh_token_reused", "the refresh token was already used; log in again", nil)
}
