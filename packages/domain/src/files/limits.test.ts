import { describe, expect, it } from 'vitest';
import {
  chosenFilesRefusal,
  FILE_REQUEST_LIMIT,
  FILE_REQUEST_MAX_FILES,
  FILE_USER_QUOTA,
  quotaRefusal,
  refusalLimitText,
  uploadRefusalOf,
  uploadRequestRefusal,
} from './limits.ts';

const fileQuotaText = 'This upload would take your stored files past your quota of 1,000,000,000 bytes.';

describe('upload limits', () => {
  it('refuses more files than one request carries', () => {
    expect(uploadRequestRefusal(FILE_REQUEST_MAX_FILES, 10)).toBeNull();
    expect(uploadRequestRefusal(FILE_REQUEST_MAX_FILES + 1, 10)).toEqual({
      key: 'files.too-many',
      message: 'At most 20 files can be uploaded at once.',
      limit: 20,
    });
  });

  it('refuses a request past its total', () => {
    expect(uploadRequestRefusal(2, FILE_REQUEST_LIMIT)).toBeNull();
    expect(uploadRequestRefusal(2, FILE_REQUEST_LIMIT + 1)).toEqual({
      key: 'files.request-too-large',
      message: 'The files of one upload may total at most 50,000,000 bytes.',
      limit: FILE_REQUEST_LIMIT,
    });
    const chosen = [
      { name: 'a.pdf', size: 30_000_000 },
      { name: 'b.pdf', size: 20_000_001 },
    ];
    expect(chosenFilesRefusal(chosen)?.key).toBe('files.request-too-large');
    expect(chosenFilesRefusal(chosen.slice(0, 1))).toBeNull();
  });

  it('refuses what passes the quota', () => {
    expect(quotaRefusal(FILE_USER_QUOTA - 10, 10)).toBeNull();
    expect(quotaRefusal(FILE_USER_QUOTA - 10, 11)).toEqual({
      key: 'files.quota-exceeded',
      message: 'This upload would take your stored files past your quota of 1,000,000,000 bytes.',
      limit: FILE_USER_QUOTA,
    });
    expect(quotaRefusal(5, 6, 10)?.limit).toBe(10);
  });

  it('reads a refusal back from its key, with the limit as its text names it', () => {
    expect(uploadRefusalOf('files.too-many')).toMatchObject({ key: 'files.too-many', limit: 20 });
    expect(refusalLimitText(uploadRefusalOf('files.too-many')!)).toBe('20');
    expect(refusalLimitText(uploadRefusalOf('files.request-too-large')!)).toBe('50,000,000 bytes');
    expect(uploadRefusalOf('files.quota-exceeded')?.message).toBe(fileQuotaText);
    expect(uploadRefusalOf('files.rejected')).toBeNull();
    expect(uploadRefusalOf(null)).toBeNull();
  });
});
