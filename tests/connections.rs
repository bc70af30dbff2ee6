//! Connections cannot take the site down: with the server's open-file limit at
//! 1,024, a client holding 2,000 idle connections and a slowloris client trickling
//! header bytes do not keep a visitor from the home page, and every one of them is
//! closed once the header timeout has passed; a kept-alive connection lives for
//! the idle timeout between requests, but a later request's head trickled byte by
//! byte does not extend it; a stopping server does not wait for idle connections.
use crate::common;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use common::{Server, raise_own_limit};

/// A visitor's GET /: the status line and how long it took.
fn visit(addr: SocketAddr) -> (String, Duration) {
    let started = Instant::now();
    let mut stream = TcpStream::connect_timeout(&addr, Duration::from_secs(5)).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    stream
        .write_all(b"GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let status = String::from_utf8_lossy(&answer)
        .lines()
        .next()
        .unwrap_or("")
        .to_string();
    (status, started.elapsed())
}

/// Whether the server has closed this connection (end of file or reset).
fn closed(stream: &mut &TcpStream) -> bool {
    stream
        .set_read_timeout(Some(Duration::from_millis(20)))
        .unwrap();
    let mut byte = [0u8; 64];
    loop {
        match stream.read(&mut byte) {
            Ok(0) => return true,
            // A slowloris connection may get a 408 or 400 before the close.
            Ok(_) => continue,
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => return false,
            Err(e) if e.kind() == std::io::ErrorKind::TimedOut => return false,
            Err(_) => return true,
        }
    }
}

#[test]
fn idle_and_slow_connections_do_not_keep_a_visitor_out() {
    raise_own_limit();
    let server = Server::spawn(
        tempfile::tempdir().unwrap(),
        &["--header-timeout", "3"],
        Some("ulimit -n 1024"),
    );
    let log = server.log_with("open-file limit 1024");
    assert!(
        log.contains("open-file limit 1024"),
        "the server runs at 1,024 open files: {log}"
    );
    let addr: SocketAddr = server.base.trim_start_matches("http://").parse().unwrap();

    let mut idle = Vec::new();
    for _ in 0..2000 {
        if let Ok(stream) = TcpStream::connect_timeout(&addr, Duration::from_secs(3)) {
            idle.push(stream);
        }
    }
    assert!(
        idle.len() >= 1900,
        "only {} idle connections opened",
        idle.len()
    );

    let mut slow: Vec<TcpStream> = (0..200)
        .filter_map(|_| TcpStream::connect_timeout(&addr, Duration::from_secs(3)).ok())
        .collect();
    for stream in &mut slow {
        let _ = stream.write_all(b"G");
    }
    let trickle: Vec<TcpStream> = slow.iter().map(|s| s.try_clone().unwrap()).collect();
    let dripping = std::thread::spawn(move || {
        let mut trickle = trickle;
        for _ in 0..6 {
            std::thread::sleep(Duration::from_secs(1));
            for stream in &mut trickle {
                let _ = stream.write_all(b"E");
            }
        }
    });

    for _ in 0..5 {
        let (status, took) = visit(addr);
        assert!(status.starts_with("HTTP/1.1 200"), "{status:?}");
        assert!(took < Duration::from_secs(1), "the home page took {took:?}");
        std::thread::sleep(Duration::from_millis(300));
    }

    dripping.join().unwrap();
    // The header timeout (3 s) has passed for every idle and slow connection.
    std::thread::sleep(Duration::from_secs(2));
    let still_open = idle
        .iter_mut()
        .chain(slow.iter_mut())
        .filter(|s| !closed(&mut &**s))
        .count();
    assert_eq!(
        still_open, 0,
        "connections the server still holds after its timeout"
    );
    let (status, took) = visit(addr);
    assert!(status.starts_with("HTTP/1.1 200") && took < Duration::from_secs(1));
}

/// Asks for the health check on a kept-alive connection and reads the whole answer.
fn ask(stream: &mut TcpStream) -> String {
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
        .unwrap();
    // The whole answer: its head, then the body "ok".
    let mut answer = Vec::new();
    let mut chunk = [0u8; 4096];
    while !answer.ends_with(b"\r\n\r\nok") {
        match stream.read(&mut chunk) {
            Ok(n) if n > 0 => answer.extend_from_slice(&chunk[..n]),
            _ => break,
        }
    }
    String::from_utf8_lossy(&answer).into_owned()
}

/// A kept-alive connection to the server, its first request answered.
fn kept_alive(server: &Server) -> TcpStream {
    let addr: SocketAddr = server.base.trim_start_matches("http://").parse().unwrap();
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    assert!(ask(&mut stream).starts_with("HTTP/1.1 200"));
    stream
}

#[test]
fn a_kept_alive_connection_lives_for_the_idle_timeout_not_the_header_timeout() {
    let server = Server::start_with(&["--header-timeout", "2", "--idle-timeout", "6"]);
    let mut stream = kept_alive(&server);
    // Idle for twice the header timeout: a phone reading the page, then tapping a link.
    std::thread::sleep(Duration::from_secs(4));
    let again = ask(&mut stream);
    assert!(again.starts_with("HTTP/1.1 200"), "{again:?}");
    // Past the idle timeout the server closes it.
    std::thread::sleep(Duration::from_secs(8));
    assert!(closed(&mut &stream));
}

#[test]
fn a_later_request_trickled_byte_by_byte_is_closed_at_the_idle_timeout() {
    let server = Server::start_with(&["--idle-timeout", "3"]);
    let stream = kept_alive(&server);
    let answered = Instant::now();
    // One byte of the next request's head a second, for longer than the timeout.
    let mut writer = stream.try_clone().unwrap();
    let dripping = std::thread::spawn(move || {
        for byte in b"GET /healthz HTTP/1.1\r\nHost: x" {
            if writer.write_all(&[*byte]).is_err() {
                return;
            }
            std::thread::sleep(Duration::from_millis(500));
        }
    });
    let mut reader = &stream;
    reader
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    // The server closes it (perhaps after a 408): the end of the stream comes.
    let mut rest = Vec::new();
    let _ = reader.read_to_end(&mut rest);
    let took = answered.elapsed();
    assert!(
        took >= Duration::from_millis(2500) && took < Duration::from_secs(5),
        "closed {took:?} after the answer; the idle timeout is 3 s"
    );
    dripping.join().unwrap();
}

#[test]
fn a_stopping_server_does_not_wait_for_idle_connections() {
    let mut server = Server::start();
    let idle: Vec<TcpStream> = (0..20).map(|_| kept_alive(&server)).collect();
    let started = Instant::now();
    let status = server
        .terminate(Duration::from_secs(10))
        .expect("still running 10 s after SIGTERM");
    assert!(status.success(), "{status}");
    // Well before the 8 s a stop gives requests in flight (which idle
    // connections would use up if they were not told); loaded CI machines are slow.
    assert!(
        started.elapsed() < Duration::from_secs(6),
        "took {:?} to stop with 20 idle connections",
        started.elapsed()
    );
    for stream in &idle {
        assert!(closed(&mut &*stream), "an idle connection still open");
    }
}
