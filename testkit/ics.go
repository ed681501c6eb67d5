package testkit

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ICSComponent is a parsed iCalendar component: its properties (name →
// values, parameters stripped into Params) and sub-components.
type ICSComponent struct {
	Name     string
	Props    map[string][]string
	Params   map[string][]string
	Children []*ICSComponent
}

// ParseICS parses and checks an RFC 5545 stream strictly: valid UTF-8,
// every line ends in CRLF, no line is longer than 75 octets, folded lines
// are unfolded, BEGIN/END nest, parameters are NAME=VALUE, and the
// required properties are present (VCALENDAR: VERSION 2.0 and PRODID;
// VEVENT: UID, DTSTAMP, DTSTART; VALARM: ACTION, TRIGGER, and DESCRIPTION
// for DISPLAY). Values are checked by type: TEXT escapes its commas,
// semicolons and backslashes (§3.3.11); DATE is 8 digits and DTEND is
// after DTSTART; SEQUENCE is a non-negative integer; DTSTAMP is a UTC
// DATE-TIME; UIDs are unique in the calendar.
func ParseICS(b []byte) (*ICSComponent, error) {
	if !utf8.Valid(b) {
		return nil, fmt.Errorf("not UTF-8")
	}
	lines, err := unfold(b)
	if err != nil {
		return nil, err
	}
	root, err := icsTree(lines)
	if err != nil {
		return nil, err
	}
	if err := icsEvents(root); err != nil {
		return nil, err
	}
	return root, nil
}

// icsTree nests the content lines into one VCALENDAR and its components,
// checking that each END closes the open component and that every
// component has its required properties.
func icsTree(lines []string) (*ICSComponent, error) {
	var stack []*ICSComponent
	var root *ICSComponent
	for i, l := range lines {
		name, params, value, err := contentLine(l)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", i+1, err)
		}
		switch name {
		case "BEGIN":
			c := &ICSComponent{Name: value, Props: map[string][]string{}, Params: map[string][]string{}}
			if len(stack) > 0 {
				top := stack[len(stack)-1]
				top.Children = append(top.Children, c)
			} else if root != nil {
				return nil, fmt.Errorf("line %d: a second top-level component", i+1)
			} else {
				root = c
			}
			stack = append(stack, c)
		case "END":
			if len(stack) == 0 || stack[len(stack)-1].Name != value {
				return nil, fmt.Errorf("line %d: END:%s does not close the open component", i+1, value)
			}
			if err := required(stack[len(stack)-1]); err != nil {
				return nil, err
			}
			stack = stack[:len(stack)-1]
		default:
			if len(stack) == 0 {
				return nil, fmt.Errorf("line %d: property outside a component", i+1)
			}
			top := stack[len(stack)-1]
			top.Props[name] = append(top.Props[name], value)
			top.Params[name] = append(top.Params[name], params)
		}
	}
	if len(stack) != 0 || root == nil || root.Name != "VCALENDAR" {
		return nil, fmt.Errorf("not one complete VCALENDAR")
	}
	return root, nil
}

// icsEvents checks each VEVENT's values and that no UID appears twice.
func icsEvents(root *ICSComponent) error {
	uids := map[string]bool{}
	for _, c := range root.Children {
		if c.Name != "VEVENT" {
			continue
		}
		if err := eventValues(c); err != nil {
			return err
		}
		uid := c.Props["UID"][0]
		if uids[uid] {
			return fmt.Errorf("UID %s appears twice", uid)
		}
		uids[uid] = true
	}
	return nil
}

var (
	icsDate     = regexp.MustCompile(`^[0-9]{8}$`)
	icsUTCStamp = regexp.MustCompile(`^[0-9]{8}T[0-9]{6}Z$`)
	icsParam    = regexp.MustCompile(`^[A-Z0-9-]+=("[^"]*"|[^";:,]+)(,("[^"]*"|[^";:,]+))*$`)
)

