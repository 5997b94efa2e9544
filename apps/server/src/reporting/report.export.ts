import type { ExportRequest } from '@p2p/domain';
import ExcelJS from 'exceljs';

/**
 * POST /reporting/export-data: the rows a report table shows, as an xlsx workbook (exceljs) or a
 * CSV file. Nothing is read from the database: the caller sends what it was answered. Texts stay
 * texts (a cell never becomes a formula; in CSV a text a spreadsheet would run as a formula gets a
 * leading apostrophe); decimal texts become numbers in xlsx so the sheet can sum them.
 */

export interface ExportFile {
  body: Buffer;
  contentType: string;
  filename: string;
}

interface Column {
  key: string;
  label: string;
}

function columns(headers: ExportRequest['headers']): Column[] {
  return headers.map((h, i) => {
    if (typeof h === 'string') return { key: h, label: h };
    const key = h.src ?? h.value ?? String(i);
    return { key, label: h.label ?? h.text ?? key };
  });
}

/** A value of a row: by key (dotted paths read nested objects), or by position in an array row. */
function cell(row: unknown, column: Column, index: number): unknown {
  if (Array.isArray(row)) return row[index];
  let value: unknown = row;
  for (const part of column.key.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, part)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

const DECIMAL = /^-?\d{1,15}(\.\d+)?$/;

function xlsxValue(v: unknown): string | number | boolean | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  if (typeof v === 'string') return DECIMAL.test(v) && v.replace(/[-.]/g, '').length <= 15 ? Number(v) : v;
  return JSON.stringify(v);
}

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text =
    typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !DECIMAL.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const safeName = (name: string | null | undefined): string =>
  (name ?? '')
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .trim()
    .slice(0, 80) || 'report';

export async function exportData(req: ExportRequest): Promise<ExportFile> {
  const cols = columns(req.headers);
  const name = safeName(req.name);
  if (req.format === 'csv') {
    const lines = [cols.map((c) => csvCell(c.label)).join(',')];
    for (const row of req.data) lines.push(cols.map((c, i) => csvCell(cell(row, c, i))).join(','));
    return {
      body: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8'),
      contentType: 'text/csv; charset=utf-8',
      filename: `${name}.csv`,
    };
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(name.slice(0, 31));
  sheet.addRow(cols.map((c) => c.label)).font = { bold: true };
  for (const row of req.data) sheet.addRow(cols.map((c, i) => xlsxValue(cell(row, c, i))));
  sheet.columns.forEach((c) => (c.width = 18));
  return {
    body: Buffer.from(await workbook.xlsx.writeBuffer()),
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    filename: `${name}.xlsx`,
  };
}
