package demo

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/tindal/tindal/models"
)

// uploadsAtOnce bounds the year's photo uploads in flight.
const uploadsAtOnce = 8

// uploads sends the year's photos in the background while the replay goes
// on, as phones upload after their push, at most uploadsAtOnce visits at a
// time. A visit's approval waits for its own photos (wait): the reviewer
// approves an inspection whose photos are verified, as before.
type uploads struct {
	ctx  context.Context
	sem  chan struct{}
	wg   sync.WaitGroup
	mu   sync.Mutex
	done map[string]chan struct{} // visit key → closed once its photos are up
	errs []error
}

func newUploads(ctx context.Context) *uploads {
	return &uploads{ctx: ctx, sem: make(chan struct{}, uploadsAtOnce), done: map[string]chan struct{}{}}
}

// start uploads the photos of visit key as sc in the background.
func (u *uploads) start(key string, sc models.Scope, s *seeder, photos []demoPhoto) {
	if s.photos == nil || len(photos) == 0 {
		return
	}
	ch := make(chan struct{})
	u.mu.Lock()
	u.done[key] = ch
	u.mu.Unlock()
	u.wg.Add(1)
	go func() {
		defer u.wg.Done()
		defer close(ch)
		u.sem <- struct{}{}
		defer func() { <-u.sem }()
		if err := s.putPhotos(u.ctx, sc, photos); err != nil {
			u.mu.Lock()
			u.errs = append(u.errs, fmt.Errorf("photos of %s: %w", key, err))
			u.mu.Unlock()
		}
	}()
}

// wait waits until the photos of visit key are up and reports any upload
// that failed so far.
func (u *uploads) wait(key string) error {
	u.mu.Lock()
	ch := u.done[key]
	u.mu.Unlock()
	if ch != nil {
		<-ch
	}
	return u.err()
}

// all waits for every upload.
func (u *uploads) all() error {
	u.wg.Wait()
	return u.err()
}

func (u *uploads) err() error {
	u.mu.Lock()
	defer u.mu.Unlock()
	return errors.Join(u.errs...)
}
