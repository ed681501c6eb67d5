package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/tindal/tindal/locale"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/notify"
)

// smsLocal is TINDAL_SMS_URL's value for the local sink of make run: SMS
// are accepted at once and stay in the outbox, where the console shows
// them beside their owner.
const smsLocal = "local"

// outbox is the notify outbox as configured: email with an SMTP server,
// SMS with a gateway, naming the owners' pages in SMS.
func (c config) outbox() notify.Outbox {
	return notify.Outbox{Email: c.SMTPURL != "", SMS: c.SMSURL != "",
		Link: strings.TrimRight(c.PublicBaseURL, "/") + "/my", RemindersPerDay: c.SMSRemindersPerDay}
}

// smsChecks validate the SMS settings: a gateway needs the DLT
// registration of every text, and the link an SMS names must fit a DLT
// variable.
func (c *config) smsChecks() []check {
	return []check{
		{"TINDAL_SMS_URL", func() error {
			if c.SMSURL == "" || c.SMSURL == smsLocal {
				return nil
			}
			if _, err := notify.NewHTTPGateway(c.SMSURL, c.SMSProfile, c.SMSAPIKey, 0); err != nil {
				return err
			}
			_, err := c.dlt()
			return err
		}},
		{"TINDAL_PUBLIC_BASE_URL", func() error {
			if l := c.outbox().Link; c.SMSURL != "" && len([]rune(l)) > notify.DLTVarMax {
				return fmt.Errorf("SMS name %s, longer than the %d characters of a DLT variable", l,
					notify.DLTVarMax)
			}
			return nil
		}},
		{"TINDAL_SMS_REMINDERS_PER_DAY", func() error {
			n, err := strconv.Atoi(strings.TrimSpace(c.SMSRemindersPerDayS))
			if err != nil || n < 0 || n > 100 {
				return errors.New("a whole number from 0 (no cap) to 100")
			}
			c.SMSRemindersPerDay = n
			return nil
		}},
		{"TINDAL_SMS_RECEIPT_SECRET", func() error {
			if c.SMSReceiptSecret != "" && len(c.SMSReceiptSecret) < 32 {
				return errors.New("at least 32 characters")
			}
			return nil
		}},
	}
}

// dlt reads the DLT registration; the local sink needs none and gets
// placeholder ids.
func (c config) dlt() (notify.DLT, error) {
	if c.SMSURL == smsLocal {
		ids := map[string]string{}
		for _, t := range notify.SMSTemplates {
			for _, l := range locale.Languages {
				ids[t+"."+l] = "0"
			}
		}
		return notify.DLT{Sender: "LOCAL", EntityID: "0", Templates: ids}, nil
	}
	if c.SMSTemplates == "" {
		return notify.DLT{}, errors.New("TINDAL_SMS_DLT_TEMPLATES is required with a gateway")
	}
	b, err := os.ReadFile(c.SMSTemplates)
	if err != nil {
		return notify.DLT{}, fmt.Errorf("TINDAL_SMS_DLT_TEMPLATES: %w", err)
	}
	ids, err := notify.ParseDLTTemplates(string(b))
	if err != nil {
		return notify.DLT{}, fmt.Errorf("TINDAL_SMS_DLT_TEMPLATES: %w", err)
	}
	d := notify.DLT{Sender: c.SMSSender, EntityID: c.SMSEntityID, Templates: ids}
	return d, d.Check()
}

// localSMS is the sink of make run: it takes every message.
type localSMS struct{}

func (localSMS) SendSMS(_ context.Context, m notify.SMS) (string, error) {
	return "local-" + m.Ref, nil
}

