package web

import (
	"errors"

	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/photo"
	"github.com/tindal/tindal/storage/blob"
)

// SendPhoto streams a photo's bytes, or its 320 or 1280 px thumbnail
// (?size=320|1280), from the blob store through this server: the pages'
// policy allows images from this origin only, and the store's presigned
// URLs are another. v must have been read with the scope of getPhoto (the
// caller's check, as for the API's download URLs); a photo not (yet)
// verified has no bytes to show. Shared by the console and the owners'
// pages.
func SendPhoto(c *fiber.Ctx, photos *photo.Service, v photo.View) error {
	if v.State != photo.StateVerified || v.BlobSHA256 == nil {
		return models.NotFound("photo content")
	}
	key, ctype := v.OriginalKey(), v.ContentType
	switch c.Query("size") {
	case "320", "1280":
		if !v.Thumbnails {
			break // no thumbnail yet (or HEIC): the original
		}
		px := photo.ThumbSmall
		if c.Query("size") == "1280" {
			px = photo.ThumbLarge
		}
		key, ctype = photo.ThumbKey(*v.BlobSHA256, px), "image/jpeg"
	case "":
	default:
		return models.Refused("size", "enum", "must be 320 or 1280")
	}
	body, err := photos.Store().Get(c.UserContext(), key)
	if errors.Is(err, blob.ErrNotFound) {
		return models.NotFound("photo content")
	}
	if err != nil {
		return models.Errorf(models.KindUnavailable, "store_unavailable", "the photo store is not answering; try again")
	}
	c.Set(fiber.HeaderContentType, ctype)
	// Revalidated on every view, never kept for the next person: on a
	// shared phone or office PC, after one user signs out, the browser
	// must not show their photos from its cache to the next (the scope
	// check runs each time).
	c.Set(fiber.HeaderCacheControl, "private, no-cache")
	c.Set(fiber.HeaderVary, "Cookie")
	c.Set("X-Content-Type-Options", "nosniff")
	return c.SendStream(body)
}
