//! `thewell export --format xlsx`: one form's submissions as an Excel workbook
//! (rust_xlsxwriter), one sheet named for the form. Every answer is a text cell, as
//! typed (Urdu, emoji, line breaks; a phone number without a mark before it): a text
//! cell is never read as a formula, so nothing needs guarding. When it arrived is a
//! date-and-time cell in the export's zone.
use chrono::{DateTime, Datelike, Timelike};
use chrono_tz::Tz;
use rust_xlsxwriter::{ExcelDateTime, Format, Workbook, XlsxError};

use crate::forms::{Form, title};

/// The column of each answer, after the id and the time it arrived.
const FIRST_ANSWER: u16 = 2;

/// A workbook being filled, one row per submission.
pub struct Sheet {
    workbook: Workbook,
    next_row: u32,
    wrap: Format,
    when: Format,
    /// The widest text of each column so far, in characters (for its width).
    widths: Vec<usize>,
}

impl Sheet {
    /// A workbook with `form`'s sheet and its header row: the id, when it arrived (in
    /// `tz`, named in the heading), each field's label.
    pub fn new(form: &Form, tz: Tz) -> Result<Sheet, XlsxError> {
        let mut workbook = Workbook::new();
        let bold = Format::new().set_bold();
        let sheet = workbook.add_worksheet();
        sheet.set_name(sheet_name(&title(form.name)))?;
        let mut headings = vec!["Id".to_string(), format!("Submitted ({})", tz.name())];
        headings.extend(form.fields.iter().map(|f| f.label.to_string()));
        for (col, heading) in headings.iter().enumerate() {
            sheet.write_string_with_format(0, col as u16, heading, &bold)?;
        }
        sheet.set_freeze_panes(1, 0)?;
        let widths = headings.iter().map(|h| h.chars().count()).collect();
        Ok(Sheet {
            workbook,
            next_row: 1,
            wrap: Format::new().set_text_wrap(),
            when: Format::new().set_num_format("yyyy-mm-dd hh:mm:ss"),
            widths,
        })
    }

    /// One submission: its id, when it arrived (local to its zone), its answers.
    pub fn row(
        &mut self,
        id: &str,
        arrived: DateTime<Tz>,
        answers: &[String],
    ) -> Result<(), XlsxError> {
        let row = self.next_row;
        let sheet = self.workbook.worksheet_from_index(0)?;
        sheet.write_string(row, 0, id)?;
        let when = ExcelDateTime::from_ymd(
            arrived.year() as u16,
            arrived.month() as u8,
            arrived.day() as u8,
        )?
        .and_hms(
            arrived.hour() as u16,
            arrived.minute() as u8,
            arrived.second(),
        )?;
        sheet.write_datetime_with_format(row, 1, &when, &self.when)?;
        for (i, answer) in answers.iter().enumerate() {
            let col = FIRST_ANSWER + i as u16;
            if answer.contains('\n') {
                sheet.write_string_with_format(row, col, answer, &self.wrap)?;
            } else {
                sheet.write_string(row, col, answer)?;
            }
            let longest = answer.lines().map(|l| l.chars().count()).max().unwrap_or(0);
            let width = &mut self.widths[usize::from(col)];
            *width = (*width).max(longest);
        }
        self.next_row += 1;
        Ok(())
    }

    /// The workbook's bytes, its columns as wide as their text (within reason).
    pub fn finish(mut self) -> Result<Vec<u8>, XlsxError> {
        let sheet = self.workbook.worksheet_from_index(0)?;
        for (col, width) in self.widths.iter().enumerate() {
            let width = if col == 1 {
                20
            } else {
                (*width).clamp(8, 60) + 2
            };
            sheet.set_column_width(col as u16, width as f64)?;
        }
        self.workbook.save_to_buffer()
    }
}

/// A sheet's name from a form's title: at most 31 characters, none of `[]:*?/\`.
fn sheet_name(title: &str) -> String {
    title
        .chars()
        .filter(|c| !"[]:*?/\\".contains(*c))
        .take(31)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sheet_name_is_short_and_plain() {
        assert_eq!(sheet_name("Connect Card"), "Connect Card");
        assert_eq!(sheet_name("A/B: [x]?"), "AB x");
        assert_eq!(sheet_name(&"x".repeat(40)).len(), 31);
    }
}
