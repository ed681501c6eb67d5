package api

import (
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/utils"
)

// SMSReceiptsPath is where the SMS gateway posts delivery receipts, signed
// with TINDAL_SMS_RECEIPT_SECRET (notify.Receipts). It is outside the
// contract: the gateway, not an app, calls it, with no token.
const SMSReceiptsPath = "/hooks/sms/receipts"

// maxReceipt bounds a receipt's body.
const maxReceipt = 16 << 10

// mountSMSReceipts adds the delivery-receipt callback when receipts are
// configured: 204 once recorded (or not final), 401 for a forged or
// unsigned receipt (nothing recorded), 422 for a body without an id or
// state, 404 for an id no SMS has.
func (h *handlers) mountSMSReceipts(app *fiber.App) {
	if h.d.SMSReceipts == nil {
		return
	}
	app.Post(SMSReceiptsPath, func(c *fiber.Ctx) error {
		body := c.Request().Body()
		if len(body) > maxReceipt {
			return fiber.ErrRequestEntityTooLarge
		}
		ctype := strings.ToLower(utils.CopyString(string(c.Request().Header.ContentType())))
		err := h.d.SMSReceipts.Record(c.UserContext(), body, ctype, c.Get("X-Tindal-Signature"), h.d.Clock())
		if err != nil {
			return err
		}
		return c.SendStatus(fiber.StatusNoContent)
	})
}
