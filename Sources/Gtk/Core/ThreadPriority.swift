import CGtkSupport

/// CPU priority of background threads, so that long work leaves the UI its frames.
public enum ThreadPriority {
    /// Makes the calling thread nicer by `increment` (Linux nice values are per thread).
    /// For threads of one's own that do long background work, not for shared pools.
    public static func lowerCurrentThread(by increment: Int32 = 10) {
        _ = lbx_thread_lower_priority(increment)
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
}
