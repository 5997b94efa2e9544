import { describe, expect, it } from 'vitest';
import { FILE_SIZE_LIMIT, fileExtension, fileViolations, formatFileSize, parseExtensions } from './files.ts';

describe('file checks', () => {
  it('formats sizes as grouped bytes', () => {
    expect(formatFileSize(FILE_SIZE_LIMIT)).toBe('20,000,000 bytes');
    expect(formatFileSize(999)).toBe('999 bytes');
    expect(formatFileSize(1000)).toBe('1,000 bytes');
  });
  it('reads extensions case-insensitively', () => {
    expect(fileExtension('Report.Final.PDF')).toBe('pdf');
    expect(fileExtension('README')).toBe('');
    expect(fileExtension('.env')).toBe('');
    expect(parseExtensions(' pdf, .PNG,,jpg ')).toEqual(['pdf', 'png', 'jpg']);
  });
  it('answers the exact size message', () => {
    expect(fileViolations([{ name: 'a.pdf', size: 25_000_000 }], { maxSize: FILE_SIZE_LIMIT })).toEqual([
      'File size of 25,000,000 bytes exceeds the limit of 20,000,000 bytes allowed.',
    ]);
    expect(fileViolations([{ name: 'a.pdf', size: FILE_SIZE_LIMIT }], { maxSize: FILE_SIZE_LIMIT })).toEqual(
      [],
    );
  });
  it('answers the exact extension message, case-insensitive match', () => {
    expect(fileViolations([{ name: 'A.PDF', size: 1 }], { extensions: 'pdf,png' })).toEqual([]);
    expect(fileViolations([{ name: 'run.exe', size: 1 }], { extensions: 'pdf, png' })).toEqual([
      "The file extension 'exe' is not allowed. Allowed extensions: pdf, png.",
    ]);
  });
  it('de-duplicates messages and keeps their order', () => {
    const files = [
      { name: 'a.exe', size: 30 },
      { name: 'b.exe', size: 30 },
      { name: 'c.pdf', size: 5 },
    ];
    expect(fileViolations(files, { maxSize: 10, extensions: 'pdf' })).toEqual([
      'File size of 30 bytes exceeds the limit of 10 bytes allowed.',
      "The file extension 'exe' is not allowed. Allowed extensions: pdf.",
    ]);
  });
  it('checks nothing without rules', () => {
    expect(fileViolations([{ name: 'x', size: 1e12 }])).toEqual([]);
  });
});
