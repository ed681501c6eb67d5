package document_test

import (
	"context"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/tindal/tindal/document"
)

// minimal is the raw baseline: a page with one line, printed by the same
// browser in the same way (a tab, the document set from memory, fonts
// awaited, Page.printToPDF with the footer).
const minimal = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>x</title></head><body>x</body></html>`

// BenchmarkPrint measures one document of record: a detention order in
// English and Kannada (4 A4 sheets, shaped Kannada, the QR code), beside
// its raw baseline from the same run and the same browser: the minimal
// page printed the same way (a tab, the document set from memory, fonts
// awaited, Page.printToPDF with a footer), which is what a tab and a print
// cost by themselves (bench/report pairs them by the name baseline).
func BenchmarkPrint(b *testing.B) {
	p := printer()
	ctx := context.Background()
	b.Run("baseline", func(b *testing.B) {
		for b.Loop() {
			if _, err := p.PDF(ctx, []byte(minimal), "<span></span>"); err != nil {
				b.Fatal(err)
			}
		}
	})
	var pages []document.Page
	for _, l := range document.Langs("kn") {
		pg, err := document.DetentionPage(sampleDetention(), l, issuer)
		if err != nil {
			b.Fatal(err)
		}
		pages = append(pages, pg)
	}
	b.Run("detention-en-kn", func(b *testing.B) {
		for b.Loop() {
			if _, err := p.Print(ctx, pages...); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestPrinterSurvivesItsBrowserDying: when the shared Chromium is killed,
// the next print starts another and succeeds; prints run at once are
// bounded and all succeed.
func TestPrinterSurvivesItsBrowserDying(t *testing.T) {
	needTools(t)
	p := document.NewPrinter(document.PrinterOptions{Concurrency: 2, Timeout: 60 * time.Second})
	defer p.Close()
	ctx := context.Background()
	if _, err := p.PDF(ctx, []byte(minimal), "<span></span>"); err != nil {
		t.Fatal(err)
	}
	killChromiums(t, p.BrowserPID())
	b, err := p.PDF(ctx, []byte(minimal), "<span></span>")
	if err != nil || !strings.HasPrefix(string(b), "%PDF") {
		t.Fatalf("after the browser died: %v", err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 6)
	for range 6 {
		wg.Go(func() {
			_, err := p.PDF(ctx, []byte(minimal), "<span></span>")
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
}

// TestPrintGivesUpAtItsTimeout: a page that never lets the renderer go
// (a script in an endless loop) fails at the printer's timeout instead of
// holding a tab, and the printer prints the next document.
func TestPrintGivesUpAtItsTimeout(t *testing.T) {
	needTools(t)
	p := document.NewPrinter(document.PrinterOptions{Timeout: 3 * time.Second})
	defer p.Close()
	stuck := `<!DOCTYPE html><html><body><script>for(;;){}</script>x</body></html>`
	start := time.Now()
	if _, err := p.PDF(context.Background(), []byte(stuck), "<span></span>"); err == nil {
		t.Error("a page that never finishes printed")
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("the print gave up after %v, want about the 3 s timeout", d)
	}
	if _, err := p.PDF(context.Background(), []byte(minimal), "<span></span>"); err != nil {
		t.Errorf("the next print: %v", err)
	}
}

func killChromiums(t *testing.T, pid int) {
	t.Helper()
	if pid <= 0 {
		t.Fatal("no browser pid")
	}
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatalf("kill %d: %v", pid, err)
	}
	// wait for it to be gone
	for range 50 {
		if exec.Command("kill", "-0", strconv.Itoa(pid)).Run() != nil {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
}
