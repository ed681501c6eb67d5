package auth

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// LoginInput is a login request. RemoteAddr is the client's address (a port
// is ignored); empty means not limited by address.
type LoginInput struct {
	Email          string
	Password       string
	InstallationID string
	DeviceName     string
	AppVersion     string
	RemoteAddr     string
}

func (in LoginInput) validate() error {
	var fe models.FieldErrors
	if in.Email == "" {
		fe.Add("email", "required", "is required")
	}
	if in.Password == "" {
		fe.Add("password", "required", "is required")
	}
	switch {
	case in.InstallationID == "":
		fe.Add("installation_id", "required", "is required")
	case len(in.InstallationID) > 200:
		fe.Add("installation_id", "too_long", "must be at most 200 characters")
	}
	if len(in.DeviceName) > 200 {
		fe.Add("device_name", "too_long", "must be at most 200 characters")
	}
	if len(in.AppVersion) > 100 {
		fe.Add("app_version", "too_long", "must be at most 100 characters")
	}
	return fe.Err()
}

// NormalizeEmail trims and lower-cases an email address, as stored.
func NormalizeEmail(email string) string { return strings.ToLower(strings.TrimSpace(email)) }

// Login checks a user's email and password and starts a session on the
// device named by the installation id: the device is registered (or the
// existing one reused and un-revoked), its previous refresh families are
// revoked, and a new family starts. Errors: KindInvalid, KindRateLimited
// ("too_many_attempts"), KindUnauthenticated ("invalid_credentials",
// "account_disabled").
func (s *Service) Login(ctx context.Context, in LoginInput) (Tokens, error) {
	in.Email = NormalizeEmail(in.Email)
	in.InstallationID = strings.TrimSpace(in.InstallationID)
	if err := in.validate(); err != nil {
		return Tokens{}, err
	}
	user, err := s.limitedCheck(ctx, in.Email, in.Password, in.RemoteAddr)
	if err != nil {
		return Tokens{}, err
	}
	return s.startSession(ctx, user, in, s.now())
}

// CheckPassword checks a person's email and password for the pages' sign-in
// (web): the same rate limits, costs and errors as Login, without a device
// or tokens. Errors: KindInvalid, KindRateLimited ("too_many_attempts"),
// KindUnauthenticated ("invalid_credentials", "account_disabled").
func (s *Service) CheckPassword(ctx context.Context, email, password, remoteAddr string) (models.User, error) {
	email = NormalizeEmail(email)
	var fe models.FieldErrors
	if email == "" {
		fe.Add("email", "required", "is required")
	}
	if password == "" {
		fe.Add("password", "required", "is required")
	}
	if err := fe.Err(); err != nil {
		return models.User{}, err
	}
	return s.limitedCheck(ctx, email, password, remoteAddr)
}

// limitedCheck counts the attempt against the address and the account,
// checks the credentials and refunds the attempt on success (and when the
// hash gate was too busy to try). When the gate is crowded it refuses at
// once, having counted and read nothing.
func (s *Service) limitedCheck(ctx context.Context, email, password, remoteAddr string) (models.User, error) {
	if s.hashes.crowded() {
		return models.User{}, errHashBusy()
	}
	now := s.now()
	addr, err := s.limitAddress(ctx, remoteAddr, now)
	if err != nil {
		return models.User{}, err
	}
	if err := s.limitAccount(ctx, email, now); err != nil {
		return models.User{}, err
	}
	user, err := s.checkCredentials(ctx, email, password)
	if isHashBusy(err) {
		if rerr := s.refundBusy(context.WithoutCancel(ctx), addr, email, now); rerr != nil {
			return models.User{}, rerr
		}
		return models.User{}, err
	}
	if err != nil {
		return models.User{}, err // the attempt stays counted: a failure
	}
	if err := s.refund(ctx, addr); err != nil {
		return models.User{}, err
	}
	if err := s.counts.Clear(ctx, accountKey(email)); err != nil {
		return models.User{}, err
	}
	return user, nil
}

