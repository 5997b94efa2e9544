import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDate, recognise, validNif } from '../src/files/file.check-fields.ts';
import { pnm, tesseractLanguages } from '../src/files/file.check.ts';
import { createTestApp, signIn, type TestApp } from './helpers.ts';

/**
 * File checks (seed 001 section 7, issue 10): POST /files with check {type, obj} reads real PDFs
 * made here with pdfkit, recognises the fields of the check type and answers them in `info`, in the
 * caller's language; a scan without text goes to OCR, or says clearly that OCR is not available.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
const token = async (user: string) => (tokens[user] ??= (await signIn(t.app, user)).token);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** A PDF whose pages hold the given lines of text. */
function pdf(lines: string[], image?: Buffer): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    for (const line of lines) doc.text(line);
    if (image) doc.image(image, 50, 50, { width: 200 });
    doc.end();
  });
}

/** A small grey PNG (a 'scan' without any text layer), encoded by hand. */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.alloc((width + 1) * height, 200);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function check(user: string, type: string, file: Buffer, obj?: unknown, name = 'document.pdf') {
  const boundary = `----p2p${randomBytes(8).toString('hex')}`;
  const part = (head: string, data: Buffer | string) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; ${head}\r\n`),
    Buffer.from(data),
    Buffer.from('\r\n'),
  ];
  const payload = Buffer.concat([
    ...part('name="check"\r\n', JSON.stringify({ type, obj })),
    ...part(`name="files[0]"; filename="${name}"\r\nContent-Type: application/pdf\r\n`, file),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/files',
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${await token(user)}`,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { files: Array<{ _id: string }>; info: string | null };
}

describe('recognising the fields', () => {
  it('checks NIF check digits and reads dates in both orders', () => {
    expect(validNif('509876544')).toBe(true);
    expect(validNif('509876543')).toBe(false);
    expect(validNif('50987654')).toBe(false);
    expect(isoDate('válida até 31-12-2026')).toBe('2026-12-31');
    expect(isoDate('2026/02/30')).toBeUndefined();
    expect(isoDate('31.02.2026')).toBeUndefined();
  });

  it('tells a regularised situation from one that is not', () => {
    expect(
      recognise('taxAuthority', 'AUTORIDADE TRIBUTARIA\nNIF 509876544\nsituação tributária regularizada'),
    ).toMatchObject({ issuer: true, regularized: true, vat: '509876544' });
    expect(
      recognise('taxAuthority', 'Autoridade Tributária\nNão tem a situação tributária regularizada'),
    ).toMatchObject({ regularized: false });
    expect(
      recognise('socialSecurity', 'Segurança Social\nsituação contributiva regularizada').regularized,
    ).toBe(true);
    expect(recognise('socialSecurity', 'Autoridade Tributária').issuer).toBe(false);
  });

  it('writes a colour image as a binary PNM for tesseract', () => {
    const out = pnm({
      data: new Uint8ClampedArray([1, 2, 3, 9, 4, 5, 6, 9]),
      width: 2,
      height: 1,
      channels: 4,
    });
    expect(out.toString('latin1')).toBe('P6\n2 1\n255\n\x01\x02\x03\x04\x05\x06');
  });
});

describe('POST /files with a check', () => {
  it('summarize: VAT number, name and address of a company presentation', async () => {
    const file = await pdf([
      'Apresentação da empresa',
      'Nome: Alfa Components Lda',
      'NIPC: 509 876 544',
      'Morada: Avenida da Liberdade 110',
      '1250-146 Lisboa',
      'Fundada em 1998, fornecemos componentes hidráulicos.',
    ]);
    const res = await check('buyer', 'summarize', file);
    expect(res.files).toHaveLength(1);
    expect(res.info!.split('\n')).toEqual([
      'VAT number: 509876544',
      'Name: Alfa Components Lda',
      'Address: Avenida da Liberdade 110, 1250-146 Lisboa',
    ]);
  });

  it('taxAuthority: a regularised certificate with its dates, checked against the form’s VAT number', async () => {
    const file = await pdf([
      'AUTORIDADE TRIBUTÁRIA E ADUANEIRA',
      'CERTIDÃO',
      'Certifica-se que o contribuinte com o NIF 509876544 tem a situação tributária regularizada.',
      'Emitida em 01-10-2026',
      'Válida até 31-12-2099',
    ]);
    const ok = await check('buyer', 'taxAuthority', file, { vat: 'PT509876544' });
    expect(ok.info!.split('\n')).toEqual([
      'VAT number: 509876544',
      'Tax situation regularised (Autoridade Tributária).',
      'Issued: 2026-10-01',
      'Valid until: 2099-12-31',
    ]);
    const other = await check('buyer', 'taxAuthority', file, { vat: '501234560' });
    expect(other.info).toContain('The certificate is for VAT number 509876544, not 501234560.');
  });

  it('socialSecurity: not regularised and expired, in Portuguese for a Portuguese user', async () => {
    const file = await pdf([
      'SEGURANÇA SOCIAL',
      'Declaração de situação contributiva',
      'NISS 12345678901 NIF 501234560',
      'A entidade não tem a situação contributiva regularizada.',
      'Válida até 31-01-2020',
    ]);
    const res = await check('requester', 'socialSecurity', file);
    expect(res.info!.split('\n')).toEqual([
      'NIF: 501234560',
      'Situação contributiva NÃO regularizada (Segurança Social).',
      'A certidão caducou em 2020-01-31.',
    ]);
  });

  it('a scan without text: OCR where tesseract is installed, else says that OCR is not available', async () => {
    const scan = await pdf([], png(40, 20));
    const res = await check('requester', 'taxAuthority', scan, undefined, 'scan.pdf');
    if (await tesseractLanguages()) expect(res.info).toContain('Texto lido por OCR');
    else
      expect(res.info).toBe(
        'O PDF scan.pdf é uma digitalização sem texto e o OCR não está disponível neste servidor.',
      );
  });

  it('a file that is not a PDF is stored but not read', async () => {
    const res = await check('buyer', 'summarize', Buffer.from('plain text'), undefined, 'notes.txt');
    expect(res.info).toBe('Only PDF files can be read: notes.txt is not a PDF.');
  });
});
