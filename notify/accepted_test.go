package notify_test

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/testkit"
)

// droppingServer is an SMTP server that accepts every message with 250 and
// then closes the connection when the client sends the command named by
// dropAt (RSET or QUIT), as a server restarting or a proxy timing out
// does. It counts the messages it accepted.
func droppingServer(t *testing.T, dropAt string) (string, *atomic.Int32) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	must(t, err)
	t.Cleanup(func() { ln.Close() })
	var accepted atomic.Int32
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go serveAndDrop(c, dropAt, &accepted)
		}
	}()
	return ln.Addr().String(), &accepted
}

func serveAndDrop(c net.Conn, dropAt string, accepted *atomic.Int32) {
	defer c.Close()
	fmt.Fprint(c, "220 dropper ESMTP\r\n")
	sc := bufio.NewScanner(c)
	inData := false
	for sc.Scan() {
		line := sc.Text()
		if inData {
			if line == "." {
				inData = false
				accepted.Add(1)
				fmt.Fprint(c, "250 2.0.0 queued as 1\r\n")
			}
			continue
		}
		cmd := strings.ToUpper(line)
		switch {
		case strings.HasPrefix(cmd, dropAt):
			return // the connection drops after the message was accepted
		case strings.HasPrefix(cmd, "EHLO"):
			fmt.Fprint(c, "250-dropper\r\n250 8BITMIME\r\n")
		case strings.HasPrefix(cmd, "DATA"):
			inData = true
			fmt.Fprint(c, "354 go ahead\r\n")
		case strings.HasPrefix(cmd, "QUIT"):
			fmt.Fprint(c, "221 bye\r\n")
			return
		default:
			fmt.Fprint(c, "250 ok\r\n")
		}
	}
}

// TestAcceptedMessageIsNotSentAgainWhenTheConnectionDrops: once the
// server answered 250 to the end of DATA the message is sent; a connection
// that drops at RSET or QUIT afterwards must not leave it pending to be
// delivered a second time on the next dispatch.
func TestAcceptedMessageIsNotSentAgainWhenTheConnectionDrops(t *testing.T) {
	for _, dropAt := range []string{"RSET", "QUIT"} {
		t.Run("drop at "+dropAt, func(t *testing.T) {
			db := testkit.NewDB(t)
			r := seedOwner(t, db, "en")
			enqueue(t, db, reminder(r))
			addr, accepted := droppingServer(t, dropAt)
			s := plainSMTP(t, addr)
			s.TLS = notify.TLSNone
			ctx := context.Background()
			now := time.Now()
			res, err := dispatcher(db, s).Dispatch(ctx, now)
			must(t, err)
			if res != (notify.Result{Sent: 1}) {
				t.Errorf("first dispatch %+v, want 1 sent", res)
			}
			var state string
			must(t, db.Gorm.Raw(`SELECT state FROM notifications WHERE channel = 'email'`).Scan(&state).Error)
			if state != "sent" {
				t.Errorf("state %q after the server accepted it, want sent", state)
			}
			// Later dispatches (the backoff is at most hours) find nothing due.
			for _, later := range []time.Duration{time.Minute, 7 * time.Hour} {
				res, err = dispatcher(db, s).Dispatch(ctx, now.Add(later))
				must(t, err)
				if res != (notify.Result{}) {
					t.Errorf("dispatch %v later: %+v, want nothing", later, res)
				}
			}
			if n := accepted.Load(); n != 1 {
				t.Errorf("the server accepted the message %d times, want 1", n)
			}
		})
	}
}
