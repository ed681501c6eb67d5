package notify

import (
	"html"
	"strings"
)

// HTMLOf renders a plain-text notice as a small HTML document with the same
// words: paragraphs at blank lines, a list for "  • " lines, line breaks
// kept, and every http(s) URL a link (<a href>), so that a sign-in or
// invitation mail opens its page with one tap in a client that shows the
// HTML part. Mail clients that prefer HTML show it; the text part stays the
// authority (it is what the feed and the tests read).
func HTMLOf(text, lang string) string {
	var b strings.Builder
	b.WriteString(
		`<!DOCTYPE html><html lang="` + html.EscapeString(
			lang,
		) + `"><head><meta charset="utf-8"></head><body style="font-family:sans-serif;line-height:1.5">`,
	)
	for _, para := range strings.Split(strings.TrimSpace(text), "\n\n") {
		htmlParagraph(&b, para)
	}
	b.WriteString("</body></html>")
	return b.String()
}

func htmlParagraph(b *strings.Builder, para string) {
	var plain []string
	inList := false
	flush := func() {
		if len(plain) > 0 {
			b.WriteString("<p>" + strings.Join(plain, "<br>") + "</p>")
			plain = nil
		}
	}
	for _, l := range strings.Split(para, "\n") {
		if item, ok := strings.CutPrefix(l, "  • "); ok {
			flush()
			if !inList {
				b.WriteString("<ul>")
				inList = true
			}
			b.WriteString("<li>" + linked(item) + "</li>")
			continue
		}
		if inList {
			b.WriteString("</ul>")
			inList = false
		}
		plain = append(plain, linked(l))
	}
	if inList {
		b.WriteString("</ul>")
	}
	flush()
}

// linked escapes a line of text and makes each http(s) URL in it a link.
// A URL is a word that starts with the scheme; punctuation that ends a
// sentence after it stays outside the link.
func linked(line string) string {
	var b strings.Builder
	for i, w := range strings.Split(line, " ") {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(linkedWord(w))
	}
	return b.String()
}

func linkedWord(w string) string {
	if !strings.HasPrefix(w, "https://") && !strings.HasPrefix(w, "http://") {
		return html.EscapeString(w)
	}
	u := strings.TrimRight(w, ".,;:!?)")
	if len(u) <= len("https://") {
		return html.EscapeString(w)
	}
	e := html.EscapeString(u)
	return `<a href="` + e + `">` + e + `</a>` + html.EscapeString(w[len(u):])
}
