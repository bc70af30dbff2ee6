//! Per-client-address limits on form submissions, and which address is the client's.
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::time::Duration;

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use poem::Request;

/// Forgotten addresses are swept once the table holds this many.
const SWEEP_AT: usize = 10_000;

pub struct Limiter {
    limiter: DefaultKeyedRateLimiter<IpAddr>,
    clock: DefaultClock,
}

impl Limiter {
    /// `burst` submissions at once from one address, then `per_minute` more each minute.
    pub fn new(burst: NonZeroU32, per_minute: NonZeroU32) -> Limiter {
        let period = Duration::from_secs(60) / per_minute.get();
        let quota = Quota::with_period(period)
            .expect("a non-zero period")
            .allow_burst(burst);
        Limiter {
            limiter: RateLimiter::keyed(quota),
            clock: DefaultClock::default(),
        }
    }

    /// `Ok` when `client` may submit now; otherwise how long it must wait.
    pub fn check(&self, client: IpAddr) -> Result<(), Duration> {
        if self.limiter.len() > SWEEP_AT {
            self.limiter.retain_recent();
        }
        self.limiter
            .check_key(&client)
            .map_err(|not_until| not_until.wait_time_from(self.clock.now()))
    }
}

/// The socket's peer, unless it is the trusted proxy: then the last address that
/// proxy appended to `X-Forwarded-For` (falling back to the peer if it is unreadable).
pub fn client_address(req: &Request, trusted_proxy: Option<IpAddr>) -> Option<IpAddr> {
    let peer = req.remote_addr().as_socket_addr().map(|addr| addr.ip())?;
    if Some(peer) != trusted_proxy {
        return Some(peer);
    }
    let forwarded = req
        .headers()
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .filter_map(|item| item.trim().parse::<IpAddr>().ok())
        .next_back();
    Some(forwarded.unwrap_or(peer))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn burst_then_refill() {
        let limiter = Limiter::new(NonZeroU32::new(3).unwrap(), NonZeroU32::new(60).unwrap());
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        for _ in 0..3 {
            assert!(limiter.check(a).is_ok());
        }
        let wait = limiter.check(a).unwrap_err();
        assert!(
            wait <= Duration::from_secs(1) && wait > Duration::ZERO,
            "{wait:?}"
        );
        assert!(
            limiter.check(b).is_ok(),
            "each address has its own allowance"
        );
    }
}
