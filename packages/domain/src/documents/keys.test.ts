import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canWriteDocumentKey, internalDocumentKey } from './keys.ts';
import { isKeyed } from './states.ts';

describe('document keys', () => {
  it('numbers by model prefix, never in the form of an ERP number', () => {
    expect(internalDocumentKey('order', 42)).toBe('PO-000042');
    expect(internalDocumentKey('purchase-rfx', 1_234_567)).toBe('RFX-1234567');
    fc.assert(
      fc.property(fc.constantFrom('order', 'contract', 'requisition', 'x-model'), fc.nat(), (m, n) => {
        expect(isKeyed(internalDocumentKey(m, n))).toBe(false);
      }),
    );
  });

  it('only the integration writes keys', () => {
    const u = (key: string) => ({ role: { key }, roles: [{ key }] });
    expect(canWriteDocumentKey(u('ihub-operator'))).toBe(true);
    expect(canWriteDocumentKey(u('buyer'))).toBe(false);
    expect(canWriteDocumentKey(u('admin'))).toBe(false);
  });
});
