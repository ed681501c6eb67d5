package document

import (
	"context"
	"os"

	"github.com/chromedp/chromedp"
)

// BrowserPID is the shared browser's process id (0: not running), for
// tests that kill it.
func (p *Printer) BrowserPID() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.browser == nil {
		return 0
	}
	if proc := chromedpProcess(p.browser); proc != nil {
		return proc.Pid
	}
	return 0
}

// chromedpProcess is the browser process of a chromedp context, if any.
func chromedpProcess(ctx context.Context) *os.Process {
	if c := chromedp.FromContext(ctx); c != nil && c.Browser != nil {
		return c.Browser.Process()
	}
	return nil
}
