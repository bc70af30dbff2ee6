//! `thewell export`: one form's submissions, filtered by whole days in a time zone,
//! as an Excel workbook (`export_xlsx`), CSV (spreadsheet-safe) or JSON Lines, to a
//! file or standard output.
use std::io::{self, BufWriter, IsTerminal, Write};

use chrono::{DateTime, Days, NaiveDate, NaiveTime, Utc};
use chrono_tz::Tz;
use serde_json::{Map, Value};

use super::CliError;
use super::args::{ExportArgs, Format};
use super::export_xlsx::Sheet;
use crate::data_dir::{DataDir, create_private_file};
use crate::forms::Form;
use crate::schedule::resolve_local;
use crate::store::{self, Reader, StoreError};

/// The first instant of `date` in `tz` (midnight, or the first minute after a gap that skips it).
pub fn start_of_day(date: NaiveDate, tz: Tz) -> DateTime<Utc> {
    resolve_local(tz, date.and_time(NaiveTime::MIN))
}

/// ULID key bounds `[from, until)` for the days `since..=until` in `tz`.
pub fn key_range(since: Option<NaiveDate>, until: Option<NaiveDate>, tz: Tz) -> (u128, u128) {
    let key = |t: DateTime<Utc>| (t.timestamp_millis().max(0) as u128) << 80;
    let from = since.map(|d| key(start_of_day(d, tz))).unwrap_or(0);
    let to = until
        .and_then(|d| d.checked_add_days(Days::new(1)))
        .map(|d| key(start_of_day(d, tz)))
        .unwrap_or(u128::MAX);
    (from, to)
}

/// A cell a spreadsheet would run as a formula gets a leading apostrophe (looking
/// past what a spreadsheet may skip before it: format characters, spaces and
/// default-ignorable code points, `text::is_skippable`).
pub fn neutralise(cell: String) -> String {
    let first = cell.chars().find(|c| !crate::text::is_skippable(*c));
    match first {
        Some('=' | '+' | '-' | '@' | '\t' | '\r') => format!("'{cell}"),
        _ => cell,
    }
}

/// An answer as the visitor gave it, as text: a yes/no as "yes" or "no", a list of
/// choices joined by "; ".
fn answer(value: Option<&Value>) -> String {
    let text = match value {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.clone(),
        Some(Value::Bool(b)) => (if *b { "yes" } else { "no" }).to_string(),
        Some(Value::Array(items)) => items
            .iter()
            .map(|i| {
                i.as_str()
                    .map(str::to_string)
                    .unwrap_or_else(|| i.to_string())
            })
            .collect::<Vec<_>>()
            .join("; "),
        Some(other) => other.to_string(),
    };
    // Records stored before text was cleaned on the way in are cleaned on the way out.
    crate::text::free_text(&text)
}

/// An answer as a CSV cell: the formula check looks at what a spreadsheet sees first.
fn cell(value: Option<&Value>) -> String {
    neutralise(answer(value))
}

/// Writes the export; returns how many submissions it holds.
pub fn run(data_dir: &DataDir, args: &ExportArgs) -> Result<u64, CliError> {
    if let (Some(since), Some(until)) = (args.since, args.until)
        && since > until
    {
        return Err(CliError::EmptyRange { since, until });
    }
    let format = args.format();
    if matches!(format, Format::Xlsx) && args.output.is_none() && io::stdout().is_terminal() {
        return Err(CliError::Usage(
            "a workbook is not text to show here: give the file to write, e.g. --output connect-cards.xlsx".into(),
        ));
    }
    let reader = Reader::open(data_dir)?;
    let (from, to) = key_range(args.since, args.until, args.tz);
    let target: Box<dyn Write> = match &args.output {
        // Personal data: only the staff member's own account may read the file.
        Some(path) => Box::new(
            create_private_file(path).map_err(|source| CliError::Output {
                path: path.clone(),
                source,
            })?,
        ),
        None => Box::new(io::stdout().lock()),
    };
    let out = BufWriter::with_capacity(1 << 16, target);
    write(&reader, args.form, from, to, args.tz, format, out).map_err(|error| match error {
        WriteError::Io(source) => match &args.output {
            Some(path) => CliError::Output {
                path: path.clone(),
                source,
            },
            None => CliError::Stdout(source),
        },
        WriteError::Store(error) => CliError::Store(error),
    })
}

/// What can stop an export half-way: the output, or the store.
enum WriteError {
    Io(io::Error),
    Store(StoreError),
}

impl From<io::Error> for WriteError {
    fn from(error: io::Error) -> Self {
        WriteError::Io(error)
    }
}

/// The csv writer wraps the output's error; unwrap it so a closed pipe stays a closed pipe.
impl From<csv::Error> for WriteError {
    fn from(error: csv::Error) -> Self {
        match error.into_kind() {
            csv::ErrorKind::Io(error) => WriteError::Io(error),
            other => WriteError::Io(io::Error::other(format!("{other:?}"))),
        }
    }
}

