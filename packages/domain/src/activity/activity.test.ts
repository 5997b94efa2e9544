import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_DEFAULT_COUNT,
  ACTIVITY_KINDS,
  ACTIVITY_MAX_COUNT,
  activityKind,
  clampActivityCount,
} from './kinds.ts';
import { documentParams, NOTIFICATION_TEXTS, renderNotification, stateParam } from './notification-texts.ts';
import { mayChat, widgetSettingsErrors } from './chat.ts';
import { initials, maySeePhoto, photoRefusal, pngSize, PHOTO_MESSAGES, splitName } from './user-display.ts';

const role = (key: string, extra: Record<string, unknown> = {}) => ({
  role: { key },
  roles: [{ key }],
  ...extra,
});

describe('recent activity kinds', () => {
  it('are the 12 kinds of seed 001 section 2.2, ids 0 to 11, with their exact labels', () => {
    expect(ACTIVITY_KINDS.map((k) => k.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(ACTIVITY_KINDS.map((k) => k.label.en)).toEqual([
      'Pending requisitions',
      'Draft orders',
      'Receiving orders',
      'Orders waiting for manager approval',
      'Orders waiting for approval',
      'Orders waiting for my approval',
      'Complaints',
      'Pending contract evaluations',
      'Pending order evaluations',
      "Requisitions I'm working on",
      "Orders I'm working on",
      'Recent orders',
    ]);
    expect(new Set(ACTIVITY_KINDS.map((k) => k.label.pt)).size).toBe(12);
    expect(ACTIVITY_DEFAULT_COUNT).toBe(5);
  });

  it('answer no kind outside 0 to 11', () => {
    expect(activityKind(5)?.mine).toBe('approver');
    expect(activityKind(3)?.approvalStep).toBe('manager-approval');
    expect(activityKind(2)).toMatchObject({ states: ['completed'], notFullyReceived: true });
    expect([-1, 12, 1.5, Number.NaN].map(activityKind)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('clamp the Show count to 1..50, 5 when it is no number', () => {
    expect([0, 1, 7.9, 50, 51, 'x', '3'].map(clampActivityCount)).toEqual([1, 1, 7, 50, 50, 5, 3]);
    fc.assert(
      fc.property(fc.double(), (n) => {
        const c = clampActivityCount(n);
        return Number.isInteger(c) && c >= 1 && c <= ACTIVITY_MAX_COUNT;
      }),
    );
  });
});

describe('user display', () => {
  it('initials: first letter of the name and the first letter after the last space', () => {
    expect(initials('Ana Almeida')).toBe('AA');
    expect(initials('Maria da Graça Ribeiro')).toBe('MR');
    expect(initials('beatriz')).toBe('B');
    expect(initials('  Rui Ribeiro  ')).toBe('RR');
    expect(initials('Élio Ünal')).toBe('ÉÜ');
    expect(initials('')).toBe('');
    expect(initials(null)).toBe('');
  });

  it('the chat widget splits the name at its first space', () => {
    expect(splitName('Maria da Graça Ribeiro')).toEqual({ firstName: 'Maria', lastName: 'da Graça Ribeiro' });
    expect(splitName('Hugo')).toEqual({ firstName: 'Hugo', lastName: '' });
    fc.assert(
      fc.property(fc.string(), (name) => {
        const { firstName, lastName } = splitName(name);
        return (
          !firstName.includes(' ') && [firstName, lastName].filter(Boolean).join(' ').length <= name.length
        );
      }),
    );
  });

  const png = (width: number, height: number) => {
    const head = new Uint8Array(24);
    head.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    new DataView(head.buffer).setUint32(16, width);
    new DataView(head.buffer).setUint32(20, height);
    return head;
  };

  it('a photo is a square PNG of 16 to 2048 pixels', () => {
    expect(pngSize(png(256, 256))).toEqual({ width: 256, height: 256 });
    expect(photoRefusal(png(256, 256))).toBeNull();
    expect(photoRefusal(png(256, 200))).toBe(PHOTO_MESSAGES.notSquare);
    expect(photoRefusal(png(4096, 4096))).toBe(PHOTO_MESSAGES.side);
    expect(photoRefusal(png(8, 8))).toBe(PHOTO_MESSAGES.side);
    const jpeg = new Uint8Array(24).fill(0xff);
    expect(photoRefusal(jpeg)).toBe(PHOTO_MESSAGES.notPng);
    expect(photoRefusal(png(256, 256).slice(0, 20))).toBe(PHOTO_MESSAGES.notPng);
  });

  it('a supplier sees its own and its colleagues photos, never a staff photo', () => {
    const supplier = { _id: 'u1', ...role('supplier'), supplier: { _id: 's1' } };
    expect(maySeePhoto(supplier, { _id: 'u1', supplierId: 's1' })).toBe(true);
    expect(maySeePhoto(supplier, { _id: 'u2', supplierId: 's1' })).toBe(true);
    expect(maySeePhoto(supplier, { _id: 'u3', supplierId: 's2' })).toBe(false);
    expect(maySeePhoto(supplier, { _id: 'u4', supplierId: null })).toBe(false);
    const buyer = { _id: 'u5', ...role('buyer') };
    expect(maySeePhoto(buyer, { _id: 'u1', supplierId: 's1' })).toBe(true);
    expect(maySeePhoto(buyer, { _id: 'u4', supplierId: null })).toBe(true);
  });
});

describe('notification texts', () => {
  it('render in the reader language with the document gender in Portuguese', () => {
    const order = documentParams('order', 'PO-000123');
    expect(renderNotification('document.approve', order, 'en')).toBe('<b>Order PO-000123</b> was approved.');
    expect(renderNotification('document.approve', order, 'pt')).toBe(
      '<b>Encomenda PO-000123</b> foi aprovada.',
    );
    const contract = documentParams('contract', 'CT-1');
    expect(renderNotification('document.reject', contract, 'pt')).toBe('<b>Contrato CT-1</b> foi rejeitado.');
    const moved = { ...order, from: stateParam('approved'), to: stateParam('erp') };
    expect(renderNotification('document.moved', moved, 'pt')).toBe(
      '<b>Encomenda PO-000123</b> passou de Aprovado para Enviado para o ERP.',
    );
    // an unknown language reads English; an unknown key renders nothing
    expect(renderNotification('document.close', order, 'de')).toBe('<b>Order PO-000123</b> was closed.');
    expect(renderNotification('no.such.key', order, 'en')).toBeNull();
  });

  it('escape every parameter, so a name or a subject never becomes HTML', () => {
    const html = renderNotification(
      'chat.created',
      { author: '<img src=x onerror=alert(1)>', title: 'Order "1"', subject: 'a & b' },
      'en',
    );
    expect(html).toBe(
      '&#60;img src=x onerror=alert(1)&#62; started a chat about <b>Order &#34;1&#34;</b>: a &#38; b',
    );
    fc.assert(
      fc.property(fc.string(), (value) => {
        const out = renderNotification('chat.message', { author: value, title: value }, 'pt')!;
        return !/<(?!\/?b>)/.test(out);
      }),
    );
  });

  it('every text exists in en and pt with the same parameters', () => {
    for (const t of Object.values(NOTIFICATION_TEXTS)) {
      const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).filter((n) => n !== 'o');
      expect(names(t.pt).sort()).toEqual(names(t.en).sort());
    }
  });
});

describe('chat rules', () => {
  it('suppliers, integration roles and the system user have no chat', () => {
    expect(mayChat(role('buyer'))).toBe(true);
    expect(mayChat(role('requester'))).toBe(true);
    expect(mayChat(role('supplier'))).toBe(false);
    expect(mayChat(role('supplier-user'))).toBe(false);
    expect(mayChat(role('ihub-operator'))).toBe(false);
    expect(mayChat(role('system'))).toBe(false);
    expect(mayChat(null)).toBe(false);
  });

  it('an enabled widget needs a token, a host and a widget address', () => {
    expect(widgetSettingsErrors({ enabled: false })).toEqual([]);
    expect(widgetSettingsErrors({ enabled: true }).map((e) => e.field)).toEqual(['token', 'host', 'widget']);
    expect(
      widgetSettingsErrors({
        enabled: true,
        token: 't',
        host: 'javascript:alert(1)',
        widget: 'https://wchat.example.com/js/widget.js',
      }),
    ).toEqual([{ field: 'host', message: 'host must be an http(s) address.' }]);
  });
});
