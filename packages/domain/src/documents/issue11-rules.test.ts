import { describe, expect, it } from 'vitest';
import { MESSAGE_CATALOGUE } from '../i18n/catalogue.ts';
import { defaultLineTax } from './line-defaults.ts';
import { STATE_STATUS_ICONS, stateStatus } from './state-status.ts';
import { submitValueError } from './submit-value.ts';

const requisition = { name: 'requisition' };
const doc = (value: unknown, type = 'requisition') => ({ doc: { type }, value }) as never;

describe('submitValueError (a requisition valued 0.00 is not submitted for approval)', () => {
  it('refuses submit-approval of a requisition at 0, 0.00, empty or unreadable, in en and pt', () => {
    for (const v of ['0.00', '0', 0, '', null, undefined, 'abc', '-5.00']) {
      expect(submitValueError(doc(v), requisition, 'submit-approval')).toEqual({
        field: 'value',
        message: MESSAGE_CATALOGUE['document.zero-value'].en,
      });
    }
    expect(submitValueError(doc('0.00'), requisition, 'submit-approval', 'pt')?.message).toBe(
      'Uma requisição com valor 0,00 não pode ser submetida para aprovação: indique um preço estimado nas linhas.',
    );
  });

  it('lets a priced requisition, another action or another document type go', () => {
    expect(submitValueError(doc('0.01'), requisition, 'submit-approval')).toBeNull();
    expect(submitValueError(doc('0.00'), requisition, 'workflow')).toBeNull();
    expect(submitValueError(doc('0.00', 'order'), { name: 'order' }, 'submit-approval')).toBeNull();
  });
});

describe('stateStatus (seed 001 section 4.1 icons and colours of states)', () => {
  it('gives each known state a status icon and a tone', () => {
    expect(stateStatus('approval')).toEqual({ icon: 'wait', tone: 'warn' });
    expect(stateStatus('approved')).toEqual({ icon: 'done', tone: 'success' });
    expect(stateStatus('rejected')).toEqual({ icon: 'fail', tone: 'danger' });
    expect(stateStatus('closed')).toEqual({ icon: 'lock', tone: 'muted' });
    expect(stateStatus('created')).toEqual({ icon: 'new', tone: 'info' });
  });

  it("takes the workflow state's own colour, and shows an unknown state light without an icon", () => {
    expect(stateStatus('approval', 'danger')).toEqual({ icon: 'wait', tone: 'danger' });
    expect(stateStatus('approval', '#ff0000').tone).toBe('warn');
    expect(stateStatus('first-inspection')).toEqual({ icon: null, tone: 'light' });
  });

  it('maps only to icons of the seed set', () => {
    const seed =
      'new wait done fail block receive reverse reverse-wait reverse-fail escalated action-new action-approved action-rejected info deleted lock draft ship missing-info unread import upload download value-increase accounting-info-filled rfx-contract-expired unspsc-fail'.split(
        ' ',
      );
    for (const icon of Object.values(STATE_STATUS_ICONS)) expect(seed).toContain(icon);
  });
});

describe('defaultLineTax (a new line takes the document default tax)', () => {
  const codes = [
    { key: 'IVA0', value: 0, group: 'no-tax', label: 'Exempt' },
    { key: 'IVA23', value: 23, group: 'deductible', label: 'VAT 23%' },
  ];
  it("takes the header's tax, then the last line's, then the first deductible code", () => {
    expect(defaultLineTax({ tax: 'IVA0', lines: [] }, codes)).toEqual({
      key: 'IVA0',
      value: 0,
      group: 'no-tax',
    });
    expect(
      defaultLineTax({ lines: [{ tax: { key: 'IVA23' } }, { tax: { key: 'IVA0', value: 0 } }] }, codes),
    ).toEqual({
      key: 'IVA0',
      value: 0,
    });
    expect(defaultLineTax({ lines: [{}] }, codes)).toEqual({ key: 'IVA23', value: 23, group: 'deductible' });
    expect(defaultLineTax({}, [])).toBeNull();
  });
});