// eventValues checks the values of a VEVENT by their types.
func eventValues(c *ICSComponent) error {
	for _, p := range []string{"SUMMARY", "DESCRIPTION", "LOCATION", "COMMENT"} {
		for _, v := range c.Props[p] {
			if err := icsText(v); err != nil {
				return fmt.Errorf("%s %s: %w", c.Props["UID"][0], p, err)
			}
		}
	}
	if !icsUTCStamp.MatchString(c.Props["DTSTAMP"][0]) {
		return fmt.Errorf("DTSTAMP %q is not a UTC date-time", c.Props["DTSTAMP"][0])
	}
	for _, s := range c.Props["SEQUENCE"] {
		if n, err := strconv.Atoi(s); err != nil || n < 0 || len(c.Props["SEQUENCE"]) > 1 {
			return fmt.Errorf("SEQUENCE %v", c.Props["SEQUENCE"])
		}
	}
	start := c.Props["DTSTART"][0]
	if strings.Contains(strings.Join(c.Params["DTSTART"], ";"), "VALUE=DATE") {
		if !icsDate.MatchString(start) {
			return fmt.Errorf("DTSTART %q is not a DATE", start)
		}
		for _, end := range c.Props["DTEND"] {
			if !icsDate.MatchString(end) || end <= start {
				return fmt.Errorf("DTEND %q is not a DATE after DTSTART %q", end, start)
			}
		}
	}
	return nil
}

// icsText checks TEXT escaping: a backslash escapes only \\, ;, , and n/N,
// and no comma or semicolon stands unescaped.
func icsText(v string) error {
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '\\':
			if i+1 >= len(v) || !strings.ContainsRune(`\\;,nN`, rune(v[i+1])) {
				return fmt.Errorf("bad escape at %d in %q", i, v)
			}
			i++
		case ',', ';':
			return fmt.Errorf("unescaped %q at %d in %q", v[i], i, v)
		}
	}
	return nil
}

func unfold(b []byte) ([]string, error) {
	if !bytes.HasSuffix(b, []byte("\r\n")) {
		return nil, fmt.Errorf("the stream does not end with CRLF")
	}
	raw := strings.Split(strings.TrimSuffix(string(b), "\r\n"), "\r\n")
	var out []string
	for i, l := range raw {
		if strings.Contains(l, "\n") || strings.Contains(l, "\r") {
			return nil, fmt.Errorf("line %d: a bare LF or CR", i+1)
		}
		if len(l) > 75 {
			return nil, fmt.Errorf("line %d: %d octets, over 75", i+1, len(l))
		}
		if strings.HasPrefix(l, " ") || strings.HasPrefix(l, "\t") {
			if len(out) == 0 {
				return nil, fmt.Errorf("line %d: continuation without a line", i+1)
			}
			out[len(out)-1] += l[1:]
			continue
		}
		out = append(out, l)
	}
	return out, nil
}

func contentLine(l string) (name, params, value string, err error) {
	colon := strings.Index(l, ":")
	if colon <= 0 {
		return "", "", "", fmt.Errorf("no name:value in %q", l)
	}
	head := l[:colon]
	name, params, _ = strings.Cut(head, ";")
	for _, r := range name {
		if !(r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-') {
			return "", "", "", fmt.Errorf("bad property name %q", name)
		}
	}
	if params != "" {
		for _, p := range strings.Split(params, ";") {
			if !icsParam.MatchString(p) {
				return "", "", "", fmt.Errorf("bad parameter %q of %s", p, name)
			}
		}
	}
	return name, params, l[colon+1:], nil
}

func required(c *ICSComponent) error {
	need := map[string][]string{
		"VCALENDAR": {"VERSION", "PRODID"},
		"VEVENT":    {"UID", "DTSTAMP", "DTSTART"},
		"VALARM":    {"ACTION", "TRIGGER"},
	}[c.Name]
	if c.Name == "VALARM" && len(c.Props["ACTION"]) > 0 && c.Props["ACTION"][0] == "DISPLAY" {
		need = append(need, "DESCRIPTION")
	}
	for _, p := range need {
		if len(c.Props[p]) != 1 {
			return fmt.Errorf("%s has %d %s, want exactly 1", c.Name, len(c.Props[p]), p)
		}
	}
	if c.Name == "VCALENDAR" && c.Props["VERSION"][0] != "2.0" {
		return fmt.Errorf("VERSION %s, want 2.0", c.Props["VERSION"][0])
	}
	return nil
}

// UnescapeICSText undoes RFC 5545 TEXT escaping.
func UnescapeICSText(s string) string {
	r := strings.NewReplacer(`\n`, "\n", `\N`, "\n", `\,`, ",", `\;`, ";", `\\`, `\`)
	return r.Replace(s)
}
