package console

import (
	"slices"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/web"
)

// messagesShown is how many of an owner's last messages the owner's page
// lists.
const messagesShown = 10

// ownerMessages adds, for a registrar of the owner's office or an admin
// (who may resend the owner's sign-in: resendOwnerSignIn), the channels
// reminders go by and the owner's last SMS and mails with their delivery
// state: sent, the gateway's receipt (delivered, failed, expired), and a
// legal notice whose SMS failed flagged for the office to serve it another
// way. The owner was loaded in the caller's scope.
func (c *Console) ownerMessages(ctx *fiber.Ctx, owner uuid.UUID, p *showPage) error {
	if !may(ctx, "resendOwnerSignIn") {
		return nil
	}
	by, err := notify.RemindersBy(ctx.UserContext(), c.site.DB(), owner)
	if err != nil {
		return err
	}
	p.Facts = append(p.Facts, fact{Label: "owner.reminders_by", Value: c.site.T(ctx, "owner.reminders_by."+by)})
	var rows []struct {
		CreatedAt                                       time.Time
		Channel, Address, Subject, Body, State, Receipt string
		ServeOtherwise                                  bool
	}
	if err := c.site.DB().Gorm.WithContext(ctx.UserContext()).Raw(`SELECT created_at, channel, address, subject, body,
		state, receipt, serve_otherwise FROM notifications WHERE owner_id = ? AND channel IN ('sms', 'email')
		ORDER BY created_at DESC, id DESC LIMIT ?`, owner, messagesShown).Scan(&rows).Error; err != nil {
		return err
	}
	s := section{Heading: "owner.messages", Columns: []string{"owner.message.when", "owner.message.channel",
		"owner.message.to", "owner.message.text", "owner.message.state"}}
	for _, r := range rows {
		text := r.Subject
		if r.Channel == notify.ChannelSMS {
			text = r.Body
		}
		s.Rows = append(s.Rows, row{Cells: []fact{{Value: web.DateTime(r.CreatedAt)},
			{Value: c.site.T(ctx, "owner.message.channel."+r.Channel)}, {Value: r.Address}, {Value: text},
			{Value: c.messageState(ctx, r.State, r.Receipt, r.ServeOtherwise)}}})
	}
	p.Sections = append(p.Sections, s)
	return nil
}

// messageState says where a message is: its outbox state, then the
// gateway's receipt, then the flag to serve it another way.
func (c *Console) messageState(ctx *fiber.Ctx, state, receipt string, serveOtherwise bool) string {
	out := c.site.T(ctx, "owner.message.state."+state)
	if receipt != "" {
		out += " · " + c.site.T(ctx, "owner.message.receipt."+receipt)
	}
	if serveOtherwise {
		out += " · " + c.site.T(ctx, "owner.message.serve_otherwise")
	}
	return out
}

// localFieldErrors writes in the reader's language the field errors whose
// text comes from a service in English: an owner's or crew member's mobile.
func localFieldErrors(ctx *fiber.Ctx, c *Console, fs []models.FieldError) []models.FieldError {
	out := slices.Clone(fs)
	for i, f := range out {
		if f.Field == "mobile" {
			out[i].Message = c.site.T(ctx, "owner.mobile.invalid")
		}
	}
	return out
}
