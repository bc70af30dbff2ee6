//! A fuzz run over all seven forms against a real server: 1,000 requests each of
//! wrong types, huge and odd Unicode (NUL, C0/C1 controls, bidi overrides and
//! isolates, combining marks, emoji), duplicate and extra keys, bad content types
//! and methods, chunked and oversized bodies. No answer may be a 5xx, and the CSV
//! export of what was accepted holds no control character but newline and tab,
//! and no bidi control. Seeded, so a failure repeats.
use crate::common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use common::{FORMS, Server, thewell, valid};
use serde_json::{Value, json};

const PER_FORM: usize = 1000;

/// A small deterministic generator (xorshift64*): no crate needed, and every run is the same.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

/// Characters that hide, reorder or break text, and ones that merely look odd.
const ODD: &[char] = &[
    '\u{0}',
    '\u{1}',
    '\u{7}',
    '\u{8}',
    '\u{b}',
    '\u{c}',
    '\u{1b}',
    '\u{1f}',
    '\u{7f}',
    '\u{80}',
    '\u{85}',
    '\u{9b}',
    '\u{9f}',
    '\u{202a}',
    '\u{202b}',
    '\u{202c}',
    '\u{202d}',
    '\u{202e}',
    '\u{2066}',
    '\u{2067}',
    '\u{2068}',
    '\u{2069}',
    '\u{200b}',
    '\u{200d}',
    '\u{feff}',
    '\u{301}',
    '\u{fffd}',
    '\u{ffff}',
    '\u{10ffff}',
    '😀',
    'د',
    'ا',
    '\n',
    '\r',
    '\t',
    '=',
    '+',
    '-',
    '@',
    '"',
    '\'',
    ',',
    ';',
    '<',
    '>',
    '&',
    'a',
    'Z',
    '9',
    ' ',
];

fn odd_text(rng: &mut Rng) -> String {
    let len = match rng.below(10) {
        0 => 5000 + rng.below(2000),
        1 => 0,
        _ => 1 + rng.below(40),
    };
    (0..len).map(|_| ODD[rng.below(ODD.len())]).collect()
}

fn odd_value(rng: &mut Rng) -> Value {
    match rng.below(9) {
        0 => Value::Null,
        1 => json!(rng.next() as i64),
        2 => json!(rng.chance(50)),
        3 => json!([odd_text(rng), 7, null]),
        4 => json!({"nested": odd_text(rng)}),
        5 => json!(1e308),
        _ => json!(odd_text(rng)),
    }
}

/// The free-text field of each form, where odd text is accepted once cleaned.
fn free_text_field(form: &str) -> Option<&'static str> {
    match form {
        "prayer-request" | "connect-card" => Some("prayerRequest"),
        "north-campus-interest" => Some("questions"),
        "serve-interest" => Some("aboutYou"),
        "contact" => Some("message"),
        _ => None,
    }
}

/// One request as raw bytes over its own connection; the status code of the answer.
fn raw(addr: &str, request: &[u8]) -> Option<u16> {
    let mut stream = TcpStream::connect(addr).ok()?;
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .ok()?;
    let _ = stream.write_all(request);
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let head = String::from_utf8_lossy(&answer[..answer.len().min(64)]).into_owned();
    head.split_whitespace().nth(1).and_then(|s| s.parse().ok())
}

fn body_request(
    method: &str,
    form: &str,
    content_type: &str,
    body: &[u8],
    chunked: bool,
) -> Vec<u8> {
    let mut out = format!("{method} /api/{form} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: {content_type}\r\n").into_bytes();
    if chunked {
        out.extend_from_slice(b"Transfer-Encoding: chunked\r\n\r\n");
        for piece in body.chunks(700) {
            out.extend_from_slice(format!("{:x}\r\n", piece.len()).as_bytes());
            out.extend_from_slice(piece);
            out.extend_from_slice(b"\r\n");
        }
        out.extend_from_slice(b"0\r\n\r\n");
    } else {
        out.extend_from_slice(format!("Content-Length: {}\r\n\r\n", body.len()).as_bytes());
        out.extend_from_slice(body);
    }
    out
}

