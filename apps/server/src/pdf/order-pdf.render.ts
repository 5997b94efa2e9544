import { formatDate, formatNumber, formatTime, type Amount } from '@p2p/domain';
import PDFDocument from 'pdfkit';

/**
 * Draws an order as an A4 PDF with pdfkit's standard fonts (Helvetica, WinAnsi: Portuguese and
 * most Western European text, 'ã' included). Pure: everything it prints comes in `OrderPdfData`.
 */

export interface PdfLine {
  pos: number;
  subpos: number;
  item: string;
  description: string;
  quantity: Amount | null;
  unit: string;
  price: Amount | null;
  discountValue: Amount | null;
  costValue: Amount | null;
  taxValue: Amount | null;
  /** tax code and rate, e.g. 'IVA23 23%' */
  taxLabel: string;
  /** the value column: the line value, or the supplier-visible value in the supplier view */
  value: Amount | null;
  /** supplier view, intra-community deductible tax: printed beside the tax value */
  taxWarning?: string;
}

export interface OrderPdfData {
  domainName: string;
  title: string;
  /** the order key, or its id when it has none */
  reference: string;
  subtype: string;
  state: string;
  dates: Array<[label: string, value: string]>;
  supplier: { name: string; vat: string; address: string[] } | null;
  requester: string | null;
  /** blocks under the supplier: ship to, bill to, the buyer's contact (empty ones are left out) */
  parties: Array<[heading: string, rows: string[]]>;
  /** not yet released to the supplier: every page carries a DRAFT mark */
  draft: boolean;
  /** extra header facts: currency, payment terms, contract, ship */
  facts: Array<[label: string, value: string]>;
  lines: PdfLine[];
  totals: Array<[label: string, value: Amount | null]>;
  supplierView: boolean;
  generatedAt: Date;
  /** tests read the text of the content streams; production compresses them */
  compress?: boolean;
}

const MARGIN = 40;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const MUTED = '#555555';
const LINE_COLOR = '#cccccc';
const WARNING_COLOR = '#b45309';

interface Column {
  key: 'pos' | 'item' | 'description' | 'quantity' | 'unit' | 'price' | 'discountCost' | 'tax' | 'value';
  label: string;
  width: number;
  align: 'left' | 'right';
}

// 515 points: the A4 width less the margins.
const COLUMNS: Column[] = [
  { key: 'pos', label: 'Pos', width: 24, align: 'left' },
  { key: 'item', label: 'Item', width: 56, align: 'left' },
  { key: 'description', label: 'Description', width: 131, align: 'left' },
  { key: 'quantity', label: 'Quantity', width: 44, align: 'right' },
  { key: 'unit', label: 'Unit', width: 26, align: 'left' },
  { key: 'price', label: 'Price', width: 52, align: 'right' },
  { key: 'discountCost', label: 'Disc. / Cost', width: 62, align: 'right' },
  { key: 'tax', label: 'Tax', width: 58, align: 'right' },
  { key: 'value', label: 'Value', width: 62, align: 'right' },
];
const CELL_PAD = 2;

/** Decimals actually used by an amount, kept between min and max (prices: 2 to 5). */
function usedDecimals(value: Amount | null, min: number, max: number): number {
  const frac =
    String(value ?? '')
      .split('.')[1]
      ?.replace(/0+$/, '') ?? '';
  return Math.min(max, Math.max(min, frac.length));
}

export const money = (value: Amount | null | undefined) => formatNumber(value ?? '0');
const quantity = (value: Amount | null) => formatNumber(value ?? '0', usedDecimals(value, 0, 3));
const price = (value: Amount | null) => formatNumber(value ?? '0', usedDecimals(value, 2, 5));
const isZero = (value: Amount | null) => Number(value ?? 0) === 0;

