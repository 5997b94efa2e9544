import { describe, expect, it } from 'vitest';
import type { ReportResult, ResultField } from '@p2p/domain';
import { chartPlan, displayValue, drillPath, drillTargets, formatBucket } from './result-chart.ts';
import { servedPendingResult, servedResult } from './test/served.ts';

const field = (over: Partial<ResultField>): ResultField => ({
  src: 'x',
  label: 'X',
  role: 'group',
  dataType: 'string',
  type: null,
  format: null,
  field: null,
  function: null,
  interval: null,
  column: null,
  ...over,
});
const supplier = field({
  src: 'supplier',
  label: 'Supplier',
  dataType: 'object',
  type: 'ref_supplier',
  field: 'supplier',
});
const month = field({
  src: '_state_created_ts',
  label: 'Created',
  dataType: 'date',
  type: 'ts',
  interval: '1M',
});
const sum = field({
  src: 'sum_value',
  label: 'Sum of Total value',
  role: 'metric',
  dataType: 'number',
  format: '#,##0.00',
  function: 'sum',
});
const options = (model: string | null): ReportResult['tableOptions'] => ({
  header: true,
  count: 3,
  paging: false,
  pageSize: 30,
  sort: true,
  download: true,
  truncated: false,
  model,
});

/** As POST /reporting/query/result answers sum of value by supplier and month (report.user-query.ts). */
const byMonth: ReportResult = {
  items: [
    {
      supplier: 'Alfa',
      supplier_id: 's1',
      _state_created_ts: '2026-11-01T00:00:00.000Z',
      sum_value: '100.50',
      _filter: 'supplier._id=s1&m=11',
    },
    {
      supplier: 'Alfa',
      supplier_id: 's1',
      _state_created_ts: '2026-10-01T00:00:00.000Z',
      sum_value: '20.00',
      _filter: 'supplier._id=s1&m=10',
    },
    {
      supplier: 'Beta',
      supplier_id: 's2',
      _state_created_ts: '2026-11-01T00:00:00.000Z',
      sum_value: '7.25',
      _filter: 'supplier._id=s2&m=11',
    },
  ],
  fields: [supplier, month, sum],
  tableOptions: options('order'),
};

describe('a result as a chart', () => {
  it('puts the months along the axis in time order and one series per supplier', () => {
    const plan = chartPlan(byMonth);
    expect(plan.labels).toEqual(['10-2026', '11-2026']);
    expect(plan.series).toEqual([
      { label: 'Alfa', data: [20, 100.5] },
      { label: 'Beta', data: [null, 7.25] },
    ]);
    expect(plan.filters).toEqual([
      ['supplier._id=s1&m=10', 'supplier._id=s1&m=11'],
      [null, 'supplier._id=s2&m=11'],
    ]);
  });

  it('draws one group as one series per metric, a pivot cell by its own filter, never the total row', () => {
    const oneGroup: ReportResult = {
      items: [
        { supplier: 'Alfa', supplier_id: 's1', count: 3, _filter: 'a' },
        { _total: true, count: 3, _filter: '' },
      ],
      fields: [
        supplier,
        field({
          src: 'count',
          label: 'Count',
          role: 'metric',
          dataType: 'number',
          format: '#,##0',
          function: 'count',
        }),
      ],
      tableOptions: options('order'),
    };
    expect(chartPlan(oneGroup)).toEqual({
      labels: ['Alfa'],
      series: [{ label: 'Count', data: [3] }],
      filters: [['a']],
      points: [[oneGroup.items[0]]],
    });
    const pivot: ReportResult = {
      items: [
        { plant: 'P1', count__c0: 2, _filter: 'plant=P1', _filters: { count__c0: 'plant=P1&s=draft' } },
      ],
      fields: [
        field({ src: 'plant', label: 'Plant' }),
        field({
          src: 'count__c0',
          label: 'draft · Count',
          role: 'metric',
          dataType: 'number',
          function: 'count',
          column: 'draft',
        }),
      ],
      tableOptions: options('order'),
    };
    expect(chartPlan(pivot).filters).toEqual([['plant=P1&s=draft']]);
  });

  it('shows buckets by their interval and numbers with thousands', () => {
    expect(formatBucket('2026-11-26T13:05:09.000Z', '1d')).toBe('26-11-2026');
    expect(formatBucket('2026-11-26T13:05:09.000Z', '1h')).toBe('26-11-2026 13:05');
    expect(formatBucket('2026-11-26T13:05:09.000Z', '1s')).toBe('26-11-2026 13:05:09');
    expect(formatBucket('2026-10-01T00:00:00.000Z', '3M')).toBe('Q4-2026');
    expect(formatBucket('2026-01-01T00:00:00.000Z', '1y')).toBe('2026');
    expect(displayValue(sum, '1234567.5', ['Yes', 'No'])).toBe('1,234,567.50');
    expect(
      displayValue(field({ role: 'metric', dataType: 'number', function: 'count', format: '#,##0' }), 1234, [
        'Y',
        'N',
      ]),
    ).toBe('1,234');
    expect(displayValue(field({ dataType: 'boolean' }), false, ['Yes', 'No'])).toBe('No');
  });

  it("drills to the model's list route with the figure's query string", () => {
    const paths = (m: string) => (m === 'order' ? '/order' : null);
    expect(drillPath(paths, 'order', 'supplier._id=s1')).toBe('/order?supplier._id=s1');
    expect(drillPath(paths, 'order', '')).toBe('/order');
    expect(drillPath(paths, 'order', null)).toBeNull();
    expect(drillPath(paths, 'unknown', 'a=1')).toBeNull();
  });
});

describe('drill targets', () => {
  it('a row opens its own list in the report’s model', () => {
    const plan = chartPlan(servedResult);
    const item = plan.points[0]![1]!;
    expect(drillTargets(servedResult, item, plan.filters[0]![1])).toEqual([
      { model: 'order', filter: servedResult.items[1]!._filter, label: null, count: null },
    ]);
  });

  it('a figure over two lists offers each counted part, named, with its filter', () => {
    const plan = chartPlan(servedPendingResult);
    const item = plan.points[0]![0]!;
    expect(plan.filters[0]![0]).toBeNull();
    expect(drillTargets(servedPendingResult, item, plan.filters[0]![0])).toEqual([
      {
        model: 'order-evaluation',
        filter: '_state.current=created%2Cupdated',
        label: 'Order evaluations',
        count: 1,
      },
      {
        model: 'contract-evaluation',
        filter: '_state.current=created%2Cupdated',
        label: 'Contract evaluations',
        count: 1,
      },
    ]);
    // a part the caller cannot count has no filter and is not offered
    const hidden = {
      ...item,
      parts: (item.parts as Array<Record<string, unknown>>).map((p, i) =>
        i === 1 ? { ...p, count: null, _filter: null } : p,
      ),
    };
    expect(drillTargets(servedPendingResult, hidden, null).map((t) => t.model)).toEqual(['order-evaluation']);
    expect(drillTargets(servedPendingResult, undefined, null)).toEqual([]);
  });
});
