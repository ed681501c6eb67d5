package console

import (
	"errors"

	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/photo"
	"github.com/tindal/tindal/storage/blob"
	"github.com/tindal/tindal/web"
)

// photoShow shows one photo full size with what the reviewer judges it
// by: its verified state, EXIF time and place against the inspection's,
// and the flags (GET /v1/photos/{id}, getPhoto).
func (c *Console) photoShow(ctx *fiber.Ctx) error {
	v, err := c.photoOf(ctx)
	if err != nil {
		return err
	}
	return c.t.Render(ctx, "inspection_photo", photoRowOf(v))
}

// photoContent streams a photo's bytes, or its 320 or 1280 px thumbnail
// (?size=320|1280), from the blob store through this server: the pages'
// policy allows images from this origin only, and the store's presigned
// URLs are another. The scope check is getPhoto's, as for the API's
// download URLs; a photo not (yet) verified has no bytes to show.
func (c *Console) photoContent(ctx *fiber.Ctx) error {
	v, err := c.photoOf(ctx)
	if err != nil {
		return err
	}
	if v.State != photo.StateVerified || v.BlobSHA256 == nil {
		return models.NotFound("photo content")
	}
	key, ctype := blob.ContentKey(*v.BlobSHA256), v.ContentType
	switch ctx.Query("size") {
	case "320", "1280":
		if !v.Thumbnails {
			break // no thumbnail yet (or HEIC): the original
		}
		px := photo.ThumbSmall
		if ctx.Query("size") == "1280" {
			px = photo.ThumbLarge
		}
		key, ctype = photo.ThumbKey(*v.BlobSHA256, px), "image/jpeg"
	case "":
	default:
		return models.Refused("size", "enum", "must be 320 or 1280")
	}
	body, err := c.d.Photos.Store().Get(ctx.UserContext(), key)
	if errors.Is(err, blob.ErrNotFound) {
		return models.NotFound("photo content")
	}
	if err != nil {
		return models.Errorf(models.KindUnavailable, "store_unavailable", "the photo store is not answering; try again")
	}
	ctx.Set(fiber.HeaderContentType, ctype)
	ctx.Set(fiber.HeaderCacheControl, "private, max-age=300")
	ctx.Set("X-Content-Type-Options", "nosniff")
	return ctx.SendStream(body)
}

// photoOf reads the photo of the route in the scope of getPhoto.
func (c *Console) photoOf(ctx *fiber.Ctx) (photo.View, error) {
	id, err := idParam(ctx, "photo")
	if err != nil {
		return photo.View{}, err
	}
	sc, err := web.Scope(ctx, "getPhoto")
	if err != nil {
		return photo.View{}, err
	}
	return c.d.Photos.Get(ctx.UserContext(), sc, id)
}
