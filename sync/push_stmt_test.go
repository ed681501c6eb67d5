package sync_test

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	stdsync "sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm/logger"

	"github.com/tindal/tindal/models"
)

// stmtLog counts the statements GORM sends, by their first 90 characters,
// with the time spent in each. A savepoint-and-record prelude sent on its
// own (before a read) bypasses GORM and is not counted; one sent with a
// write is counted as that write (one round trip).
type stmtLog struct {
	logger.Interface
	mu    stdsync.Mutex
	n     map[string]int
	d     map[string]time.Duration
	trace bool
}

func (l *stmtLog) Trace(_ context.Context, begin time.Time, fc func() (string, int64), _ error) {
	sql, _ := fc()
	sql = strings.Join(strings.Fields(sql), " ")
	if l.trace {
		fmt.Printf("SQL %6.2fms %.220s\n", float64(time.Since(begin).Microseconds())/1000, sql)
	}
	if len(sql) > 90 {
		sql = sql[:90]
	}
	l.mu.Lock()
	l.n[sql]++
	l.d[sql] += time.Since(begin)
	l.mu.Unlock()
}

// TestPushStatementCount prints the statements of one offline-day push
// (docs/SYNC.md §5):
//
//	TINDAL_STMT_COUNT=1 go test ./sync -run TestPushStatementCount -count=1 -v
//
// TINDAL_STMT_COUNT=2 also traces each statement; TINDAL_STMT_WARM=N
// pushes N days before (the same owner's chain grows).
func TestPushStatementCount(t *testing.T) {
	mode := os.Getenv("TINDAL_STMT_COUNT")
	if mode == "" {
		t.Skip("a diagnostic: set TINDAL_STMT_COUNT=1")
	}
	f := newFixture(t)
	f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
	f.device("d1", "ins")
	warm, _ := strconv.Atoi(os.Getenv("TINDAL_STMT_WARM"))
	for i := 0; i <= warm; i++ {
		f.push("d1", f.offlineDay("d1", uuid.Must(uuid.NewV7()))...)
	}
	day := f.offlineDay("d1", uuid.Must(uuid.NewV7()))
	l := &stmtLog{Interface: logger.Discard, n: map[string]int{}, d: map[string]time.Duration{}, trace: mode == "2"}
	f.db.Gorm.Logger = l
	t0 := time.Now()
	res := f.push("d1", day...)
	took := time.Since(t0)
	f.db.Gorm.Logger = logger.Discard
	if last := res.Results[len(res.Results)-1]; last.Status != "applied" {
		t.Fatalf("push: %+v", last)
	}
	keys := make([]string, 0, len(l.n))
	total := 0
	for k, v := range l.n {
		keys = append(keys, k)
		total += v
	}
	sort.Slice(keys, func(i, j int) bool { return l.n[keys[i]] > l.n[keys[j]] })
	for _, k := range keys {
		fmt.Printf("%4d %8.2fms  %s\n", l.n[k], float64(l.d[k].Microseconds())/1000, k)
	}
	fmt.Printf("statements %d, push %s\n", total, took.Round(time.Microsecond))
}
