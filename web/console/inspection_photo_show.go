package console

import (
	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/photo"
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

// photoContent streams a photo's bytes or a thumbnail (web.SendPhoto),
// after getPhoto's scope check.
func (c *Console) photoContent(ctx *fiber.Ctx) error {
	v, err := c.photoOf(ctx)
	if err != nil {
		return err
	}
	return web.SendPhoto(ctx, c.d.Photos, v)
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
