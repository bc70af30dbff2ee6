"""Every cell of every sheet of a workbook, as openpyxl (an independent reader) reads
it: a JSON object {"sheets": {name: [[{"value": text, "type": openpyxl's data_type,
"date": whether it is a date, "format": its number format}, ...], ...]}}.

Usage: /usr/bin/python3 xlsx_cells.py FILE.xlsx
"""
import datetime
import json
import sys

import openpyxl

book = openpyxl.load_workbook(sys.argv[1])
sheets = {}
for sheet in book.worksheets:
    rows = []
    for row in sheet.iter_rows():
        cells = []
        for cell in row:
            value = cell.value
            if isinstance(value, datetime.datetime):
                value = value.strftime("%Y-%m-%d %H:%M:%S")
            cells.append({
                "value": value,
                "type": cell.data_type,
                "date": cell.is_date,
                "format": cell.number_format,
            })
        rows.append(cells)
    sheets[sheet.title] = rows
print(json.dumps({"sheets": sheets}, ensure_ascii=False))
