package jobs

import "context"

// JobPhotoOrphans deletes the photo objects no row references
// (docs/PHOTOS.md "Orphaned objects"). It is a job of its own, not a
// housekeeping step, so that an object store that is down fails this run
// alone: housekeeping's database chores go on, and the next run retries.
const JobPhotoOrphans = "photo-orphans"

// photoOrphans runs the sweep main wired in.
func (s *Service) photoOrphans(ctx context.Context, r *Run) error {
	if s.d.PhotoOrphans == nil {
		r.Add("no_object_store", 1)
		return nil
	}
	n, err := s.d.PhotoOrphans(ctx, r.Now)
	r.Add("objects_deleted", int(n))
	return err
}
