package my

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"mime/multipart"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/photo"
	"github.com/tindal/tindal/web"
)

// maxPhotos is how many photos one rectification form takes.
const maxPhotos = 4

// rectificationCreate takes the photos of the form (<input type=file
// capture>) through the same photo path as the API — attachFindingPhoto
// records each, putPhotoContent stores and verifies its bytes — and then
// submits the rectification with the note (submitRectification), for the
// supervisor to decide.
func (m *My) rectificationCreate(c *fiber.Ctx) error {
	f, err := m.findingOf(c)
	if err != nil {
		return err
	}
	form := map[string]string{"note": c.FormValue("note")}
	ids, err := m.uploadPhotos(c, f.Finding.ID, m.d.Inspect.AttachFindingPhoto, 1)
	if err == nil {
		var sc models.Scope
		if sc, err = web.Scope(c, "submitRectification"); err == nil {
			_, err = m.d.Inspect.SubmitRectification(c.UserContext(), sc, f.Finding.ID,
				inspect.RectifyInput{Note: form["note"], PhotoIDs: ids})
		}
	}
	if err != nil {
		return m.t.RenderForm(c, "finding", f, form, err)
	}
	m.site.Flash(c, m.site.T(c, "my.rectify.sent"))
	return c.Redirect("/my/", fiber.StatusSeeOther)
}

// attachPhoto records an owner's photo of a finding before its bytes are
// stored (inspect.Service.AttachFindingPhoto, AttachAppealPhoto).
type attachPhoto func(ctx context.Context, sc models.Scope, finding uuid.UUID,
	in inspect.FindingPhotoInput) (uuid.UUID, error)

// uploadPhotos records (attach) and stores the form's photos, each
// verified: from least to maxPhotos of them.
func (m *My) uploadPhotos(c *fiber.Ctx, finding uuid.UUID, attach attachPhoto, least int) ([]uuid.UUID, error) {
	refused := models.Refused("photo", "required", "%s", m.site.T(c, "my.rectify.photo.required"))
	if least == 0 {
		refused = models.Refused("photo", "too_many", "%s", m.site.T(c, "my.appeal.photo.max"))
	}
	var files []*multipart.FileHeader
	if mf, err := c.MultipartForm(); err == nil {
		files = mf.File["photo"]
	}
	if len(files) < least || len(files) > maxPhotos {
		return nil, refused
	}
	asc, err := web.Scope(c, "attachFindingPhoto")
	if err != nil {
		return nil, err
	}
	psc, err := web.Scope(c, "putPhotoContent")
	if err != nil {
		return nil, err
	}
	shots, err := m.readPhotos(c, files)
	if err != nil {
		return nil, err
	}
	var ids []uuid.UUID
	for _, sh := range shots {
		sum := sha256.Sum256(sh.data)
		in := inspect.FindingPhotoInput{ID: uuid.Must(uuid.NewV7()), SHA256: hex.EncodeToString(sum[:]),
			Size: int64(len(sh.data)), ContentType: sh.contentType, Caption: sh.name}
		id, err := attach(c.UserContext(), asc, finding, in)
		if err != nil {
			return nil, err
		}
		if _, err := m.d.Photos.PutContent(
			c.UserContext(),
			psc,
			id,
			bytes.NewReader(sh.data),
			int64(len(sh.data)),
		); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, nil
}

// shot is one photo of a form, read and checked.
type shot struct {
	name, contentType string
	data              []byte
}

// readPhotos reads every file of the form and checks each is a whole
// photo (photo.CheckImage: a file that only begins like a JPEG, a cut one,
// SVG, HTML or text is refused) before any is recorded, so a refused form
// writes nothing.
func (m *My) readPhotos(c *fiber.Ctx, files []*multipart.FileHeader) ([]shot, error) {
	shots := make([]shot, 0, len(files))
	for _, fh := range files {
		r, err := fh.Open()
		if err != nil {
			return nil, err
		}
		b, err := io.ReadAll(io.LimitReader(r, photo.MaxSize+1))
		_ = r.Close()
		if err != nil {
			return nil, err
		}
		if len(b) > photo.MaxSize {
			return nil, models.Refused("photo", "photo_too_large", "%s", m.site.T(c, "my.photo.too_large"))
		}
		ct := photo.Sniff(b)
		if ct == "" || photo.CheckImage(bytes.NewReader(b), ct) != nil {
			return nil, models.Refused("photo", "not_image", "%s", m.site.T(c, "my.photo.not_image"))
		}
		shots = append(shots, shot{name: fh.Filename, contentType: ct, data: b})
	}
	return shots, nil
}
