package api_test

import (
	"bytes"
	"encoding/json"
	"image/png"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/makiuchi-d/gozxing"
	zxqr "github.com/makiuchi-d/gozxing/qrcode"

	"github.com/tindal/tindal/models"
)

func init() {
	// Let the harness validate image/png answers against the contract.
	openapi3filter.RegisterBodyDecoder("image/png", openapi3filter.FileBodyDecoder)
}

// decodeQR reads a PNG QR code back to its text, as a phone's camera would.
func decodeQR(t *testing.T, body []byte) (string, int) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(body))
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		t.Fatal(err)
	}
	res, err := zxqr.NewQRCodeReader().Decode(bmp, nil)
	if err != nil {
		t.Fatalf("not a readable QR code: %v", err)
	}
	return res.GetText(), img.Bounds().Dx()
}

func TestVesselQRForTheOwnerAndOfficialsOfItsJurisdiction(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	karwar, mangaluru := h.ids["vessel-KARWAR"].String(), h.ids["vessel-MANGALURU"].String()
	cases := []struct {
		name, user, vessel string
		status             int
	}{
		{"the owner of the vessel", "owner", karwar, 200},
		{"the supervisor of its jurisdiction", "supervisor", karwar, 200},
		{"the registrar of its jurisdiction", "registrar", karwar, 200},
		{"an inspector of its jurisdiction", "inspector", karwar, 200},
		{"an admin", "admin", mangaluru, 200},
		{"the owner of another vessel", "owner", mangaluru, 404},
		{"an inspector of another jurisdiction", "inspector-mangaluru", karwar, 404},
		{"the supervisor of another jurisdiction", "supervisor", mangaluru, 404},
		{"signed out", "", karwar, 401},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := h.with(t)
			r := h.do("GET", "/v1/vessels/"+c.vessel+"/qr.png", c.user, nil)
			if r.status != c.status {
				t.Fatalf("%d, want %d: %s", r.status, c.status, r.body)
			}
			if c.status != 200 {
				return
			}
			reg := map[string]string{karwar: "KA-KAR-0001", mangaluru: "KA-MAN-0001"}[c.vessel]
			want := "http://tindal.test/v/vessel/" + reg
			text, size := decodeQR(t, r.body)
			if text != want || r.header.Get("X-Public-Url") != want || r.header.Get("Content-Type") != "image/png" {
				t.Fatalf("QR holds %q (header %q, %s), want %q", text, r.header.Get("X-Public-Url"), r.header.Get("Content-Type"), want)
			}
			if size != 512 {
				t.Errorf("default size %d, want 512", size)
			}
		})
	}
}

// TestVesselQROverHTTP: the same answers through a real listener.
func TestVesselQROverHTTP(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	own := h.overHTTP("GET", "/v1/vessels/"+h.ids["vessel-KARWAR"].String()+"/qr.png", "owner", "")
	if text, _ := decodeQR(t, own.body); own.status != 200 || text != "http://tindal.test/v/vessel/KA-KAR-0001" {
		t.Fatalf("owner's vessel: %d %q", own.status, text)
	}
	other := h.overHTTP("GET", "/v1/vessels/"+h.ids["vessel-MANGALURU"].String()+"/qr.png", "owner", "")
	if other.status != 404 || !strings.HasPrefix(other.header.Get("Content-Type"), "application/problem+json") {
		t.Fatalf("another owner's vessel: %d %s", other.status, other.body)
	}
}

func TestVesselQRSizeAndAudit(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	id := h.ids["vessel-KARWAR"]
	r := h.do("GET", "/v1/vessels/"+id.String()+"/qr.png?size=1024", "owner", nil)
	if r.status != 200 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	if text, size := decodeQR(t, r.body); size != 1024 || text != "http://tindal.test/v/vessel/KA-KAR-0001" {
		t.Fatalf("size %d text %q", size, text)
	}
	for _, bad := range []string{"64", "4096", "big"} {
		if r := h.do("GET", "/v1/vessels/"+id.String()+"/qr.png?size="+bad, "owner", nil); r.status != 400 {
			t.Errorf("size=%s: %d, want 400", bad, r.status)
		}
	}
	var audit []models.AuditEntry
	h.must(h.db.Gorm.Where("action = 'qr_issue' AND entity_id = ?", id).Find(&audit).Error)
	if len(audit) != 1 || audit[0].ActorID == nil || audit[0].DeviceID == nil || audit[0].RequestID == "" {
		t.Fatalf("qr_issue audit entries: %+v, want one with actor, device and request id", audit)
	}
	var who struct{ Email string }
	h.must(h.db.Gorm.Table("users").Select("email").Where("id = ?", *audit[0].ActorID).Take(&who).Error)
	var after map[string]string
	h.must(json.Unmarshal(audit[0].After, &after))
	if who.Email != "owner@test.tindal" || after["url"] != "http://tindal.test/v/vessel/KA-KAR-0001" {
		t.Errorf("audited %s issuing %v", who.Email, after)
	}
}