function cells(line: PdfLine): Record<Column['key'], string> {
  const discountCost = [
    isZero(line.discountValue) ? '' : `-${money(line.discountValue)}`,
    isZero(line.costValue) ? '' : `+${money(line.costValue)}`,
  ]
    .filter(Boolean)
    .join('\n');
  return {
    pos: line.subpos ? `${line.pos}/${line.subpos}` : String(line.pos),
    item: line.item,
    description: line.description,
    quantity: quantity(line.quantity),
    unit: line.unit,
    price: price(line.price),
    discountCost: discountCost || money('0'),
    tax: line.taxLabel ? `${money(line.taxValue)}\n${line.taxLabel}` : money(line.taxValue),
    value: money(line.value),
  };
}

/** A large, faint, diagonal DRAFT across the page: readable content, unmistakable status. */
function drawDraftMark(doc: PDFKit.PDFDocument): void {
  const { width, height } = doc.page;
  doc.save();
  doc.rotate(-35, { origin: [width / 2, height / 2] });
  doc
    .font(BOLD)
    .fontSize(110)
    .fillColor('#b91c1c')
    .fillOpacity(0.12)
    .text('DRAFT', 0, height / 2 - 55, { width, align: 'center', lineBreak: false });
  doc.restore();
  doc.fillOpacity(1);
}

