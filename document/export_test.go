package document

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
