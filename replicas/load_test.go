package replicas

import (
	"fmt"
	stdsync "sync"
	"sync/atomic"
	"testing"
)

// load is phones working through the proxy until stopped: each round a
// phone signs in and pushes an offline inspection (with a lost answer on
// every other batch). Every phone is kept for the exactly-once check.
type load struct {
	mu     stdsync.Mutex
	phones []*phone
	stop   chan struct{}
	done   stdsync.WaitGroup
	rounds atomic.Int64
	halt   func()
}

// startLoad runs n phones in a loop through the proxy; users are the
// seeded inspectors, round robin.
func startLoad(t *testing.T, name string, n int) *load {
	l := &load{stop: make(chan struct{})}
	l.halt = stdsync.OnceFunc(func() { close(l.stop); l.done.Wait() })
	t.Cleanup(l.halt) // a test that fails on the way stops its phones
	users := []string{"inspector", "inspector2", "inspector3"}
	for i := range n {
		l.done.Go(func() {
			for k := 0; ; k++ {
				select {
				case <-l.stop:
					return
				default:
				}
				ph, err := makePhone(set.proxy.base(), users[i%len(users)]+"@replicas.test", fmt.Sprintf("%s-%d-%d", name, i, k), 1, nil)
				if err != nil {
					t.Error(err)
					return
				}
				l.mu.Lock()
				l.phones = append(l.phones, ph)
				l.mu.Unlock()
				ph.run(t, set.proxy.base())
				l.rounds.Add(1)
			}
		})
	}
	return l
}

// end stops the phones after their round and checks every mutation of
// every phone was applied once.
func (l *load) end(t *testing.T) []*phone {
	l.halt()
	checkExactlyOnce(t, l.phones...)
	return l.phones
}

// answers adds up the phones' HTTP answers by kind.
func answers(phones []*phone) map[string]int {
	out := map[string]int{}
	for _, p := range phones {
		p.mu.Lock()
		for k, v := range p.answers {
			out[k] += v
		}
		for _, c := range p.cuts {
			out["cut: "+c]++
		}
		p.mu.Unlock()
	}
	return out
}
