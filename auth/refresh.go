package auth

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// refreshOutcome is what the refresh transaction decided.
type refreshOutcome struct {
	user     models.User
	deviceID uuid.UUID
	family   uuid.UUID
	refresh  string // the successor to return
	reused   bool   // reuse detected: the family was revoked
}

// Refresh exchanges a refresh token for a new access token and the token's
// successor. A token is used once; presenting the previous token again
// within ReuseGrace of its use, while its successor is unused, returns that
// same successor (a lost response on 2G). Any other reuse revokes the whole
// family. Errors are KindUnauthenticated: "invalid_refresh_token" (unknown,
// expired or revoked), "refresh_token_reused", "device_revoked",
// "account_disabled".
func (s *Service) Refresh(ctx context.Context, refreshToken string) (Tokens, error) {
	raw, ok := decodeRefreshToken(refreshToken)
	if !ok {
		return Tokens{}, errInvalidRefresh()
	}
	now := s.now()
	var out refreshOutcome
	err := s.db.InTx(ctx, storage.Actor{}, func(tx *storage.Tx) error {
		var err error
		out, err = s.refreshTx(tx, raw, now)
		return err
	})
	if err != nil {
		return Tokens{}, storage.MapError(err, "refresh token")
	}
	if out.reused { // committed: the revocation must stick
		return Tokens{}, errRefreshReused()
	}
	return s.tokens(out.user.ID, out.deviceID, out.family, out.user.Role, out.refresh, now)
}

// refreshTx rotates, replays or revokes, holding the presented token's row
// lock so that concurrent refreshes with one token run one after the other.
func (s *Service) refreshTx(tx *storage.Tx, raw []byte, now time.Time) (refreshOutcome, error) {
	cur, err := lockRefresh(tx.DB, "token_hash = ?", refreshTokenHash(raw))
	if err != nil {
		return refreshOutcome{}, err
	}
	if cur.RevokedAt != nil || !now.Before(cur.ExpiresAt) {
		return refreshOutcome{}, deadRefresh(tx.DB, cur.UserID)
	}
	user, err := checkHolder(tx.DB, cur.UserID, cur.DeviceID)
	if err != nil {
		return refreshOutcome{}, err
	}
	out := refreshOutcome{user: user, deviceID: cur.DeviceID, family: cur.FamilyID}
	if cur.UsedAt == nil {
		out.refresh, err = s.rotate(tx.DB, cur, raw, now)
		return out, err
	}
	successor, ok, err := s.replay(tx.DB, cur, raw, now)
	if err != nil || ok {
		out.refresh = successor
		return out, err
	}
	out.reused = true
	return out, s.revokeFamily(tx, cur, now)
}

// lockRefresh loads one refresh token FOR UPDATE.
func lockRefresh(g *gorm.DB, where string, arg any) (models.RefreshToken, error) {
	var rt models.RefreshToken
	err := g.Clauses(clause.Locking{Strength: "UPDATE"}).Where(where, arg).Take(&rt).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return rt, errInvalidRefresh()
	}
	if err != nil {
		return rt, fmt.Errorf("lock refresh token: %w", err)
	}
	return rt, nil
}

// deadRefresh is the error for a revoked or expired refresh token: the
// clear "account_disabled" when its user was deactivated (which revoked
// it), so the app can say why, else "invalid_refresh_token".
func deadRefresh(g *gorm.DB, userID uuid.UUID) error {
	disabled, err := isDisabled(g, userID)
	switch {
	case err != nil:
		return err
	case disabled:
		return errAccountDisabled()
	}
	return errInvalidRefresh()
}

// isDisabled reports whether the user's account is deactivated.
func isDisabled(g *gorm.DB, userID uuid.UUID) (bool, error) {
	var n int64
	err := g.Model(&models.User{}).Where("id = ? AND disabled_at IS NOT NULL", userID).Count(&n).Error
	if err != nil {
		return false, fmt.Errorf("load user: %w", err)
	}
	return n > 0, nil
}

// checkHolder refuses a disabled or deleted user and a revoked device.
func checkHolder(g *gorm.DB, userID, deviceID uuid.UUID) (models.User, error) {
	var u models.User
	err := g.Where("id = ?", userID).Take(&u).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return u, errAccountDisabled()
	}
	if err != nil {
		return u, fmt.Errorf("load user: %w", err)
	}
	if u.DisabledAt != nil {
		return u, errAccountDisabled()
	}
	var d models.Device
	if err := g.Where("id = ? AND user_id = ?", deviceID, userID).Take(&d).Error; err != nil {
		return u, fmt.Errorf("load device: %w", err)
	}
	if d.RevokedAt != nil {
		return u, errDeviceRevoked()
	}
	return u, nil
}

// rotate marks cur used, issues its child, and seals the child into cur.
func (s *Service) rotate(g *gorm.DB, cur models.RefreshToken, raw []byte, now time.Time) (string, error) {
	child, err := s.insertRefresh(g, cur.UserID, cur.DeviceID, cur.FamilyID, &cur.ID, now)
	if err != nil {
		return "", err
	}
	sealed, err := sealSuccessor(raw, cur.ID, child)
	if err != nil {
		return "", err
	}
	err = g.Exec(`UPDATE refresh_tokens SET used_at = ?, successor_sealed = ? WHERE id = ?`, now, sealed, cur.ID).Error
	if err != nil {
		return "", fmt.Errorf("mark refresh token used: %w", err)
	}
	err = g.Exec(`UPDATE devices SET last_seen_at = ? WHERE id = ?`, now, cur.DeviceID).Error
	if err != nil {
		return "", fmt.Errorf("touch device: %w", err)
	}
	return child, nil
}

// replay returns cur's successor when cur may be presented again: within
// the grace period of its use, with the successor live and still unused.
func (s *Service) replay(g *gorm.DB, cur models.RefreshToken, raw []byte, now time.Time) (string, bool, error) {
	if now.Sub(*cur.UsedAt) > s.opts.ReuseGrace || len(cur.SuccessorSealed) == 0 {
		return "", false, nil
	}
	child, err := lockRefresh(g, "parent_id = ?", cur.ID)
	if err != nil {
		return "", false, err
	}
	if child.UsedAt != nil || child.RevokedAt != nil || !now.Before(child.ExpiresAt) {
		return "", false, nil
	}
	successor, err := openSuccessor(raw, cur.ID, cur.SuccessorSealed)
	if err != nil {
		return "", false, err
	}
	return successor, true, nil
}

// revokeFamily revokes every live token of cur's family, and audits it: a
// reused refresh token means it may have been stolen.
func (s *Service) revokeFamily(tx *storage.Tx, cur models.RefreshToken, now time.Time) error {
	err := tx.DB.Exec(`UPDATE refresh_tokens SET revoked_at = ? WHERE family_id = ? AND revoked_at IS NULL`,
		now, cur.FamilyID).Error
	if err != nil {
		return fmt.Errorf("revoke refresh family: %w", err)
	}
	return tx.Audit("refresh_reuse_revoked", "refresh_family", cur.FamilyID, nil, map[string]string{
		"user_id": cur.UserID.String(), "device_id": cur.DeviceID.String(), "token_id": cur.ID.String()})
}
