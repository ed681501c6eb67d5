package notify

import (
	"html"
	"strings"
)

// HTMLOf renders a plain-text notice as a small HTML document with the same
// words: paragraphs at blank lines, a list for "  • " lines, line breaks
// kept. Mail clients that prefer HTML show it; the text part stays the
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
			b.WriteString("<li>" + html.EscapeString(item) + "</li>")
			continue
		}
		if inList {
			b.WriteString("</ul>")
			inList = false
		}
		plain = append(plain, html.EscapeString(l))
	}
	if inList {
		b.WriteString("</ul>")
	}
	flush()
}
