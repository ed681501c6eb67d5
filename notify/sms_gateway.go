package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// SMS is one message for the gateway: the DLT fields (sender header,
// principal entity id, content template id) travel with every message.
type SMS struct {
	Ref        string // our notification id: the gateway's client reference where the profile has one
	To         string // E.164
	Text       string
	Encoding   string // EncodingGSM7 or EncodingUCS2
	Sender     string // DLT header
	EntityID   string // DLT principal entity id
	TemplateID string // DLT content template id
}

// SMSSender hands one SMS to a gateway and answers the gateway's message
// id. Its errors are those of Sender: *PermanentError (refused for good,
// a 4xx), *AcceptedError (the gateway accepted it, then the answer broke:
// it is sent), anything else transient (retried).
type SMSSender interface {
	SendSMS(ctx context.Context, m SMS) (string, error)
}

// Profile is the shape of a gateway's HTTP API: how the request carries
// each field and how the answer names the message id or a failure.
// Indian aggregators take a message as a form or JSON POST, or a GET with
// query parameters; built-in profiles are in Profiles.
type Profile struct {
	// Method is POST or GET; Body is "form" or "json" (POST only).
	Method, Body string
	// Field names of the message; an empty name leaves the field out.
	To, Text, Sender, EntityID, TemplateID, Ref string
	// Unicode names the field that says the text is UCS-2, and the values
	// it takes for UCS-2 and for GSM-7 (empty: the field is left out).
	Unicode, UnicodeOn, UnicodeOff string
	// ToWithoutPlus sends 91XXXXXXXXXX instead of +91XXXXXXXXXX.
	ToWithoutPlus bool
	// KeyHeader carries TINDAL_SMS_API_KEY (e.g. "Authorization" with
	// KeyPrefix "Bearer "), or KeyField as a request field.
	KeyHeader, KeyPrefix, KeyField string
	// ID and Error are dotted paths into the JSON answer ("data.0.id"):
	// the message id of an accepted message, the reason of a refused one.
	// A 2xx answer with an error and no id is a refusal.
	ID, Error string
}

// Profiles are the built-in request shapes (docs/OPERATIONS.md, "SMS").
var Profiles = map[string]Profile{
	// json: POST {"to","text","sender","dlt_entity_id","dlt_template_id",
	// "unicode","reference"} with a bearer key; answer {"id"} or {"error"}.
	"json": {Method: http.MethodPost, Body: "json", To: "to", Text: "text", Sender: "sender",
		EntityID: "dlt_entity_id", TemplateID: "dlt_template_id", Ref: "reference", Unicode: "unicode",
		UnicodeOn: "true", UnicodeOff: "false", KeyHeader: "Authorization", KeyPrefix: "Bearer ", ID: "id",
		Error: "error"},
	// form: POST application/x-www-form-urlencoded, numbers without the
	// plus, the key as the apikey field, unicode=1; answer {"message_id"}
	// or {"error"} (the common shape of Indian HTTP SMS APIs).
	"form": {Method: http.MethodPost, Body: "form", To: "to", Text: "message", Sender: "sender",
		EntityID: "entity_id", TemplateID: "template_id", Ref: "ref", Unicode: "unicode", UnicodeOn: "1",
		UnicodeOff: "0", ToWithoutPlus: true, KeyField: "apikey", ID: "message_id", Error: "error"},
	// get: the same fields as form, as query parameters of a GET.
	"get": {Method: http.MethodGet, To: "to", Text: "message", Sender: "sender", EntityID: "entity_id",
		TemplateID: "template_id", Ref: "ref", Unicode: "unicode", UnicodeOn: "1", UnicodeOff: "0",
		ToWithoutPlus: true, KeyField: "apikey", ID: "message_id", Error: "error"},
}

// HTTPGateway sends SMS through an aggregator's HTTP API. It decides
// retries itself: its transport never reuses a connection, so Go's
// http.Transport never re-sends a request on its own (it does for a
// GET, or a POST with an Idempotency-Key, when a reused connection
// drops), and a message the gateway accepted is never sent twice by us.
type HTTPGateway struct {
	URL     string
	Profile Profile
	APIKey  string
	Client  *http.Client
}

var _ SMSSender = (*HTTPGateway)(nil)

