import CGtkSupport

/// CPU priority of background threads, so that long work leaves the UI its frames.
public enum ThreadPriority {
    /// Makes the calling thread nicer by `increment` (Linux nice values are per thread).
    /// For threads of one's own that do long background work, not for shared pools.
    public static func lowerCurrentThread(by increment: Int32 = 10) {
        _ = lbx_thread_lower_priority(increment)
    }

    /// Makes the calling thread as nice as a thread gets (19, a fifteenth of the weight of
    /// nice 10). Nice 10 is not enough for a thread that runs beside the window's for seconds:
    /// under the kernel's fair scheduler the window's thread, having used its larger share,
    /// waits out a nice-10 thread's turn in the middle of a frame (tens of milliseconds on two
    /// cores during a scan). Still a share, never none: a thread starved outright (SCHED_IDLE)
    /// holding a lock others need (malloc's, the catalog's) would hold them all up.
    public static func lowerCurrentThreadAllTheWay() {
        _ = lbx_thread_lower_priority(39)  // the kernel clamps the result to 19
    }

    /// The calling thread's nice value (0 for a normal thread).
    package static var currentThreadNice: Int32 { lbx_thread_nice() }
}

/// The process's heap.
public enum ProcessMemory {
    /// Gives memory freed on any thread back to the system. glibc keeps freed memory in
    /// each thread's arena for reuse, so a burst of large temporary arrays made off the main
    /// thread (reading and sorting a large data set) stays counted in the resident size.
    public static func returnFreedMemory() {
        _ = lbx_release_free_heap()
    }

    /// Allocations of `bytes` or more (1 MB by default) get memory of their own from the
    /// system, given back when they are freed. glibc otherwise raises that size after every
    /// large free, up to 32 MB, and from then on carves large temporary arrays (a look through
    /// 100,000 photos) out of the thread arenas, where the pages stay resident between the live
    /// blocks around them. Allocations this large are few, so their system calls cost little.
    public static func giveLargeBlocksTheirOwnMemory(from bytes: Int = 1 << 20) {
        _ = lbx_fix_large_block_size(bytes)
    }

    /// Keeps memory freed for reuse in the heap: blocks up to 32 MB come from it rather than
    /// from the system each time, and its top is not given back after every free. For a
    /// process that decodes one large image after another; give the memory back with
    /// `returnFreedMemory()` when it goes idle.
    public static func keepFreedMemoryForReuse() {
        _ = lbx_keep_freed_heap()
    }
}
