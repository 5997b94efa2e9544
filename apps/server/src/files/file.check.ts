import { renderMessage, type MessageKey } from '@p2p/domain';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { extractImages, getDocumentProxy } from 'unpdf';
import {
  recognise,
  recognisedFields,
  type CheckFields,
  type CheckType,
  type RecognisedFields,
} from './file.check-fields.ts';
import type { StagedFile } from './file.upload.ts';

/**
 * The file checks of POST /files (seed 001 section 7): the text of an uploaded PDF is read on the
 * server (unpdf), or for a scan without text by OCR with Debian's `tesseract` when it is on the
 * PATH; the fields of the check type are recognised (file.check-fields.ts) and answered twice: as
 * `info`, the text a form writes into one text field (one line per finding, in the caller's
 * language), and as `recognised`, the same findings as fields a form maps onto its own.
 */

const run = promisify(execFile);
/** Fewer characters than this on every page: a scan, not a text PDF. */
const MIN_TEXT = 20;
/** Pages a check reads (certificates and presentations are short). */
const MAX_PAGES = 5;
const OCR_TIMEOUT_MS = 60_000;

type Say = (key: MessageKey, params?: Record<string, string>) => string;

/** The OCR languages this machine's tesseract knows (Portuguese first), or null without tesseract. */
let ocrLanguages: Promise<string | null> | undefined;
export function tesseractLanguages(): Promise<string | null> {
  ocrLanguages ??= run('tesseract', ['--list-langs'], { timeout: 10_000 })
    .then(({ stdout, stderr }) => {
      const langs = `${stdout}\n${stderr}`.split(/\s+/);
      const known = ['por', 'eng'].filter((l) => langs.includes(l));
      return known.length ? known.join('+') : 'eng';
    })
    .catch(() => null);
  return ocrLanguages;
}

/** The text of a PDF with its lines (pdf.js marks the ends of lines), page after page. */
async function pdfText(bytes: Uint8Array): Promise<{ text: string; pages: number; pdf: unknown }> {
  const pdf = await getDocumentProxy(bytes, { verbosity: 0 });
  const pages: string[] = [];
  for (let n = 1; n <= Math.min(pdf.numPages, MAX_PAGES); n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
        .join('')
        .replace(/[ \t]+/g, ' '),
    );
  }
  return { text: pages.join('\n'), pages: Math.min(pdf.numPages, MAX_PAGES), pdf };
}

/** A raw image as a binary PNM file (P5 grey or P6 colour), which tesseract reads. */
export function pnm(image: {
  data: Uint8ClampedArray;
  width: number;
  height: number;
  channels: number;
}): Buffer {
  const grey = image.channels === 1;
  const header = Buffer.from(`${grey ? 'P5' : 'P6'}\n${image.width} ${image.height}\n255\n`, 'ascii');
  if (grey || image.channels === 3) return Buffer.concat([header, Buffer.from(image.data)]);
  // RGBA: the alpha channel dropped
  const rgb = Buffer.alloc(image.width * image.height * 3);
  for (let i = 0, j = 0; i < image.data.length; i += 4, j += 3) {
    rgb[j] = image.data[i]!;
    rgb[j + 1] = image.data[i + 1]!;
    rgb[j + 2] = image.data[i + 2]!;
  }
  return Buffer.concat([header, rgb]);
}

