package sync_test

import (
	"context"
	"fmt"
	"slices"
	stdsync "sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	tsync "github.com/tindal/tindal/sync"
)

// streamItem is what a client keeps of an item to find repeats.
type streamItem struct {
	Type    string
	ID      uuid.UUID
	Op      string
	Version int64
}

// TestEachEntityVersionArrivesOncePerStream (issue 11 item 4): eight
// devices push offline work concurrently while pullers holding several
// scope keys each (an inspector: own key and jurisdiction; a supervisor of
// two jurisdictions; the vessels' owner) page through the log at limits 1,
// 2 and 7. A change is logged under every key it concerns, and an entity
// changes many times: yet every (entity, version) must arrive at most once
// in a stream, and what a stream ends with must be what a fresh pull of
// the database gives.
func TestEachEntityVersionArrivesOncePerStream(t *testing.T) {
	f := newFixture(t)
	engine, err := tsync.NewPullEngine(f.db, testKey, tsync.PullOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	const devices = 8
	for i := range devices {
		f.user(fmt.Sprintf("inspector-%d", i), models.RoleInspector, f.jur, ago(30*24*time.Hour))
		f.device(fmt.Sprintf("phone-%d", i), fmt.Sprintf("inspector-%d", i))
	}
	sup := f.user("supervisor", models.RoleSupervisor, f.jur, ago(30*24*time.Hour))
	viewers := map[string]tsync.Viewer{
		"inspector": {UserID: f.users["inspector-0"], DeviceID: uuid.New(), Role: models.RoleInspector,
			Jurisdictions: []uuid.UUID{f.jur}, Access: accessOf(models.RoleInspector)},
		"supervisor": {UserID: sup, DeviceID: uuid.New(), Role: models.RoleSupervisor,
			Jurisdictions: []uuid.UUID{f.jur, f.jur2}, Access: accessOf(models.RoleSupervisor)},
		"owner": {UserID: uuid.New(), DeviceID: uuid.New(), Role: models.RoleOwner, OwnerID: &f.owner, Access: accessOf(models.RoleOwner)},
	}
	type stream struct {
		name   string
		v      tsync.Viewer
		limit  int
		cursor string
		got    []streamItem
	}
	var streams []*stream
	for _, name := range []string{"inspector", "supervisor", "owner"} {
		for _, limit := range []int{1, 2, 7} {
			streams = append(streams, &stream{name: fmt.Sprintf("%s/limit=%d", name, limit), v: viewers[name], limit: limit})
		}
	}
	pullPage := func(s *stream) (bool, error) {
		p, err := engine.Pull(ctx, s.v, tsync.PullRequest{Cursor: s.cursor, Limit: s.limit})
		if err != nil {
			return false, err
		}
		pg := decodePage(t, p)
		for _, it := range pg.Items {
			if it.Version > 0 { // reference items (version 0) come from the code
				s.got = append(s.got, streamItem{it.Type, it.ID, it.Op, it.Version})
			}
		}
		s.cursor = pg.Cursor
		return pg.HasMore, nil
	}
	// Every stream starts before the pushes: its first sync.
	for _, s := range streams {
		for more := true; more; {
			if more, err = pullPage(s); err != nil {
				t.Fatal(err)
			}
		}
	}

	// Eight phones push at once: each starts inspections on both vessels,
	// answers items in several pushes and records a finding, so that each
	// inspection changes version many times and is logged under its
	// jurisdiction, owner and inspector keys.
	items := []string{"fire.extinguishers", "fire.buckets", "equip.anchors", "nav.lights", "lsa.lifebuoys"}
	var writers, pullers stdsync.WaitGroup
	var mu stdsync.Mutex // f.mut counts seqs in a shared map
	for d := range devices {
		dev := fmt.Sprintf("phone-%d", d)
		writers.Go(func() {
			for k, vessel := range []uuid.UUID{f.vessel, f.vessel2} {
				id := uuid.Must(uuid.NewV7())
				at := ago(time.Duration(40-k*10) * time.Minute)
				mu.Lock()
				batches := [][]tsync.Mutation{{f.start(dev, id, vessel, at)}}
				for i, item := range items {
					batches = append(batches, []tsync.Mutation{f.answer(dev, id, item, []string{"no", "yes"}[i%2], 1, at.Add(time.Duration(i+1)*time.Second))})
				}
				batches = append(batches, []tsync.Mutation{f.mut(dev, "finding.record", 1, at.Add(10*time.Second),
					map[string]any{"id": uuid.Must(uuid.NewV7()), "inspection_id": id, "code": "11004", "note": "seen"})})
				mu.Unlock()
				for _, b := range batches {
					res, err := f.pushErr(dev, nil, b...)
					if err != nil {
						t.Error(err)
						return
					}
					for _, r := range res.Results {
						if r.Status != "applied" {
							t.Errorf("%s: %s %s %s", dev, r.Status, r.Code, r.Message)
						}
					}
				}
			}
		})
	}
	done := make(chan struct{})
	for _, s := range streams {
		pullers.Go(func() {
			for {
				select {
				case <-done:
					return
				default:
				}
				if _, err := pullPage(s); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	writers.Wait()
	close(done)
	pullers.Wait()
	if t.Failed() {
		t.FailNow()
	}
	// Drain what is left.
	for _, s := range streams {
		for more := true; more; {
			if more, err = pullPage(s); err != nil {
				t.Fatal(err)
			}
		}
	}
	if n := f.count("SELECT count(*) FROM inspections"); n != 2*devices {
		t.Fatalf("%d inspections in the database, want %d", n, 2*devices)
	}

	for _, s := range streams {
		seen := map[streamItem]int{}
		repeats := 0
		final := map[string]int64{}
		for _, it := range s.got {
			seen[it]++
			if seen[it] == 2 {
				repeats++
			}
			if it.Op == tsync.OpUpsert {
				final[it.Type+" "+it.ID.String()] = it.Version
			} else {
				delete(final, it.Type+" "+it.ID.String())
			}
		}
		if repeats > 0 {
			t.Errorf("%s: %d of %d items arrived more than once (same entity, op and version)", s.name, repeats, len(s.got))
		}
		// The state the stream ends with is a fresh pull's.
		fresh := map[string]int64{}
		var cursor string
		for more := true; more; {
			p, err := engine.Pull(ctx, s.v, tsync.PullRequest{Cursor: cursor, Limit: 2000})
			if err != nil {
				t.Fatal(err)
			}
			pg := decodePage(t, p)
			for _, it := range pg.Items {
				if it.Version > 0 && it.Op == tsync.OpUpsert {
					fresh[it.Type+" "+it.ID.String()] = it.Version
				}
			}
			cursor, more = pg.Cursor, pg.HasMore
		}
		var diff []string
		for k, v := range fresh {
			if final[k] != v {
				diff = append(diff, fmt.Sprintf("%s: stream %d, database %d", k, final[k], v))
			}
		}
		for k := range final {
			if _, ok := fresh[k]; !ok {
				diff = append(diff, k+": in the stream, not in the database's view")
			}
		}
		slices.Sort(diff)
		if len(diff) > 0 {
			t.Errorf("%s: the stream's final state differs from the database's: %v", s.name, diff)
		}
		t.Logf("%s: %d items, %d entities", s.name, len(s.got), len(final))
	}
	// The database's own versions, for the inspector's inspections, are
	// what its streams ended with.
	rows, err := f.db.Pool.Query(ctx, "SELECT id, version FROM inspections WHERE inspector_id = $1", f.users["inspector-0"])
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var id uuid.UUID
		var version int64
		if err := rows.Scan(&id, &version); err != nil {
			t.Fatal(err)
		}
		for _, s := range streams[:3] {
			var last int64
			for _, it := range s.got {
				if it.ID == id && it.Type == "inspection" {
					last = it.Version
				}
			}
			if last != version {
				t.Errorf("%s: inspection %s ends at version %d, the database has %d", s.name, id, last, version)
			}
		}
	}
}
