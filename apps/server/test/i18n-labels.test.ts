import { getPath, ROLE_KEYS, ROLE_NAMES } from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODELS, readModelFiles } from '../src/documents/model-config.ts';
import { CURRENCY_TEXTS, PRICE_CONDITION_TEXTS, TAX_CODE_TEXTS } from '../src/documents/purchasing-config.ts';
import { call, createTestApp, signIn, type TestApp } from './helpers.ts';

/**
 * Everything a shipped model configuration shows has a Portuguese text (issue 11: in Portuguese the
 * column headers, field labels, group titles, subtypes, states, workflow buttons, tax names,
 * currencies and role names stayed English), and the server serves it to Portuguese readers.
 */

interface FoundLabel {
  path: string;
  label: unknown;
}

/** Every `label` of a configuration (model, subtypes, list and form fields and their items, groups, states, transitions, actions). */
function labelsOf(value: unknown, path = ''): FoundLabel[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => labelsOf(v, `${path}.${i}`));
  if (value === null || typeof value !== 'object') return [];
  const found: FoundLabel[] = [];
  for (const [key, v] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key === 'label') found.push({ path: at, label: v });
    else found.push(...labelsOf(v, at));
  }
  return found;
}

/** Option lists shown as they are (plain strings) would show one text in every language. */
function plainTextOptions(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => plainTextOptions(v, `${path}.${i}`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => {
    const at = path ? `${path}.${key}` : key;
    if (key === 'items' && Array.isArray(v))
      return [
        ...v.flatMap((item, i) => (typeof item === 'string' && !/^\d+$/.test(item) ? [`${at}.${i}`] : [])),
        ...plainTextOptions(v, at),
      ];
    return plainTextOptions(v, at);
  });
}

const hasBothTexts = (label: unknown): boolean => {
  if (label === null || typeof label !== 'object') return false;
  const { en, pt } = label as Record<string, unknown>;
  return typeof en === 'string' && en.trim() !== '' && typeof pt === 'string' && pt.trim() !== '';
};

const shipped = readModelFiles();

describe('shipped model configurations carry every label in English and Portuguese', () => {
  it('ships every model of the engine', () => {
    expect(shipped.map((m) => m.name).sort()).toEqual([...MODELS].sort());
  });

  for (const model of shipped) {
    it(`${model.name}: every label has a pt text, no option is plain text`, () => {
      const labels = labelsOf(model);
      expect(labels.length).toBeGreaterThan(10);
      const missing = labels
        .filter((l) => !hasBothTexts(l.label))
        .map((l) => `${l.path}: ${JSON.stringify(l.label)}`);
      expect(missing, `labels without a Portuguese text in models/${model.name}.json`).toEqual([]);
      expect(plainTextOptions(model)).toEqual([]);
    });
  }

  it('a label missing its pt text is found (the walk reads nested items)', () => {
    const broken = {
      label: { en: 'Order', pt: 'Encomenda' },
      form: { fields: [{ src: 'x', label: 'X', items: [{ key: 'a', label: { en: 'A' } }, 'Plain'] }] },
    };
    expect(
      labelsOf(broken)
        .filter((l) => !hasBothTexts(l.label))
        .map((l) => l.path),
    ).toEqual(['form.fields.0.label', 'form.fields.0.items.0.label']);
    expect(plainTextOptions(broken)).toEqual(['form.fields.0.items.1']);
  });

  it('tax codes, currencies, price conditions and roles have pt texts', () => {
    for (const entry of [...TAX_CODE_TEXTS, ...CURRENCY_TEXTS, ...PRICE_CONDITION_TEXTS])
      expect(hasBothTexts(entry.label), entry.key).toBe(true);
    for (const key of ROLE_KEYS) expect(hasBothTexts(ROLE_NAMES[key]), key).toBe(true);
  });
});

describe('the server serves the labels in the reader language', () => {
  let t: TestApp;
  let admin: string;
  let requester: string;
  let buyer: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signIn(t.app, 'admin')).token;
    requester = (await signIn(t.app, 'requester')).token; // the demo requester reads Portuguese
    buyer = (await signIn(t.app, 'buyer')).token;
  });
  afterAll(() => t.close());

  it('GET /config/model/pt/{model} answers every label of every model in Portuguese', async () => {
    for (const model of shipped) {
      const res = await call(t.app, 'GET', `/api/config/model/pt/${model.name}`, { token: admin });
      expect(res.status, model.name).toBe(200);
      const en = await call(t.app, 'GET', `/api/config/model/en/${model.name}`, { token: admin });
      for (const { path, label } of labelsOf(model)) {
        const texts = label as { en: string; pt: string };
        expect(getPath(res.body, path), `${model.name} ${path}`).toBe(texts.pt);
        expect(getPath(en.body, path), `${model.name} ${path}`).toBe(texts.en);
      }
    }
  });

  it('tax codes, currencies and price conditions follow the user language', async () => {
    const pt = await call<Record<string, Array<{ key: string; label: string }>>>(
      t.app,
      'GET',
      '/api/config/purchasing',
      { token: requester },
    );
    expect(pt.status).toBe(200);
    const labels = (list: Array<{ key: string; label: string }>) =>
      Object.fromEntries(list.map((e) => [e.key, e.label]));
    expect(labels(pt.body.taxCodes!)).toMatchObject({ IVA23: 'IVA 23%', IVA0: 'Isento de IVA' });
    expect(labels(pt.body.currencies!)).toMatchObject({ USD: 'Dólar americano' });
    expect(labels(pt.body.priceConditions!)).toMatchObject({ ZFA1: 'Frete %' });
    expect(labels(pt.body.models!)).toMatchObject({ order: 'Encomendas', supplier: 'Fornecedores' });
    const en = await call<Record<string, Array<{ key: string; label: string }>>>(
      t.app,
      'GET',
      '/api/config/purchasing',
      { token: buyer },
    );
    expect(labels(en.body.taxCodes!)).toMatchObject({ IVA23: 'VAT 23%', IVA0: 'VAT exempt' });
    expect(labels(en.body.currencies!)).toMatchObject({ USD: 'US dollar' });
    const taxes = await call<{ items: Array<{ key: string; label: string }> }>(
      t.app,
      'GET',
      '/api/reference/tax?q=IVA0',
      { token: requester },
    );
    expect(taxes.status).toBe(200);
    expect(taxes.body.items.find((i) => i.key === 'IVA0')?.label).toBe('Isento de IVA');
  });

  it("names the signed-in user's roles in their language", async () => {
    const pt = await signIn(t.app, 'requester');
    expect(pt.user.role).toEqual({ key: 'requester', name: 'Requisitante' });
    expect(pt.user.roles.every((r) => r.name === ROLE_NAMES[r.key as keyof typeof ROLE_NAMES].pt)).toBe(true);
    const en = await signIn(t.app, 'buyer');
    expect(en.user.role).toEqual({ key: 'buyer', name: 'Buyer' });
  });
});