/** The text tesseract reads from the images of the pages. */
async function ocr(pdf: unknown, pages: number, langs: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'p2p-ocr-'));
  try {
    const texts: string[] = [];
    for (let n = 1; n <= pages; n++) {
      const images = await extractImages(pdf as Parameters<typeof extractImages>[0], n);
      for (const [i, image] of images.entries()) {
        const file = join(dir, `p${n}-${i}.pnm`);
        await writeFile(file, pnm(image));
        const { stdout } = await run('tesseract', [file, 'stdout', '-l', langs], {
          timeout: OCR_TIMEOUT_MS,
          maxBuffer: 10_000_000,
        });
        texts.push(stdout);
      }
    }
    return texts.join('\n');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const ISSUERS = { taxAuthority: 'Autoridade Tributária', socialSecurity: 'Segurança Social' } as const;

/** The lines of `info` for the recognised fields (what was not found is said too). */
export function describeFields(
  type: CheckType,
  f: CheckFields,
  say: Say,
  opts: { today: string; expectedVat?: string },
): string[] {
  const lines: string[] = [];
  const missing: string[] = [];
  if (f.vat) lines.push(say('files.check.vat', { value: f.vat }));
  else if (f.vatInvalid) lines.push(say('files.check.vat-invalid', { value: f.vatInvalid }));
  else missing.push('NIF');
  if (type === 'summarize') {
    if (f.name) lines.push(say('files.check.name', { value: f.name }));
    else missing.push(say('files.check.name', { value: '' }).replace(/:\s*$/, ''));
    if (f.address) lines.push(say('files.check.address', { value: f.address }));
    else missing.push(say('files.check.address', { value: '' }).replace(/:\s*$/, ''));
  } else {
    if (!f.issuer) lines.push(say('files.check.wrong-issuer', { value: ISSUERS[type] }));
    const [yes, no] =
      type === 'taxAuthority'
        ? (['files.check.tax-regular', 'files.check.tax-irregular'] as const)
        : (['files.check.social-regular', 'files.check.social-irregular'] as const);
    lines.push(say(f.regularized === undefined ? 'files.check.status-unknown' : f.regularized ? yes : no));
    if (f.issued) lines.push(say('files.check.issued', { value: f.issued }));
    if (f.validTo)
      lines.push(
        say(f.validTo < opts.today ? 'files.check.expired' : 'files.check.valid-to', { value: f.validTo }),
      );
    const expected = opts.expectedVat?.replace(/\D/g, '');
    if (f.vat && expected && expected.length === 9 && expected !== f.vat)
      lines.push(say('files.check.vat-other', { value: f.vat, expected }));
  }
  if (missing.length) lines.push(say('files.check.not-found', { value: missing.join(', ') }));
  return lines;
}

const isPdf = (head: Buffer): boolean => head.subarray(0, 5).toString('latin1') === '%PDF-';

/**
 * The `info` of an upload with a check: the findings of each file (a file's name heads its lines
 * when several were sent), and `recognised`: the fields found, the first file that has a field
 * giving it. `obj` may carry the form's `vat`, which a certificate must match.
 */
export async function checkFiles(
  check: { type: string; obj?: unknown },
  files: readonly StagedFile[],
  lang: string,
  today = new Date().toISOString().slice(0, 10),
): Promise<{ info: string; recognised: RecognisedFields }> {
  const type = check.type as CheckType;
  const say: Say = (key, params = {}) => renderMessage(key, params, lang);
  const obj = (check.obj && typeof check.obj === 'object' ? check.obj : {}) as { vat?: unknown };
  const expectedVat = typeof obj.vat === 'string' ? obj.vat : undefined;
  const parts: string[] = [];
  const recognised: RecognisedFields = {};
  for (const file of files) {
    const lines: string[] = [];
    const bytes = file.temp ? await readFile(file.temp) : Buffer.alloc(0);
    if (!isPdf(bytes)) lines.push(say('files.check.not-pdf', { name: file.name }));
    else {
      try {
        const read = await pdfText(new Uint8Array(bytes));
        let text = read.text;
        if (text.replace(/\s/g, '').length < MIN_TEXT) {
          const langs = await tesseractLanguages();
          if (!langs) lines.push(say('files.check.ocr-unavailable', { name: file.name }));
          else {
            text = await ocr(read.pdf, read.pages, langs);
            lines.push(say('files.check.ocr-used'));
          }
        }
        if (text.replace(/\s/g, '').length >= MIN_TEXT) {
          const found = recognise(type, text);
          lines.push(...describeFields(type, found, say, { today, ...(expectedVat ? { expectedVat } : {}) }));
          // an earlier file's finding stays: one certificate per field is what a form holds
          for (const [key, value] of Object.entries(recognisedFields(found)))
            (recognised as Record<string, unknown>)[key] ??= value;
        } else if (!lines.length || lines[0] === say('files.check.ocr-used'))
          lines.push(say('files.check.no-text', { name: file.name }));
      } catch {
        lines.push(say('files.check.unreadable', { name: file.name }));
      }
    }
    parts.push(files.length > 1 ? [file.name, ...lines].join('\n') : lines.join('\n'));
  }
  return { info: parts.join('\n\n'), recognised };
}