export function renderOrderPdf(data: OrderPdfData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    compress: data.compress ?? true,
    bufferPages: true,
    info: { Title: `${data.title} ${data.reference}`, Author: data.domainName, Subject: data.subtype },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - 20;

  // Header: the buying company and the document.
  doc
    .font(BOLD)
    .fontSize(16)
    .fillColor('black')
    .text(data.domainName, MARGIN, MARGIN, { width: width / 2 });
  doc
    .font(BOLD)
    .fontSize(14)
    .text(`${data.draft ? 'DRAFT ' : ''}${data.title} ${data.reference}`, MARGIN + width / 2, MARGIN, {
      width: width / 2,
      align: 'right',
    });
  doc
    .font(FONT)
    .fontSize(9)
    .fillColor(MUTED)
    .text(`${data.subtype} - ${data.state}`, MARGIN + width / 2, doc.y, { width: width / 2, align: 'right' });
  let y = Math.max(doc.y, MARGIN + 24) + 14;

  // Two blocks: supplier (and delivery address) on the left, order facts on the right.
  const block = (x: number, top: number, heading: string, rows: string[]) => {
    doc
      .font(BOLD)
      .fontSize(9)
      .fillColor('black')
      .text(heading, x, top, { width: width / 2 - 10 });
    doc.font(FONT).fontSize(9);
    for (const r of rows) doc.text(r, x, doc.y, { width: width / 2 - 10 });
    return doc.y;
  };
  const supplierRows = data.supplier
    ? [
        data.supplier.name,
        ...(data.supplier.vat ? [`VAT ${data.supplier.vat}`] : []),
        ...data.supplier.address,
      ]
    : ['-'];
  let leftY = block(MARGIN, y, 'Supplier', supplierRows);
  for (const [heading, rows] of data.parties)
    if (rows.length) leftY = block(MARGIN, leftY + 8, heading, rows);
  const facts: Array<[string, string]> = [
    ['Order', data.reference],
    ['Type', data.subtype],
    ['State', data.state],
    ...data.dates,
    ...(data.requester ? ([['Requester', data.requester]] as Array<[string, string]>) : []),
    ...data.facts,
  ];
  const factsX = MARGIN + width / 2 + 10;
  doc.font(BOLD).fontSize(9).text('Order', factsX, y);
  let rightY = doc.y;
  for (const [label, value] of facts.slice(1)) {
    doc.font(FONT).fontSize(9).fillColor(MUTED).text(label, factsX, rightY, { width: 80 });
    doc
      .fillColor('black')
      .text(value, factsX + 85, rightY, { width: width / 2 - 95 })
      .fillColor('black');
    rightY = doc.y;
  }
  y = Math.max(leftY, rightY) + 14;

  if (data.supplierView) {
    doc
      .font(FONT)
      .fontSize(8)
      .fillColor(MUTED)
      .text(
        'Supplier view: values as invoiced (net value for exempt and intra-community lines, value with tax for non-deductible tax).',
        MARGIN,
        y,
        { width },
      );
    y = doc.y + 8;
  }

  // The lines table.
  const header = (top: number) => {
    doc.font(BOLD).fontSize(8).fillColor('black');
    let x = MARGIN;
    for (const c of COLUMNS) {
      doc.text(c.label, x + CELL_PAD, top, {
        width: c.width - 2 * CELL_PAD,
        align: c.align,
        lineBreak: false,
      });
      x += c.width;
    }
    const end = top + 12;
    doc
      .moveTo(MARGIN, end)
      .lineTo(MARGIN + width, end)
      .strokeColor('black')
      .lineWidth(0.8)
      .stroke();
    return end + 4;
  };
  y = header(y);
  const taxEnd = COLUMNS.slice(0, COLUMNS.findIndex((c) => c.key === 'tax') + 1).reduce(
    (s, c) => s + c.width,
    0,
  );
  const descStart = COLUMNS.slice(
    0,
    COLUMNS.findIndex((c) => c.key === 'description'),
  ).reduce((s, c) => s + c.width, 0);

  doc.font(FONT).fontSize(8);
  for (const line of data.lines) {
    const text = cells(line);
    const rowHeight = Math.max(
      ...COLUMNS.map((c) => doc.heightOfString(text[c.key] || ' ', { width: c.width - 2 * CELL_PAD })),
    );
    const warningHeight = line.taxWarning ? 9 : 0;
    if (y + rowHeight + warningHeight > bottom()) {
      doc.addPage();
      y = header(MARGIN);
      doc.font(FONT).fontSize(8);
    }
    let x = MARGIN;
    doc.fillColor('black');
    for (const c of COLUMNS) {
      doc.text(text[c.key], x + CELL_PAD, y, { width: c.width - 2 * CELL_PAD, align: c.align });
      x += c.width;
    }
    y += rowHeight;
    if (line.taxWarning) {
      doc
        .fontSize(6.5)
        .fillColor(WARNING_COLOR)
        .text(`* ${line.taxWarning}`, MARGIN + descStart, y, {
          width: taxEnd - descStart - CELL_PAD,
          align: 'right',
          lineBreak: false,
        })
        .fontSize(8)
        .fillColor('black');
      y += warningHeight;
    }
    y += 3;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .strokeColor(LINE_COLOR)
      .lineWidth(0.5)
      .stroke();
    y += 4;
  }
  if (!data.lines.length) {
    doc.fillColor(MUTED).text('No lines.', MARGIN + CELL_PAD, y);
    y = doc.y + 4;
  }

  // Totals, right-aligned under the value column.
  const totalsHeight = data.totals.length * 12 + 10;
  if (y + totalsHeight > bottom()) {
    doc.addPage();
    y = MARGIN;
  }
  y += 6;
  const labelX = MARGIN + width - 230;
  data.totals.forEach(([label, value], i) => {
    const last = i === data.totals.length - 1;
    doc
      .font(last ? BOLD : FONT)
      .fontSize(9)
      .fillColor('black');
    doc.text(label, labelX, y, { width: 150, lineBreak: false });
    doc.text(money(value), labelX + 150, y, { width: 80, align: 'right', lineBreak: false });
    y += 12;
  });

  // Footer on every page: generation time and page numbers.
  const range = doc.bufferedPageRange();
  const stamp = `${formatDate(data.generatedAt)} ${formatTime(data.generatedAt)}`;
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    if (data.draft) drawDraftMark(doc);
    doc.page.margins.bottom = 0; // the footer sits in the margin: no automatic page break
    doc
      .font(FONT)
      .fontSize(7)
      .fillColor(MUTED)
      .text(
        `${data.domainName} - ${data.title} ${data.reference} - ${stamp} - page ${i + 1} of ${range.count}`,
        MARGIN,
        doc.page.height - MARGIN - 8,
        { width, align: 'center', lineBreak: false },
      );
  }
  doc.end();
  return done;
}
