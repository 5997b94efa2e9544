import ExcelJS from 'exceljs';
import type { IhubMessage } from '@p2p/domain';

/** The monitor list as a workbook (format=xlsx): one row per message, payloads left out. */
export async function monitorWorkbook(title: string, items: IhubMessage[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(title.slice(0, 31));
  ws.columns = [
    { header: 'Id', key: 'id', width: 10 },
    { header: 'Direction', key: 'direction', width: 10 },
    { header: 'Interface', key: 'iface', width: 22 },
    { header: 'Model', key: 'model', width: 14 },
    { header: 'Document', key: 'doc', width: 14 },
    { header: 'Status', key: 'status', width: 11 },
    { header: 'Attempts', key: 'attempts', width: 9 },
    { header: 'ERP key', key: 'erpKey', width: 13 },
    { header: 'Reference', key: 'ref', width: 14 },
    { header: 'Error', key: 'error', width: 60 },
    { header: 'Updated', key: 'updated', width: 20 },
  ];
  ws.getRow(1).font = { bold: true };
  for (const m of items) {
    const err = m.error as {
      message?: string;
      details?: Array<{ message: string; line?: { pos: number } | null }>;
    } | null;
    const detail = err?.details?.map((d) => (d.line ? `${d.line.pos}: ${d.message}` : d.message)).join('; ');
    ws.addRow({
      id: Number(m._id),
      direction: m.direction,
      iface: m.interface,
      model: m.model,
      doc: m.document?.key ?? m.document?._id ?? '',
      status: m.status,
      attempts: m.attempts,
      erpKey: m.erpKey ?? '',
      ref: m.externalRef,
      error: detail || err?.message || '',
      updated: new Date(m.updatedAt),
    });
  }
  ws.getColumn('updated').numFmt = 'dd-mm-yyyy hh:mm';
  return Buffer.from(await wb.xlsx.writeBuffer());
}
