//! Background work that must never slow a visitor's request: a thread lowered to
//! Linux's idle scheduling class gets the processor only when nothing else wants it.

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
