// Package replicas holds the replica tests: three `tindal serve` processes
// built from this tree, on one PostgreSQL database and one MinIO bucket,
// behind HAProxy (round robin, health checks on /readyz, the client's
// address in X-Forwarded-For), shown to keep every guarantee one server
// keeps: exactly-once pushes, gap-free pulls, resumable uploads, one job
// run per schedule, login limits and sessions, a rolling restart across a
// migration, and the photo store degraded rather than down when MinIO loses
// a drive (docs/SCALING.md).
package replicas
