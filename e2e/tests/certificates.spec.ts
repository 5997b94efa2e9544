import { createRequire } from 'node:module';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';

/**
 * File checks in a shipped model (seed 001 section 7, issue 10): the supplier manager uploads a
 * company presentation and a tax authority certificate, PDFs made here with pdfkit (the server's
 * PDF library), and sees the form's VAT number, name, address, situation and dates filled from
 * what the server read in them; the saved record holds them.
 */

// pdfkit belongs to the server package: it is loaded from there
const requireFromServer = createRequire(join(import.meta.dirname, '../../apps/server/package.json'));
type PdfDoc = { on(event: string, cb: (c?: Buffer) => void): void; text(s: string): void; end(): void };
const PDFDocument = requireFromServer('pdfkit') as new () => PdfDoc;

function pdf(lines: string[]): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (c) => chunks.push(c!));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    for (const line of lines) doc.text(line);
    doc.end();
  });
}

// the form's input ids: the field's src with every other character a hyphen ('address.street' -> address-street)
const input = (page: Page, src: string) => page.locator(`#input-${src.replace(/[^A-Za-z0-9_-]/g, '-')}`);

test('a certificate upload fills the supplier record', async ({ page }) => {
  // a name of this run: the record is new every time (a valid NIF with its check digit)
  const name = `Certificada ${Date.now()} Lda`;
  const summary = await pdf([
    'Apresentação da empresa',
    `Nome: ${name}`,
    'NIPC: 509 876 544',
    'Morada: Avenida da Liberdade 110',
    '1250-146 Lisboa',
  ]);
  const certificate = await pdf([
    'AUTORIDADE TRIBUTÁRIA E ADUANEIRA',
    'Certifica-se que o contribuinte com o NIF 509876544 tem a situação tributária regularizada.',
    'Emitida em 01-10-2026',
    'Válida até 31-12-2099',
  ]);

  await signIn(page, 'manager-supplier');
  await page.goto('/supplier/new');
  await expect(page.getByTestId('document-form')).toBeVisible();

  await input(page, 'companySummary').setInputFiles({
    name: 'apresentacao.pdf',
    mimeType: 'application/pdf',
    buffer: summary,
  });
  await expect(input(page, 'vat')).toHaveValue('509876544');
  await expect(input(page, 'name')).toHaveValue(name);
  await expect(input(page, 'address.street')).toHaveValue('Avenida da Liberdade 110');
  await expect(input(page, 'address.postcode')).toHaveValue('1250-146');
  await expect(input(page, 'address.city')).toHaveValue('Lisboa');

  await input(page, 'taxCertificate').setInputFiles({
    name: 'certidao-at.pdf',
    mimeType: 'application/pdf',
    buffer: certificate,
  });
  await expect(input(page, 'taxCertificateValidTo')).toHaveValue('31-12-2099');
  await expect(input(page, 'taxCertificateIssued')).toHaveValue('01-10-2026');
  await expect(input(page, 'taxRegularised')).toBeChecked();

  await page.getByTestId('action-save').click();
  await expect(page).toHaveURL(/\/supplier\/(?!new$)[^/]+$/);
  const id = page.url().split('/').pop()!;

  // the server holds what the form was filled with, and the files
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('p2p.session') ?? '{}') as { token: string }).token,
  );
  const saved = await page.request.get(`/api/purchasing/supplier/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(saved.status()).toBe(200);
  const doc = (await saved.json()) as Record<string, unknown> & { address: Record<string, string> };
  expect(doc).toMatchObject({
    name,
    vat: '509876544',
    taxRegularised: true,
    taxCertificateIssued: '2026-10-01',
    taxCertificateValidTo: '2099-12-31',
  });
  expect(doc.address).toMatchObject({
    street: 'Avenida da Liberdade 110',
    postcode: '1250-146',
    city: 'Lisboa',
  });
  expect(doc.companySummary).toEqual([expect.objectContaining({ name: 'apresentacao.pdf' })]);
});
