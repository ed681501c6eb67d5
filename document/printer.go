package document

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	stdsync "sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// Printer turns a document's HTML into its PDF with headless Chromium
// (Debian's chromium; the fonts are the installed Noto Sans, Noto Sans
// Kannada and Noto Sans Devanagari of fonts-noto-core, which Chromium
// shapes with HarfBuzz and embeds as subsets, so Kannada and Hindi come out
// of pdftotext as the Unicode that went in). One browser per process,
// started on the first print and shared: each document gets a tab of its
// own, at most Concurrency at a time, each bounded by Timeout; a browser
// that died is started again on the next print. The page is set from
// memory (Page.setDocumentContent on about:blank) and carries its QR code
// as a data: URL, so printing touches no network.
type Printer struct {
	opts PrinterOptions
	sem  chan struct{}

	mu      stdsync.Mutex
	browser context.Context // a chromedp context whose browser is running; nil: not started
	stop    context.CancelFunc
}

// PrinterOptions configure a Printer; zero fields take the defaults.
type PrinterOptions struct {
	// Exec is the browser's executable; "": chromium, then
	// chromium-browser, google-chrome on PATH.
	Exec string
	// Concurrency bounds the documents printed at once (default 2: a tab
	// costs a renderer process).
	Concurrency int
	// Timeout bounds one document (default 30 s).
	Timeout time.Duration
}

// NewPrinter returns a printer; the browser starts on the first print.
func NewPrinter(o PrinterOptions) *Printer {
	if o.Concurrency <= 0 {
		o.Concurrency = 2
	}
	if o.Timeout <= 0 {
		o.Timeout = 30 * time.Second
	}
	return &Printer{opts: o, sem: make(chan struct{}, o.Concurrency)}
}

// ErrNoBrowser is returned when no Chromium is installed (scripts/
// services.sh and the Docker image install Debian's chromium).
var ErrNoBrowser = errors.New("print: no chromium installed")

// Print prints pages one after the other (the PDF of record: English, then
// the owner's language) with "Page N of M" in each page's language at the
// foot of every sheet.
func (p *Printer) Print(ctx context.Context, pages ...Page) ([]byte, error) {
	html, err := PrintHTML(pages...)
	if err != nil {
		return nil, err
	}
	return p.PDF(ctx, html, footerTemplate(pages))
}

// PDF prints an HTML document with the footer template (Chromium's
// pageNumber and totalPages classes), retrying once on a fresh browser if
// the shared one died.
func (p *Printer) PDF(ctx context.Context, html []byte, footer string) ([]byte, error) {
	select {
	case p.sem <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	defer func() { <-p.sem }()
	for attempt := 0; ; attempt++ {
		b, err := p.printOnce(ctx, html, footer)
		if err == nil || ctx.Err() != nil || attempt == 1 || !p.died() {
			return b, err
		}
	}
}

func (p *Printer) printOnce(ctx context.Context, html []byte, footer string) ([]byte, error) {
	browser, err := p.start()
	if err != nil {
		return nil, err
	}
	tab, closeTab := chromedp.NewContext(browser)
	defer closeTab()
	tctx, cancel := context.WithTimeout(tab, p.opts.Timeout)
	defer cancel()
	stopWatch := context.AfterFunc(ctx, cancel) // the caller gave up: close the tab
	defer stopWatch()
	out, err := chromedp.Run(tctx, printAction(string(html), footer))
	if err != nil {
		return nil, fmt.Errorf("print pdf: %w", err)
	}
	return out, nil
}

// printAction sets the document, waits for its fonts and images, and
// prints it on A4 with the page's own margins (@page) and the footer.
func printAction(html, footer string) chromedp.Action[[]byte] {
	return func(ctx context.Context, t *chromedp.Target) ([]byte, error) {
		tree, err := cdp.Call(ctx, t, page.GetFrameTree, cdp.Empty{})
		if err != nil {
			return nil, err
		}
		if _, err := cdp.Call(ctx, t, page.SetDocumentContent,
			page.SetDocumentContentParams{FrameID: tree.FrameTree.Frame.ID, HTML: html}); err != nil {
			return nil, err
		}
		ready := chromedp.Evaluate[bool](`Promise.all([document.fonts.ready].concat(`+
			`Array.from(document.images, i => i.decode().catch(() => null)))).then(() => true)`, chromedp.EvalAwaitPromise)
		if _, err := ready(ctx, t); err != nil {
			return nil, err
		}
		yes, empty := true, "<span></span>"
		res, err := cdp.Call(ctx, t, page.PrintToPDF, page.PrintToPDFParams{
			DisplayHeaderFooter: &yes, PrintBackground: &yes, PreferCSSPageSize: &yes,
			PaperWidth: 8.27, PaperHeight: 11.69, // A4, should @page be ignored
			HeaderTemplate: empty, FooterTemplate: footer,
		})
		if err != nil {
			return nil, err
		}
		return res.Data, nil
	}
}

// start returns the running browser's context, starting it if needed.
func (p *Printer) start() (context.Context, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.browser != nil && p.browser.Err() == nil {
		return p.browser, nil
	}
	bin, err := p.exec()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "tindal-print-")
	if err != nil {
		return nil, fmt.Errorf("print: profile dir: %w", err)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(bin), chromedp.NoSandbox,
		chromedp.UserDataDir(dir), chromedp.Flag("disable-gpu", true), chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("no-pings", true),
		chromedp.Flag("proxy-server", "127.0.0.1:9"), chromedp.Flag("proxy-bypass-list", "<-loopback>"))
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	// chromedp logs a DOM.documentUpdated that Page.setDocumentContent sends before the frame exists: noise
	browser, cancelBrowser := chromedp.NewContext(alloc, chromedp.WithErrorf(func(string, ...any) {}))
	if err := chromedp.Do(browser); err != nil { // starts the browser, with no deadline of a caller's
		cancelBrowser()
		cancelAlloc()
		_ = os.RemoveAll(dir)
		return nil, fmt.Errorf("print: start chromium: %w", err)
	}
	p.browser = browser
	p.stop = func() { cancelBrowser(); cancelAlloc(); _ = os.RemoveAll(dir) }
	return browser, nil
}

// died reports whether the shared browser has gone (crashed or killed),
// and forgets it so that the next print starts another.
func (p *Printer) died() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.browser == nil || p.browser.Err() == nil {
		return false
	}
	p.stop()
	p.browser, p.stop = nil, nil
	return true
}

func (p *Printer) exec() (string, error) {
	if p.opts.Exec != "" {
		return p.opts.Exec, nil
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if path, err := exec.LookPath(name); err == nil {
			return path, nil
		}
	}
	return "", ErrNoBrowser
}

// Close stops the browser.
func (p *Printer) Close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stop != nil {
		p.stop()
	}
	p.browser, p.stop = nil, nil
}