// checkCredentials finds the live user with email and checks the password.
// An unknown email is checked against a dummy hash so that it costs as much
// as a known one.
func (s *Service) checkCredentials(ctx context.Context, email, password string) (models.User, error) {
	var u models.User
	err := s.db.Gorm.WithContext(ctx).Where("email = ?", email).Take(&u).Error
	found := err == nil
	if err != nil && !errors.Is(err, gorm.ErrRecordNotFound) {
		return models.User{}, fmt.Errorf("load user: %w", err)
	}
	hash := s.dummyHash
	if found {
		hash = u.PasswordHash
	}
	ok, err := s.verify(ctx, password, hash)
	if isHashBusy(err) {
		return models.User{}, err
	}
	if err != nil {
		return models.User{}, fmt.Errorf("verify password of user %s: %w", u.ID, err)
	}
	if !found || !ok {
		return models.User{}, errInvalidCredentials()
	}
	if u.DisabledAt != nil {
		return models.User{}, errAccountDisabled()
	}
	return u, nil
}

// startSession registers the device and starts a refresh family on it.
func (s *Service) startSession(ctx context.Context, u models.User, in LoginInput, now time.Time) (Tokens, error) {
	var deviceID uuid.UUID
	var refresh string
	family := uuid.New()
	err := s.db.InTx(ctx, storage.Actor{UserID: &u.ID}, func(tx *storage.Tx) error {
		var err error
		if deviceID, err = upsertDevice(tx.DB, u.ID, in, now); err != nil {
			return err
		}
		if err := revokeDeviceFamilies(tx.DB, u.ID, deviceID, now); err != nil {
			return err
		}
		if refresh, err = s.insertRefresh(tx.DB, u.ID, deviceID, family, nil, now); err != nil {
			return err
		}
		return tx.Audit("login", "device", deviceID, nil, map[string]string{
			"installation_id": in.InstallationID, "name": in.DeviceName, "app_version": in.AppVersion})
	})
	if err != nil {
		return Tokens{}, err
	}
	return s.tokens(u.ID, deviceID, family, u.Role, refresh, now)
}

// upsertDevice returns the device of (user, installation), creating it or
// refreshing its name and version and lifting a revocation.
func upsertDevice(g *gorm.DB, userID uuid.UUID, in LoginInput, now time.Time) (uuid.UUID, error) {
	var row struct{ ID uuid.UUID }
	err := g.Raw(`
		INSERT INTO devices (id, user_id, installation_id, name, app_version, registered_at, last_seen_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (user_id, installation_id) DO UPDATE
		SET name = EXCLUDED.name, app_version = EXCLUDED.app_version,
		    last_seen_at = EXCLUDED.last_seen_at, revoked_at = NULL
		RETURNING id`,
		uuid.New(), userID, in.InstallationID, in.DeviceName, in.AppVersion, now, now).Scan(&row).Error
	if err != nil {
		return uuid.Nil, fmt.Errorf("register device: %w", err)
	}
	return row.ID, nil
}

// insertRefresh stores a new refresh token of family (child of parent, if
// any) and returns the token.
func (s *Service) insertRefresh(
	g *gorm.DB,
	userID, deviceID, family uuid.UUID,
	parent *uuid.UUID,
	now time.Time,
) (string, error) {
	token, raw := newRefreshToken()
	rt := models.RefreshToken{
		ID: uuid.New(), FamilyID: family, UserID: userID, DeviceID: deviceID,
		TokenHash: refreshTokenHash(raw), ParentID: parent,
		IssuedAt: now, ExpiresAt: now.Add(s.opts.RefreshTTL),
	}
	if err := g.Create(&rt).Error; err != nil {
		return "", fmt.Errorf("insert refresh token: %w", err)
	}
	return token, nil
}

// revokeDeviceFamilies revokes every live refresh token of a user's device.
func revokeDeviceFamilies(g *gorm.DB, userID, deviceID uuid.UUID, now time.Time) error {
	err := g.Exec(`UPDATE refresh_tokens SET revoked_at = ? WHERE user_id = ? AND device_id = ? AND revoked_at IS NULL`,
		now, userID, deviceID).Error
	if err != nil {
		return fmt.Errorf("revoke device refresh tokens: %w", err)
	}
	return nil
}

// Logout ends the sessions of a user's device by revoking its refresh
// families. The device row stays: the app keeps its unsent work and may log
// in again on it. Access tokens issued with those families are refused from
// the next request on (Authenticate checks the family).
func (s *Service) Logout(ctx context.Context, userID, deviceID uuid.UUID) error {
	now := s.now()
	return s.db.InTx(ctx, storage.Actor{UserID: &userID, DeviceID: &deviceID}, func(tx *storage.Tx) error {
		if err := revokeDeviceFamilies(tx.DB, userID, deviceID, now); err != nil {
			return err
		}
		return tx.Audit("logout", "device", deviceID, nil, nil)
	})
}
