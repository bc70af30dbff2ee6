//! Per-client limits on form submissions, and which address is the client's. An
//! IPv6 client is one /64 (one home or phone network holds a whole /64, and can
//! pick any address in it); an IPv4 client is its address.
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use poem::Request;

/// How often addresses whose allowance is full again are forgotten.
pub const SWEEP_EVERY: Duration = Duration::from_secs(60);

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
        self.limiter
            .check_key(&bucket(client))
            .map_err(|not_until| not_until.wait_time_from(self.clock.now()))
    }

    /// Forgets, once a minute, the addresses whose allowance is full again, off the
    /// request path (a sweep of a large table on every check slowed every check).
    pub fn sweep_in_background(self: &Arc<Self>, every: Duration) {
        let limiter = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut every = tokio::time::interval(every);
            every.tick().await;
            loop {
                every.tick().await;
                let Some(limiter) = limiter.upgrade() else {
                    return;
                };
                limiter.limiter.retain_recent();
                limiter.limiter.shrink_to_fit();
            }
        });
    }

    #[cfg(test)]
    fn tracked(&self) -> usize {
        self.limiter.len()
    }
}

/// The key a client is limited under: an IPv4 address (also when written as IPv6),
/// or an IPv6 address's /64 network.
fn bucket(client: IpAddr) -> IpAddr {
    match client {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
    }
}

/// An address as proxies write it in X-Forwarded-For: `203.0.113.7`, `203.0.113.7:5555`,
/// `2001:db8::1` or `[2001:db8::1]:443`.
fn forwarded_address(item: &str) -> Option<IpAddr> {
    let item = item.trim();
    item.parse::<IpAddr>()
        .ok()
        .or_else(|| item.parse::<SocketAddr>().ok().map(|a| a.ip()))
        .or_else(|| {
            item.strip_prefix('[')
                .and_then(|rest| rest.strip_suffix(']'))
                .and_then(|inner| inner.parse().ok())
        })
}

/// The socket's peer, unless it is the trusted proxy: then the last address in
/// `X-Forwarded-For`, the one that proxy appended (the proxy itself if that entry is
/// unreadable: an earlier entry is the client's own claim and is never believed).
/// Addresses are compared as IPv4 where they are one (a dual-stack socket on `[::]`
/// sees an IPv4 peer as `::ffff:a.b.c.d`).
pub fn client_address(req: &Request, trusted_proxy: Option<IpAddr>) -> Option<IpAddr> {
    let peer = req
        .remote_addr()
        .as_socket_addr()
        .map(|addr| addr.ip().to_canonical())?;
    if Some(peer) != trusted_proxy.map(|p| p.to_canonical()) {
        return Some(peer);
    }
    // Only the last entry is the proxy's own word; anything before it the client wrote.
    let last = req
        .headers()
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .next_back();
    Some(
        last.and_then(forwarded_address)
            .map_or(peer, |ip| ip.to_canonical()),
    )
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

    #[test]
    fn an_ipv6_network_shares_one_allowance() {
        let limiter = Limiter::new(NonZeroU32::new(2).unwrap(), NonZeroU32::new(1).unwrap());
        let allowed = (1..=5)
            .filter(|i| {
                let client: IpAddr = format!("2001:db8:1:2::{i}").parse().unwrap();
                limiter.check(client).is_ok()
            })
            .count();
        assert_eq!(allowed, 2, "five addresses of one /64 share a burst of 2");
        assert!(limiter.check("2001:db8:1:3::1".parse().unwrap()).is_ok());
        // An IPv4 client written as IPv6 is the same client.
        assert!(limiter.check("192.0.2.9".parse().unwrap()).is_ok());
        assert!(limiter.check("192.0.2.9".parse().unwrap()).is_ok());
        assert!(limiter.check("::ffff:192.0.2.9".parse().unwrap()).is_err());
    }

    #[test]
    fn forwarded_entries_with_ports_are_read() {
        for (item, ip) in [
            ("203.0.113.7", "203.0.113.7"),
            (" 203.0.113.7:5555", "203.0.113.7"),
            ("2001:db8::1", "2001:db8::1"),
            ("[2001:db8::1]:443", "2001:db8::1"),
            ("[2001:db8::1]", "2001:db8::1"),
        ] {
            assert_eq!(forwarded_address(item), Some(ip.parse().unwrap()), "{item}");
        }
        assert_eq!(forwarded_address("unknown"), None);
    }

    #[tokio::test]
    async fn the_table_is_swept_on_a_timer_not_on_each_check() {
        let limiter = Arc::new(Limiter::new(
            NonZeroU32::new(1).unwrap(),
            NonZeroU32::new(6000).unwrap(),
        ));
        limiter.sweep_in_background(Duration::from_millis(300));
        for i in 0..20_000u32 {
            let _ = limiter.check(IpAddr::V4(i.into()));
        }
        assert_eq!(limiter.tracked(), 20_000, "checks do not sweep");
        tokio::time::sleep(Duration::from_millis(1000)).await;
        assert_eq!(
            limiter.tracked(),
            0,
            "every allowance is full again after 10 ms"
        );
    }
}
