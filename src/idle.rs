//! Background work that must never slow a visitor's request: a thread lowered to
//! Linux's idle scheduling class gets the processor only when nothing else wants it;
//! one made nicer (a lower share) still moves on, slowly, on a machine kept busy.

/// Lowers the calling thread to the idle scheduling class (a no-op elsewhere).
pub fn run_when_idle() {
    #[cfg(target_os = "linux")]
    {
        let param = libc::sched_param { sched_priority: 0 };
        // SAFETY: pid 0 is the calling thread; `param` lives through the call.
        if unsafe { libc::sched_setscheduler(0, libc::SCHED_IDLE, &param) } != 0 {
            tracing::debug!(
                "background work at normal priority: {}",
                std::io::Error::last_os_error()
            );
        }
    }
}

/// Lowers the calling thread's share of a busy processor to nice `level` (1-19; 10
/// gets about a tenth of a core that a request also wants): work a volunteer waits
/// for still moves on when the machine is never idle, where the idle class would
/// starve it.
pub fn run_nicely(level: i32) {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: gettid has no preconditions; setpriority on one's own thread id
        // changes that thread only (Linux keeps a nice value per thread).
        let changed = unsafe {
            let tid = libc::gettid();
            libc::setpriority(libc::PRIO_PROCESS, tid as libc::id_t, level)
        };
        if changed != 0 {
            tracing::debug!(
                "background work at normal priority: {}",
                std::io::Error::last_os_error()
            );
        }
    }
}