// NewHTTPGateway builds a gateway for url with a built-in profile name or
// a profile in JSON (TINDAL_SMS_PROFILE).
func NewHTTPGateway(rawURL, profile, key string, timeout time.Duration) (*HTTPGateway, error) {
	u, err := url.Parse(rawURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, errors.New("sms url: want http:// or https:// and a host")
	}
	p, ok := Profiles[profile]
	if !ok {
		if err := json.Unmarshal([]byte(profile), &p); err != nil {
			return nil, fmt.Errorf("sms profile: %q is neither json, form, get nor a JSON profile", profile)
		}
	}
	if p.Method != http.MethodPost && p.Method != http.MethodGet || p.To == "" || p.Text == "" || p.ID == "" {
		return nil, errors.New("sms profile: needs Method (POST or GET), To, Text and ID")
	}
	if timeout == 0 {
		timeout = 20 * time.Second
	}
	tr := &http.Transport{Proxy: http.ProxyFromEnvironment, DisableKeepAlives: true,
		TLSHandshakeTimeout: 10 * time.Second, ResponseHeaderTimeout: timeout}
	return &HTTPGateway{URL: rawURL, Profile: p, APIKey: key, Client: &http.Client{Transport: tr, Timeout: timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}, nil
}

// fields are the request's fields in the profile's names.
func (g *HTTPGateway) fields(m SMS) map[string]string {
	p := g.Profile
	to := m.To
	if p.ToWithoutPlus {
		to = strings.TrimPrefix(to, "+")
	}
	f := map[string]string{}
	add := func(name, v string) {
		if name != "" {
			f[name] = v
		}
	}
	add(p.To, to)
	add(p.Text, m.Text)
	add(p.Sender, m.Sender)
	add(p.EntityID, m.EntityID)
	add(p.TemplateID, m.TemplateID)
	add(p.Ref, m.Ref)
	add(p.KeyField, g.APIKey)
	if m.Encoding == EncodingUCS2 && p.UnicodeOn != "" {
		add(p.Unicode, p.UnicodeOn)
	} else if p.UnicodeOff != "" {
		add(p.Unicode, p.UnicodeOff)
	}
	return f
}

func (g *HTTPGateway) request(ctx context.Context, m SMS) (*http.Request, error) {
	f := g.fields(m)
	var body io.Reader
	target, ctype := g.URL, ""
	switch {
	case g.Profile.Method == http.MethodGet:
		target += sep(target) + form(f).Encode()
	case g.Profile.Body == "json":
		b, err := json.Marshal(f)
		if err != nil {
			return nil, err
		}
		body, ctype = bytes.NewReader(b), "application/json"
	default:
		body, ctype = strings.NewReader(form(f).Encode()), "application/x-www-form-urlencoded"
	}
	req, err := http.NewRequestWithContext(ctx, g.Profile.Method, target, body)
	if err != nil {
		return nil, err
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	req.Header.Set("Accept", "application/json")
	if g.Profile.KeyHeader != "" && g.APIKey != "" {
		req.Header.Set(g.Profile.KeyHeader, g.Profile.KeyPrefix+g.APIKey)
	}
	return req, nil
}

func sep(u string) string {
	if strings.Contains(u, "?") {
		return "&"
	}
	return "?"
}

func form(f map[string]string) url.Values {
	v := url.Values{}
	for k, x := range f {
		v.Set(k, x)
	}
	return v
}

// maxAnswer bounds the gateway's answer we read.
const maxAnswer = 64 << 10

// SendSMS sends m once. No answer (a refused or dropped connection, a
// timeout before the status line) is transient; 5xx, 408 and 429 are
// transient; any other 4xx, or a 2xx naming an error and no id, is
// permanent; a 2xx whose body then breaks is accepted (sent, id unknown).
func (g *HTTPGateway) SendSMS(ctx context.Context, m SMS) (string, error) {
	req, err := g.request(ctx, m)
	if err != nil {
		return "", &PermanentError{Err: fmt.Errorf("sms request: %w", err)}
	}
	res, err := g.Client.Do(req)
	if err != nil {
		return "", fmt.Errorf("sms gateway %s: %w", req.URL.Host, err)
	}
	defer res.Body.Close()
	b, readErr := io.ReadAll(io.LimitReader(res.Body, maxAnswer))
	switch code := res.StatusCode; {
	case code >= 200 && code < 300:
		if readErr != nil {
			return "", &AcceptedError{Err: fmt.Errorf("sms gateway answered %d, then: %w", code, readErr)}
		}
		return g.accepted(code, b)
	case code >= 500 || code == http.StatusRequestTimeout || code == http.StatusTooManyRequests:
		return "", fmt.Errorf("sms gateway answered %d: %s", code, g.reason(b))
	default:
		return "", &PermanentError{Err: fmt.Errorf("sms gateway refused it (%d): %s", code, g.reason(b))}
	}
}

// accepted reads the message id of a 2xx answer.
func (g *HTTPGateway) accepted(code int, b []byte) (string, error) {
	var v any
	if json.Unmarshal(b, &v) != nil {
		return "", &AcceptedError{Err: fmt.Errorf("sms gateway answered %d without JSON", code)}
	}
	if id := lookup(v, g.Profile.ID); id != "" {
		return id, nil
	}
	if e := lookup(v, g.Profile.Error); e != "" {
		return "", &PermanentError{Err: fmt.Errorf("sms gateway refused it: %s", clip(e, 200))}
	}
	return "", &AcceptedError{Err: fmt.Errorf("sms gateway answered %d without a message id", code)}
}

func (g *HTTPGateway) reason(b []byte) string {
	var v any
	if json.Unmarshal(b, &v) == nil {
		if e := lookup(v, g.Profile.Error); e != "" {
			return clip(e, 200)
		}
	}
	return clip(strings.ToValidUTF8(string(b), "?"), 200)
}

// lookup follows a dotted path ("data.0.id") into decoded JSON and
// answers a string or number found there.
func lookup(v any, path string) string {
	if path == "" {
		return ""
	}
	for _, k := range strings.Split(path, ".") {
		switch x := v.(type) {
		case map[string]any:
			v = x[k]
		case []any:
			i, err := strconv.Atoi(k)
			if err != nil || i < 0 || i >= len(x) {
				return ""
			}
			v = x[i]
		default:
			return ""
		}
	}
	switch x := v.(type) {
	case string:
		return x
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return ""
}
