import { randomBytes } from 'node:crypto';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recognisedFields, splitAddress } from '../src/files/file.check-fields.ts';
import { createTestApp, signIn, type TestApp } from './helpers.ts';

/**
 * The recognised fields of a file check (seed 001 section 7, issue 10): besides the `info` text,
 * POST /files answers `recognised`, the findings as fields a form maps onto its own (the supplier
 * model's company summary fills VAT number, name and address; the certificates their situation and
 * dates). Real PDFs made here with pdfkit, read by the real server.
 */

let t: TestApp;
let token = '';

beforeAll(async () => {
  t = await createTestApp();
  token = (await signIn(t.app, 'buyer')).token;
});
afterAll(() => t?.close());

function pdf(lines: string[]): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    for (const line of lines) doc.text(line);
    doc.end();
  });
}

interface Answer {
  files: Array<{ _id: string }>;
  info: string | null;
  recognised: Record<string, unknown> | null;
}

async function upload(files: Buffer[], check?: { type: string; obj?: unknown }): Promise<Answer> {
  const boundary = `----p2p${randomBytes(8).toString('hex')}`;
  const part = (head: string, data: Buffer | string) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; ${head}\r\n`),
    Buffer.from(data),
    Buffer.from('\r\n'),
  ];
  const payload = Buffer.concat([
    ...(check ? part('name="check"\r\n', JSON.stringify(check)) : []),
    ...files.flatMap((file, i) =>
      part(`name="files[${i}]"; filename="file${i}.pdf"\r\nContent-Type: application/pdf\r\n`, file),
    ),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/files',
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Answer;
}

describe('recognised fields (pure)', () => {
  it('splits an address at its postcode', () => {
    expect(splitAddress('Avenida da Liberdade 110, 1250-146 Lisboa')).toEqual({
      street: 'Avenida da Liberdade 110',
      postcode: '1250-146',
      city: 'Lisboa',
    });
    expect(splitAddress('Rua Sem Código 4')).toEqual({ street: 'Rua Sem Código 4' });
  });

  it('leaves an invalid VAT number and the issuer to the text', () => {
    expect(recognisedFields({ vatInvalid: '509876543', issuer: true, regularized: false })).toEqual({
      regularized: false,
    });
  });
});

describe('POST /files answers the recognised fields', () => {
  it('summarize: VAT number, name and the address whole and split', async () => {
    const res = await upload(
      [
        await pdf([
          'Apresentação da empresa',
          'Nome: Alfa Components Lda',
          'NIPC: 509 876 544',
          'Morada: Avenida da Liberdade 110',
          '1250-146 Lisboa',
        ]),
      ],
      { type: 'summarize' },
    );
    expect(res.recognised).toEqual({
      vat: '509876544',
      name: 'Alfa Components Lda',
      address: 'Avenida da Liberdade 110, 1250-146 Lisboa',
      street: 'Avenida da Liberdade 110',
      postcode: '1250-146',
      city: 'Lisboa',
    });
    // the text answer is unchanged beside it
    expect(res.info!.split('\n')[0]).toBe('VAT number: 509876544');
  });

  it('taxAuthority and socialSecurity: situation and dates', async () => {
    const tax = await upload(
      [
        await pdf([
          'AUTORIDADE TRIBUTÁRIA E ADUANEIRA',
          'Certifica-se que o contribuinte com o NIF 509876544 tem a situação tributária regularizada.',
          'Emitida em 01-10-2026',
          'Válida até 31-12-2099',
        ]),
      ],
      { type: 'taxAuthority', obj: { vat: '509876544' } },
    );
    expect(tax.recognised).toEqual({
      vat: '509876544',
      regularized: true,
      issued: '2026-10-01',
      validTo: '2099-12-31',
    });
    const social = await upload(
      [
        await pdf([
          'SEGURANÇA SOCIAL',
          'NIF 501234560',
          'A entidade não tem a situação contributiva regularizada.',
          'Válida até 31-01-2020',
        ]),
      ],
      { type: 'socialSecurity' },
    );
    expect(social.recognised).toEqual({ vat: '501234560', regularized: false, validTo: '2020-01-31' });
  });

  it('several files: the first file that has a field gives it', async () => {
    const res = await upload(
      [
        await pdf(['Nome: Primeira Lda', 'Texto sem número fiscal nem morada.']),
        await pdf(['Nome: Segunda Lda', 'NIF 509876544', 'Morada: Rua Nova 1, 4000-001 Porto']),
      ],
      { type: 'summarize' },
    );
    expect(res.recognised).toMatchObject({
      name: 'Primeira Lda',
      vat: '509876544',
      street: 'Rua Nova 1',
      city: 'Porto',
    });
  });

  it('nothing recognised is an empty object; no check answers null', async () => {
    const blank = await upload([await pdf(['Uma carta sem nada que se reconheça, só texto.'])], {
      type: 'summarize',
    });
    expect(blank.recognised).toEqual({});
    const plain = await upload([await pdf(['Uma carta.'])]);
    expect(plain.recognised).toBeNull();
    expect(plain.info).toBeNull();
  });
});