// smsDispatcher builds the SMS dispatcher, or nil without a gateway.
func (a *app) smsDispatcher() (*notify.SMSDispatcher, error) {
	if a.cfg.SMSURL == "" {
		return nil, nil //nolint:nilnil // no gateway configured: no dispatcher
	}
	d, err := a.cfg.dlt()
	if err != nil {
		return nil, err
	}
	var gw notify.SMSSender = localSMS{}
	if a.cfg.SMSURL != smsLocal {
		if gw, err = notify.NewHTTPGateway(a.cfg.SMSURL, a.cfg.SMSProfile, a.cfg.SMSAPIKey, 20*time.Second); err != nil {
			return nil, err
		}
	}
	return &notify.SMSDispatcher{Dispatcher: notify.Dispatcher{DB: a.db, Log: a.log}, Gateway: gw, DLT: d}, nil
}

const smsUsage = `usage: tindal sms templates | tindal sms test +91XXXXXXXXXX [en|kn|hi]

  templates   print every SMS text as the DLT content template to register,
              one "<template>.<lang><TAB><text>" a line
  test        send a test SMS through the configured gateway now and print
              the gateway's message id (checks TINDAL_SMS_* end to end)
`

// cmdSMS is `tindal sms`.
func cmdSMS(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprint(stdout, smsUsage)
		return nil
	}
	switch args[0] {
	case "templates":
		for _, t := range notify.SMSTemplates {
			for _, l := range locale.Languages {
				text, err := notify.DLTText(t, l)
				if err != nil {
					return err
				}
				fmt.Fprintf(stdout, "%s.%s\t%s\n", t, l, text)
			}
		}
		return nil
	case "test":
		return smsTest(ctx, args[1:], getenv, stdout)
	}
	return fmt.Errorf("tindal sms: unknown command %q\n%s", args[0], smsUsage)
}

// smsTest sends the test text straight through the gateway (not the
// outbox: it checks the configuration, for nobody on the register).
func smsTest(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	if len(args) < 1 || len(args) > 2 {
		return errors.New("tindal sms test: want a mobile number and, optionally, en, kn or hi")
	}
	cfg, err := loadConfig(getenv)
	if err != nil {
		return fmt.Errorf("configuration:\n%w", err)
	}
	if cfg.SMSURL == "" || cfg.SMSURL == smsLocal {
		return errors.New("tindal sms test: set TINDAL_SMS_URL to the gateway's URL")
	}
	to, err := normaliseTo(args[0])
	if err != nil {
		return err
	}
	lang := "en"
	if len(args) == 2 {
		lang = locale.Resolve(args[1])
	}
	d, err := cfg.dlt()
	if err != nil {
		return err
	}
	gw, err := notify.NewHTTPGateway(cfg.SMSURL, cfg.SMSProfile, cfg.SMSAPIKey, 20*time.Second)
	if err != nil {
		return err
	}
	ref := time.Now().UTC().Format("150405")
	text, lang, err := notify.RenderSMS(notify.TplSMSTest, lang, notify.SMSVars{Code: ref})
	if err != nil {
		return err
	}
	parts, enc := notify.SMSParts(text)
	id, err := gw.SendSMS(ctx, notify.SMS{Ref: "test-" + ref, To: to, Text: text, Encoding: enc, Sender: d.Sender,
		EntityID: d.EntityID, TemplateID: d.Templates[notify.TplSMSTest+"."+lang]})
	if err != nil {
		return fmt.Errorf("tindal sms test: %w", err)
	}
	fmt.Fprintf(stdout, "sent %q (%s, %d part(s)) to %s: gateway message id %q\n", text, enc, parts, to, id)
	return nil
}

func normaliseTo(s string) (string, error) {
	return models.NormaliseMobile("mobile", s)
}

// smsReceipts records signed delivery receipts, or nil (the callback
// route is then absent) without TINDAL_SMS_RECEIPT_SECRET.
func (a *app) smsReceipts() *notify.Receipts {
	if a.cfg.SMSReceiptSecret == "" {
		return nil
	}
	return &notify.Receipts{DB: a.db, Secret: []byte(a.cfg.SMSReceiptSecret)}
}
