package console

import (
	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/sync"
	"github.com/tindal/tindal/web"
)

// devicesPage is a page of devices with their sync health.
type devicesPage struct {
	Devices []sync.DeviceStatus
	Next    string
}

// devicesShow lists every device's sync health (as listDevices): last push
// and pull, app version, clock skew, mutations waiting in the backlog and
// in quarantine.
func (c *Console) devicesShow(ctx *fiber.Ctx) error {
	if _, err := web.Scope(ctx, "listDevices"); err != nil {
		return err
	}
	rows, next, err := c.d.Push.Devices(ctx.UserContext(), sync.DeviceFilter{}, ctx.Query("cursor"), 50)
	if err != nil {
		return err
	}
	p := devicesPage{Devices: rows, Next: next}
	return c.t.Render(ctx, "admin_devices", p)
}
