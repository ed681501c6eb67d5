package photo

import (
	"runtime"

	"golang.org/x/sys/unix"
)

// backgroundNice is the nice value of the threads doing photo work: the
// lowest priority, so on a contended machine the kernel runs the API's
// threads (and PostgreSQL's and the object store's, when they share it)
// first, and photo work takes what is left.
const backgroundNice = 19

// lowerPriority pins the calling goroutine to its OS thread and lowers
// that thread alone to backgroundNice (Linux's nice is per thread). The
// goroutine must end without unlocking: Go then retires the thread instead
// of handing it, still at low priority, to other goroutines. It reports
// whether the priority was lowered.
func lowerPriority() bool {
	runtime.LockOSThread()
	return unix.Setpriority(unix.PRIO_PROCESS, unix.Gettid(), backgroundNice) == nil
}
