/**
 * Messages of the file checks (POST /files with check {type, obj}, seed 001 section 7): the lines
 * of the text `info` the form writes into its text field, and why nothing could be read. `{name}`
 * marks a parameter.
 */
import type { CatalogueEntry } from './catalogue-entry.ts';

export const FILE_CHECK_MESSAGES = {
  'files.check.not-pdf': {
    en: 'Only PDF files can be read: {name} is not a PDF.',
    pt: 'Só é possível ler ficheiros PDF: {name} não é um PDF.',
  },
  'files.check.unreadable': {
    en: 'The PDF {name} could not be read.',
    pt: 'Não foi possível ler o PDF {name}.',
  },
  'files.check.ocr-unavailable': {
    en: 'The PDF {name} is a scan without text, and OCR is not available on this server.',
    pt: 'O PDF {name} é uma digitalização sem texto e o OCR não está disponível neste servidor.',
  },
  'files.check.no-text': {
    en: 'No text could be read from {name}.',
    pt: 'Não foi possível ler texto de {name}.',
  },
  'files.check.ocr-used': {
    en: 'Text read by OCR: check the values.',
    pt: 'Texto lido por OCR: confirme os valores.',
  },
  'files.check.vat': { en: 'VAT number: {value}', pt: 'NIF: {value}' },
  'files.check.vat-invalid': {
    en: 'The number {value} is not a valid VAT number (check digit).',
    pt: 'O número {value} não é um NIF válido (dígito de controlo).',
  },
  'files.check.vat-other': {
    en: 'The certificate is for VAT number {value}, not {expected}.',
    pt: 'A certidão é do NIF {value}, não de {expected}.',
  },
  'files.check.name': { en: 'Name: {value}', pt: 'Nome: {value}' },
  'files.check.address': { en: 'Address: {value}', pt: 'Morada: {value}' },
  'files.check.not-found': {
    en: 'Not found in the document: {value}.',
    pt: 'Não encontrado no documento: {value}.',
  },
  'files.check.wrong-issuer': {
    en: 'This does not look like a certificate of the {value}.',
    pt: 'Isto não parece uma certidão da {value}.',
  },
  'files.check.tax-regular': {
    en: 'Tax situation regularised (Autoridade Tributária).',
    pt: 'Situação tributária regularizada (Autoridade Tributária).',
  },
  'files.check.tax-irregular': {
    en: 'Tax situation NOT regularised (Autoridade Tributária).',
    pt: 'Situação tributária NÃO regularizada (Autoridade Tributária).',
  },
  'files.check.social-regular': {
    en: 'Social security situation regularised (Segurança Social).',
    pt: 'Situação contributiva regularizada (Segurança Social).',
  },
  'files.check.social-irregular': {
    en: 'Social security situation NOT regularised (Segurança Social).',
    pt: 'Situação contributiva NÃO regularizada (Segurança Social).',
  },
  'files.check.status-unknown': {
    en: 'The certificate does not say whether the situation is regularised.',
    pt: 'A certidão não indica se a situação está regularizada.',
  },
  'files.check.issued': { en: 'Issued: {value}', pt: 'Emitida: {value}' },
  'files.check.valid-to': { en: 'Valid until: {value}', pt: 'Válida até: {value}' },
  'files.check.expired': {
    en: 'The certificate expired on {value}.',
    pt: 'A certidão caducou em {value}.',
  },
} as const satisfies Record<string, CatalogueEntry>;