/// The workbook writer's error, as the output's.
fn xlsx(error: rust_xlsxwriter::XlsxError) -> WriteError {
    WriteError::Io(io::Error::other(format!("the workbook: {error}")))
}

impl From<StoreError> for WriteError {
    fn from(error: StoreError) -> Self {
        WriteError::Store(error)
    }
}

fn write(
    reader: &Reader,
    form: &Form,
    from: u128,
    to: u128,
    tz: Tz,
    format: Format,
    mut out: impl Write,
) -> Result<u64, WriteError> {
    let mut count = 0u64;
    match format {
        Format::Csv => {
            // The byte-order mark tells Excel the file is UTF-8 (Urdu, accents); Calc accepts it too.
            out.write_all("\u{feff}".as_bytes())?;
            let mut csv = csv::WriterBuilder::new()
                .terminator(csv::Terminator::CRLF)
                .from_writer(out);
            let mut header = vec!["id", "submitted_at"];
            header.extend(form.fields.iter().map(|f| f.name));
            csv.write_record(&header)?;
            let mut row = Vec::with_capacity(header.len());
            reader.scan(form, from, to, |id, json| -> Result<(), WriteError> {
                let record: Map<String, Value> = serde_json::from_str(json).unwrap_or_default();
                row.clear();
                row.push(id.to_string());
                row.push(
                    store::received_at(id)
                        .with_timezone(&tz)
                        .to_rfc3339_opts(chrono::SecondsFormat::Secs, false),
                );
                row.extend(form.fields.iter().map(|f| cell(record.get(f.name))));
                csv.write_record(&row)?;
                count += 1;
                Ok(())
            })?;
            csv.flush()?;
        }
        Format::Xlsx => {
            let mut sheet = Sheet::new(form, tz).map_err(xlsx)?;
            reader.scan(form, from, to, |id, json| -> Result<(), WriteError> {
                let record: Map<String, Value> = serde_json::from_str(json).unwrap_or_default();
                let answers: Vec<String> = form
                    .fields
                    .iter()
                    .map(|f| answer(record.get(f.name)))
                    .collect();
                let arrived = store::received_at(id).with_timezone(&tz);
                sheet
                    .row(&id.to_string(), arrived, &answers)
                    .map_err(xlsx)?;
                count += 1;
                Ok(())
            })?;
            out.write_all(&sheet.finish().map_err(xlsx)?)?;
            out.flush()?;
        }
        Format::Jsonl => {
            reader.scan(form, from, to, |id, json| -> Result<(), WriteError> {
                let mut record: Map<String, Value> = serde_json::from_str(json).unwrap_or_default();
                record.remove(store::IDEMPOTENCY_KEY);
                record.insert("id".into(), Value::String(id.to_string()));
                writeln!(out, "{}", Value::Object(record))?;
                count += 1;
                Ok(())
            })?;
            out.flush()?;
        }
    }
    Ok(count)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_are_neutralised_and_plain_text_is_not() {
        for risky in ["=1+1", "+1 555 0100", "-2", "@SUM(A1)", "\tx", "\rx"] {
            assert_eq!(neutralise(risky.to_string()), format!("'{risky}"));
        }
        for safe in ["Ana", "555-0100", "", "a=b", "دعا"] {
            assert_eq!(neutralise(safe.to_string()), safe);
        }
    }

    #[test]
    fn hidden_characters_leave_cells_before_the_formula_check() {
        assert_eq!(
            cell(Some(&Value::String("\u{202E}=HYPERLINK(1)".into()))),
            "'=HYPERLINK(1)"
        );
        assert_eq!(cell(Some(&Value::String("\u{0}+1\u{85}".into()))), "'+1");
        assert_eq!(
            cell(Some(&Value::String("two\nlines".into()))),
            "two\nlines"
        );
    }

    #[test]
    fn the_formula_guard_looks_past_invisible_characters_and_spaces() {
        for risky in [
            "\u{200B}=1+1",
            "\u{FEFF}=cmd",
            "\u{2060}@A1",
            "\u{200E}-1",
            " =1",
        ] {
            assert!(neutralise(risky.to_string()).starts_with('\''), "{risky:?}");
        }
        assert_eq!(neutralise("\u{200B}Ana".to_string()), "\u{200B}Ana");
    }

    /// Every format (Cf) and space (Zs) character as Python's unicodedata lists them
    /// (tables independent of the ones the guard uses), and every default-ignorable
    /// code point, each before `=`, `+`, `-` and `@`: every cell is neutralised.
    #[test]
    fn the_formula_guard_looks_past_every_format_space_and_ignorable_character() {
        let listed = std::process::Command::new("/usr/bin/python3")
            .args([
                "-c",
                "import sys, unicodedata; print(' '.join(str(c) for c in range(sys.maxunicode + 1) if unicodedata.category(chr(c)) in ('Cf', 'Zs')))",
            ])
            .output()
            .expect("this test needs Debian's python3 (apt-get install python3)");
        assert!(listed.status.success(), "python3 failed: {listed:?}");
        let mut hidden: Vec<char> = String::from_utf8(listed.stdout)
            .unwrap()
            .split_whitespace()
            .map(|n| char::from_u32(n.parse().unwrap()).unwrap())
            .collect();
        assert!(
            hidden.len() > 150,
            "Python listed {} characters",
            hidden.len()
        );
        for c in ['\u{AD}', '\u{180E}', '\u{E0041}', '\u{FFF9}', '\u{3000}'] {
            assert!(hidden.contains(&c), "{c:?} is Cf or Zs");
        }
        use icu_properties::CodePointSetData;
        use icu_properties::props::DefaultIgnorableCodePoint;
        hidden.extend(
            CodePointSetData::new::<DefaultIgnorableCodePoint>()
                .iter_ranges()
                .flatten()
                .filter_map(char::from_u32),
        );
        let mut missed = Vec::new();
        for c in &hidden {
            for trigger in ['=', '+', '-', '@'] {
                let written = cell(Some(&Value::String(format!("{c}{trigger}1+1"))));
                if !written.starts_with('\'') {
                    missed.push(format!("U+{:04X} then {trigger}", *c as u32));
                }
            }
        }
        assert!(
            missed.is_empty(),
            "{} cells not neutralised: {:?}",
            missed.len(),
            &missed[..missed.len().min(20)]
        );
    }

    #[test]
    fn cells_join_lists_and_spell_booleans() {
        assert_eq!(
            cell(Some(&serde_json::json!(["Email", "Text"]))),
            "Email; Text"
        );
        assert_eq!(cell(Some(&Value::Bool(true))), "yes");
        assert_eq!(cell(Some(&Value::Bool(false))), "no");
        assert_eq!(cell(None), "");
    }

    #[test]
    fn days_are_whole_days_in_the_zone() {
        let ny: Tz = "America/New_York".parse().unwrap();
        let d = |s: &str| NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap();
        // Winter: midnight in New York is 05:00 UTC.
        assert_eq!(
            start_of_day(d("2026-01-15"), ny).to_rfc3339(),
            "2026-01-15T05:00:00+00:00"
        );
        // Summer: 04:00 UTC.
        assert_eq!(
            start_of_day(d("2026-07-15"), ny).to_rfc3339(),
            "2026-07-15T04:00:00+00:00"
        );
        let (from, to) = key_range(Some(d("2026-03-08")), Some(d("2026-03-08")), ny);
        // The day the clocks spring forward has 23 hours.
        assert_eq!(((to - from) >> 80) as u64, 23 * 3600 * 1000);
        // A zone whose clocks skip midnight itself still has a first instant.
        let havana: Tz = "America/Havana".parse().unwrap();
        assert_eq!(
            start_of_day(d("2026-03-08"), havana).to_rfc3339(),
            "2026-03-08T05:00:00+00:00"
        );
    }

    #[test]
    fn the_filter_keeps_exactly_the_days_asked_for_at_local_midnight() {
        let temp = tempfile::tempdir().unwrap();
        let dir = DataDir::new(temp.path());
        let db = crate::store::open_for_writing(&dir).unwrap();
        let form = crate::forms::find("contact").unwrap();
        let stamps = [
            "2026-01-15T04:59:59.999Z",
            "2026-01-15T05:00:00.000Z",
            "2026-01-16T04:59:59.999Z",
            "2026-01-16T05:00:00.000Z",
        ];
        for (i, stamp) in stamps.iter().enumerate() {
            let ms = DateTime::parse_from_rfc3339(stamp)
                .unwrap()
                .timestamp_millis() as u64;
            crate::store::insert_at(
                &db,
                form,
                ulid::Ulid::from_parts(ms, i as u128),
                &format!("{{\"subject\":\"{i}\"}}"),
            );
        }
        drop(db);
        let reader = Reader::open(&dir).unwrap();
        let ny: Tz = "America/New_York".parse().unwrap();
        let day = NaiveDate::from_ymd_opt(2026, 1, 15);
        let (from, to) = key_range(day, day, ny);
        let mut out = Vec::new();
        let count = write(&reader, form, from, to, ny, Format::Jsonl, &mut out)
            .ok()
            .unwrap();
        let subjects: Vec<String> = String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|l| {
                serde_json::from_str::<Value>(l).unwrap()["subject"]
                    .as_str()
                    .unwrap()
                    .to_string()
            })
            .collect();
        assert_eq!(count, 2);
        assert_eq!(
            subjects,
            ["1", "2"],
            "midnight to 23:59:59.999 in New York, no more"
        );
    }
}
