package web

import (
	"errors"

	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/models"
)

// Names are what a refusal refers to, named as people name them: an order
// by its number ("Order"), a vessel by its registration and name
// ("Vessel"), a notice by its number ("Notice"), an account by its email
// ("Email"). They fill the message of the refusal's code.
type Names map[string]any

const refusalSaidKey = "tindal-web-refusal-said"

// Refusal is err as a person reads it in the page's language: the
// service's English message (which names records by id) gives way to the
// catalogue's. The action (the console's "detention", "release", "appeal"
// …) chooses the message "refusal.<code>.<action>", which names what the
// refusal refers to with names; without one, or when the code has no such
// message, "refusal.<code>"; a code the catalogues do not know keeps the
// service's message in English and says what its kind means in the other
// languages ("refusal.kind.<kind>"). In kn and hi a field's message is the
// catalogue's "refusal.field.<code>" where there is one. Other errors are
// returned as they are. The error pages and re-rendered forms of the
// console say every refusal this way (without names when the handler gave
// none).
func (s *Site) Refusal(c *fiber.Ctx, err error, action string, names Names) error {
	var me *models.Error
	if !errors.As(err, &me) || me.Kind == models.KindUnavailable || me.Kind == models.KindUnauthenticated {
		return err
	}
	c.Locals(refusalSaidKey, true)
	out := *me
	out.Message = s.refusalText(c, me, action, names)
	out.Fields = make([]models.FieldError, len(me.Fields))
	for i, f := range me.Fields {
		out.Fields[i] = f
		if s.lang(c) == "en" {
			continue // the service's own words name the field's problem more closely
		}
		if t, ok := s.message(c, "refusal.field."+f.Code, nil); ok {
			out.Fields[i].Message = t
		}
	}
	return &out
}

func (s *Site) refusalText(c *fiber.Ctx, me *models.Error, action string, names Names) string {
	if action != "" {
		if t, ok := s.message(c, "refusal."+me.Code+"."+action, names); ok {
			return t
		}
	}
	if t, ok := s.message(c, "refusal."+me.Code, nil); ok {
		return t
	}
	if me.Kind == models.KindNotFound || me.Kind == models.KindForbidden || s.lang(c) == "en" {
		return me.Message // in English the service's own message says more than the kind's
	}
	if t, ok := s.message(c, "refusal.kind."+string(me.Kind), nil); ok {
		return t
	}
	return me.Message
}

// message is id in this request's language, and whether the catalogues
// hold it.
func (s *Site) message(c *fiber.Ctx, id string, names Names) (string, bool) {
	t := s.i18n.text(s.lang(c), id, names)
	return t, t != id
}

// saidRefusal is err said in the console's language, unless the handler
// said it already (with names).
func (s *Site) saidRefusal(c *fiber.Ctx, err error) error {
	if said, _ := c.Locals(refusalSaidKey).(bool); said || areaOf(c) != "/console" {
		return err
	}
	return s.Refusal(c, err, "", nil)
}

// Said marks this request's refusal as said already in the page's
// language: the handler built its message from the catalogue.
func (s *Site) Said(c *fiber.Ctx) { c.Locals(refusalSaidKey, true) }
