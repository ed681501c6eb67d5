package public

import (
	"context"
	"fmt"
	"strings"

	"github.com/google/uuid"
	qrcode "github.com/skip2/go-qrcode"

	"github.com/tindal/tindal/storage"
)

// PathOf is the path of a vessel's public page. A registration number has
// upper-case letters, digits, spaces, '/' and '-' (the registry's pattern,
// ^[A-Z0-9][A-Z0-9/ -]{2,40}$); the path writes '/' as '~' and ' ' as '_',
// neither of which a registration number holds, so the path has only RFC
// 3986 unreserved characters (the only ones api.canonicalPath lets through,
// and none a QR scanner or browser re-encodes) and maps back one to one.
func PathOf(registration string) string {
	return "/v/vessel/" + Slug(registration)
}

// Slug writes a registration number as one path segment.
func Slug(registration string) string {
	return strings.NewReplacer("/", "~", " ", "_").Replace(registration)
}

// Unslug reads a path segment back as a registration number, upper-cased
// as the registry stores it.
func Unslug(segment string) string {
	return strings.ToUpper(strings.NewReplacer("~", "/", "_", " ").Replace(segment))
}

// URLOf is the absolute URL of a vessel's public page under base
// (TINDAL_PUBLIC_BASE_URL).
func URLOf(base, registration string) string {
	return strings.TrimRight(base, "/") + PathOf(registration)
}

// QR encodes url as a PNG QR code of size×size pixels at error correction
// level M (15% of the code may be lost to dirt or a scratch on a boat's
// cabin and it still reads), with the standard quiet zone.
func QR(url string, size int) ([]byte, error) {
	png, err := qrcode.Encode(url, qrcode.Medium, size)
	if err != nil {
		return nil, fmt.Errorf("encode qr code: %w", err)
	}
	return png, nil
}

// RecordQR audits that actor was issued the QR code of vessel vesselID
// holding url (action qr_issue): who printed which code, and when, is on
// record should a forged or outdated code turn up on a boat.
func (s *Service) RecordQR(ctx context.Context, actor storage.Actor, vesselID uuid.UUID, url string) error {
	return s.db.InTx(ctx, actor, func(tx *storage.Tx) error {
		return tx.Audit("qr_issue", "vessel", vesselID, nil, map[string]string{"url": url})
	})
}
