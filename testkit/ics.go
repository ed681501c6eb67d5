package testkit

import (
	"bytes"
	"fmt"
	"strings"
)

// ICSComponent is a parsed iCalendar component: its properties (name →
// values, parameters stripped into Params) and sub-components.
type ICSComponent struct {
	Name     string
	Props    map[string][]string
	Params   map[string][]string
	Children []*ICSComponent
}

// ParseICS parses and checks an RFC 5545 stream strictly: every line ends
// in CRLF, no line is longer than 75 octets, folded lines are unfolded,
// BEGIN/END nest, and the required properties are present (VCALENDAR:
// VERSION 2.0 and PRODID; VEVENT: UID, DTSTAMP, DTSTART; VALARM: ACTION,
// TRIGGER, and DESCRIPTION for DISPLAY).
func ParseICS(b []byte) (*ICSComponent, error) {
	lines, err := unfold(b)
	if err != nil {
		return nil, err
	}
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