#[test]
fn fuzzed_submissions_never_answer_5xx_and_export_clean() {
    let server = Server::start_with(&["--rate-burst", "100000", "--rate-per-minute", "100000"]);
    let addr = server.base.trim_start_matches("http://").to_string();
    let forms = FORMS;
    let mut rng = Rng(0x5EED_2026_1122);
    let mut statuses = std::collections::BTreeMap::<u16, usize>::new();
    let mut accepted = 0;
    for form in forms {
        for _ in 0..PER_FORM {
            let mut record = valid(form);
            let fields: Vec<String> = record.as_object().unwrap().keys().cloned().collect();
            // Mostly odd text in the free text (accepted, cleaned); often elsewhere too.
            if let Some(field) = free_text_field(form)
                && rng.chance(70)
            {
                record[field] = json!(format!("{}{}", "x", odd_text(&mut rng)));
            }
            if rng.chance(40) {
                let field = &fields[rng.below(fields.len())];
                record[field] = odd_value(&mut rng);
            }
            if rng.chance(10) {
                record["extra"] = odd_value(&mut rng);
            }
            let mut body = record.to_string().into_bytes();
            if rng.chance(10) {
                // A duplicate key: JSON allows it; the last one wins.
                let field = &fields[rng.below(fields.len())];
                let mut text = record.to_string();
                text.insert_str(1, &format!("{}:{},", json!(field), odd_value(&mut rng)));
                body = text.into_bytes();
            }
            if rng.chance(5) {
                body.truncate(rng.below(body.len() + 1));
            }
            if rng.chance(3) {
                body = vec![b'x'; 17 * 1024 + rng.below(40_000)];
            }
            if rng.chance(3) {
                body.extend((0..rng.below(64)).map(|_| (rng.next() & 0xff) as u8));
            }
            let method = match rng.below(40) {
                0 => "PUT",
                1 => "GET",
                2 => "DELETE",
                _ => "POST",
            };
            let content_type = match rng.below(30) {
                0 => "text/plain",
                1 => "application/x-www-form-urlencoded",
                2 => "application/json; charset=latin1",
                3 => "multipart/form-data; boundary=x",
                _ => "application/json",
            };
            let chunked = rng.chance(15);
            let request = body_request(method, form, content_type, &body, chunked);
            let status = raw(&addr, &request).unwrap_or(0);
            *statuses.entry(status).or_default() += 1;
            if status == 201 {
                accepted += 1;
            }
        }
    }
    eprintln!("answers by status: {statuses:?}");
    let server_errors: usize = statuses
        .iter()
        .filter(|(s, _)| **s >= 500 || **s == 0)
        .map(|(_, n)| n)
        .sum();
    assert_eq!(server_errors, 0, "5xx or no answer: {statuses:?}");
    assert!(
        accepted > 1000,
        "too few accepted to judge the export: {accepted}"
    );

    let mut exported = 0;
    for form in forms {
        let (ok, csv, err) = thewell(&server.data_dir(), &["export", form]);
        assert!(ok, "{err}");
        let mut reader = csv::ReaderBuilder::new().from_reader(csv.as_bytes());
        for record in reader.records() {
            let record = record.expect("a CSV record");
            exported += 1;
            for cell in record.iter() {
                let bad: Vec<char> = cell
                    .chars()
                    .filter(|&c| {
                        (c.is_control() && c != '\n' && c != '\t')
                            || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
                    })
                    .collect();
                assert!(bad.is_empty(), "{form}: {bad:?} in {cell:?}");
            }
        }
    }
    assert_eq!(
        exported, accepted,
        "every accepted submission is in the export"
    );
}
