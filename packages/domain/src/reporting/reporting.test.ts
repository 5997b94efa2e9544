import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FieldDescriptor, ReportQueryRequest } from '../api/reporting.ts';
import {
  DEFAULT_TIME_RANGE,
  INTERVALS,
  METRIC_FUNCTIONS,
  REPORT_MESSAGES,
  TIME_RANGES,
  VISUALIZATION_IDS,
} from './constants.ts';
import { DASHBOARD_WHAT, WHAT_IDS } from './dashboard-what.ts';
import { dataTypeOf, groupable } from './data-types.ts';
import { bucketEnd, intersectBounds, timeRangeBounds } from './dates.ts';
import {
  changeSource,
  cleanAggregation,
  groupByShowsInterval,
  metricAllows,
  metricFieldOptions,
  metricKeys,
  newReport,
  parseSourceId,
  pruneSorts,
  reportChecks,
  reportSource,
  setMetricFunction,
  sortCandidates,
  sourceId,
} from './report-query.ts';

const messages = (r: ReportQueryRequest) => reportChecks(r).map((c) => c.message);

describe('report checks (seed 001 section 5)', () => {
  it('runs name, source, then group-by or metric, with the exact messages in that order', () => {
    expect(messages({})).toEqual([
      REPORT_MESSAGES.nameRequired,
      REPORT_MESSAGES.sourceRequired,
      REPORT_MESSAGES.groupOrMetricRequired,
    ]);
    expect(REPORT_MESSAGES.nameRequired).toBe('Query name is required');
    expect(REPORT_MESSAGES.sourceRequired).toBe('Query source is required');
    expect(REPORT_MESSAGES.groupOrMetricRequired).toBe('At least one Group By or Metric is required');
    expect(
      messages({ name: '  ', model: 'order', aggregation: { metrics: [{ function: 'count' }] } }),
    ).toEqual(['Query name is required']);
    expect(
      messages({
        name: 'R',
        model: { _id: 'order-lines' },
        aggregation: { groupBy: [{ field: 'supplier' }] },
      }),
    ).toEqual([]);
  });

  it("says 'Field is required' for a metric other than count without a field, without blocking", () => {
    const checks = reportChecks({
      name: 'R',
      model: 'order',
      aggregation: { metrics: [{ function: 'count' }, { function: 'sum', field: '' }] },
    });
    expect(checks).toEqual([
      { field: 'aggregation.metrics.1.field', message: 'Field is required', blocking: false },
    ]);
  });

  it("checks a system query's pipeline: required, then valid JSON with the parse error's own text", () => {
    expect(messages({ name: 'S', type: 'system-query', model: 'order' })).toEqual(['Pipeline is required']);
    expect(
      messages({ name: 'S', type: 'system-query', model: 'order', aggregation: { pipeline: '   ' } }),
    ).toEqual(['Pipeline is required']);
    const text = '[{"$match": }]';
    let parseError = '';
    try {
      JSON.parse(text);
    } catch (err) {
      parseError = (err as Error).message;
    }
    expect(
      messages({ name: 'S', type: 'system-query', model: 'order', aggregation: { pipeline: text } }),
    ).toEqual([parseError]);
    expect(
      messages({ name: 'S', type: 'system-query', model: 'order', aggregation: { pipeline: '[]' } }),
    ).toEqual([]);
  });

  it('a report of dashboard figures needs only its name', () => {
    expect(messages({ name: 'Home', what: ['draft-orders'] })).toEqual([]);
    expect(messages({ what: ['draft-orders'] })).toEqual(['Query name is required']);
  });
});

describe('aggregation rules (seed 001 sections 2.9 and 4.4)', () => {
  it('drops empty group-by, metric and sort rows and applies the defaults', () => {
    const agg = cleanAggregation({
      groupBy: [{ field: '' }, { field: 'supplier' }, { field: null, limit: 3 }],
      metrics: [{}, { function: '', field: '' }, { function: 'sum', field: 'value' }, { field: 'value' }],
      sort: [{ field: '' }, { field: 'supplier' }],
    });
    expect(agg.groupBy).toEqual([
      { field: 'supplier', direction: 'row', limit: null, skipEmpty: true, interval: null },
    ]);
    expect(agg.metrics).toEqual([
      { function: 'sum', field: 'value', name: null },
      { function: 'count', field: 'value', name: null },
    ]);
    expect(agg.sort).toEqual([{ field: 'supplier', direction: 'asc' }]);
  });

  it('removes sorts of fields no longer grouped or measured, and keeps one sort per field', () => {
    const agg = cleanAggregation({
      groupBy: [{ field: '_state.current' }],
      metrics: [{ function: 'sum', field: 'value' }],
      sort: [
        { field: 'supplier', direction: 'asc' },
        { field: 'sum_value', direction: 'desc' },
        { field: '_state.current' },
        { field: 'sum_value', direction: 'asc' },
      ],
    });
    expect(agg.sort).toEqual([
      { field: 'sum_value', direction: 'desc' },
      { field: '_state.current', direction: 'asc' },
    ]);
    expect(sortCandidates(agg)).toEqual(['_state.current', 'sum_value']);
    const fewer = pruneSorts({ ...agg, metrics: [] });
    expect(fewer.sort).toEqual([{ field: '_state.current', direction: 'asc' }]);
  });

  it('names metric columns by function and field, made unique', () => {
    expect(
      metricKeys([
        { function: 'count', field: null },
        { function: 'sum', field: 'lines.value' },
        { function: 'sum', field: 'lines.value' },
      ]),
    ).toEqual(['count', 'sum_lines_value', 'sum_lines_value_2']);
  });

  it('changing the data source clears group-bys, metrics and sorts and resets the visualization', () => {
    const report: ReportQueryRequest = {
      name: 'R',
      model: 'order',
      aggregation: {
        groupBy: [{ field: 'supplier' }],
        metrics: [{ function: 'count' }],
        sort: [{ field: 'supplier' }],
        rollupColumns: true,
      },
      visualization: { type: { _id: 'bar', text: 'Bar' } },
    };
    const changed = changeSource(report, 'order-lines');
    expect(changed.aggregation).toEqual({ groupBy: [], metrics: [], sort: [], rollupColumns: true });
    expect(changed.visualization).toEqual({ type: { _id: 'table', text: 'Data table' } });
    expect(reportSource(changed.model)).toBe('order-lines');
    expect(changed.name).toBe('R');
  });

  it("changing a metric's function clears its field when the function does not take its data type", () => {
    const fields = [
      { _id: 'value', dataType: 'number' as const },
      { _id: 'description', dataType: 'string' as const },
      { _id: '_state.created.ts', dataType: 'date' as const },
    ];
    expect(setMetricFunction({ function: 'count', field: 'description' }, 'sum', fields).field).toBeNull();
    expect(setMetricFunction({ function: 'count', field: 'value' }, 'sum', fields).field).toBe('value');
    expect(setMetricFunction({ function: 'sum', field: 'value' }, 'maximum', fields).field).toBe('value');
    expect(setMetricFunction({ function: 'count', field: '_state.created.ts' }, 'average', fields)).toEqual({
      function: 'average',
      field: null,
    });
    expect(setMetricFunction({ function: 'count', field: 'gone' }, 'latest', fields).field).toBeNull();
  });

  it('offers metric fields by function data types, and only line fields on a line source', () => {
    const f = (id: string, dataType: FieldDescriptor['dataType'], lines: boolean, sources: string[]) => ({
      _id: id,
      dataType,
      lines,
      metric: true,
      in: sources,
    });
    const fields = [
      f('value', 'number', false, ['order', 'order-lines']),
      f('description', 'string', false, ['order', 'order-lines']),
      f('lines.quantity', 'number', true, ['order-lines']),
      f('lines.item', 'string', true, ['order-lines']),
    ];
    expect(metricFieldOptions(fields, 'sum', 'order').map((x) => x._id)).toEqual(['value']);
    expect(metricFieldOptions(fields, 'sum', 'order-lines').map((x) => x._id)).toEqual(['lines.quantity']);
    expect(metricFieldOptions(fields, 'count', 'order-lines').map((x) => x._id)).toEqual([
      'lines.quantity',
      'lines.item',
    ]);
    expect(metricAllows('count', null)).toBe(true);
    expect(metricAllows('sum', null)).toBe(false);
    expect(groupByShowsInterval({ dataType: 'date' })).toBe(true);
    expect(groupByShowsInterval({ dataType: 'string' })).toBe(false);
  });

  it('a new report starts without source, with the default visualization and the fifth time range', () => {
    const r = newReport('pt');
    expect(r.tr).toEqual({ _id: TIME_RANGES[4]!._id, text: 'Últimos 12 meses' });
    expect(r.visualization?.type?._id).toBe('table');
    expect(reportSource(r.model)).toBeNull();
  });

  it('reads data source ids: a model, or its lines', () => {
    expect(parseSourceId('order-lines')).toEqual({ model: 'order', lines: true });
    expect(parseSourceId('contract-evaluation')).toEqual({ model: 'contract-evaluation', lines: false });
    expect(sourceId('order', true)).toBe('order-lines');
    expect(reportSource({ model: 'order', lines: true })).toBe('order-lines');
    expect(reportSource(null)).toBeNull();
  });
});

describe('constants of the builder', () => {
  it('lists intervals from 1 second to 1 year in ascending length, time ranges with the fifth as default', () => {
    expect(INTERVALS[0]!._id).toBe('1s');
    expect(INTERVALS.at(-1)!._id).toBe('1y');
    const start = new Date('2025-01-01T00:00:00Z');
    const lengths = INTERVALS.map((i) => bucketEnd(start, i).getTime() - start.getTime());
    expect([...lengths].sort((a, b) => a - b)).toEqual(lengths);
    expect(new Set(INTERVALS.map((i) => i._id)).size).toBe(INTERVALS.length);
    expect(DEFAULT_TIME_RANGE).toBe(TIME_RANGES[4]);
    expect(VISUALIZATION_IDS).toEqual(['area', 'bar', 'table', 'line', 'pie', 'scatter']);
    expect(METRIC_FUNCTIONS.map((m) => m.function)).toEqual([
      'count',
      'sum',
      'average',
      'minimum',
      'maximum',
      'latest',
    ]);
  });

  it('maps field types to data types as the seed says', () => {
    expect(dataTypeOf('ref_supplier')).toBe('object');
    expect(dataTypeOf('ts')).toBe('date');
    expect(dataTypeOf('value')).toBe('number');
    expect(dataTypeOf('price')).toBe('number');
    expect(dataTypeOf('quantity')).toBe('number');
    expect(dataTypeOf('checkbox')).toBe('boolean');
    expect(dataTypeOf('tags')).toBe('array');
    expect(dataTypeOf('select')).toBe('string');
    expect(groupable('ref_user')).toBe(true);
    expect(groupable('address')).toBe(false);
    expect(groupable('users')).toBe(false);
  });

  it('has the 12 dashboard figures of seed 000 section 9, each over list filters', () => {
    expect(WHAT_IDS).toHaveLength(12);
    const now = new Date('2026-03-10T12:00:00Z');
    for (const w of DASHBOARD_WHAT) expect(w.parts(now).length).toBeGreaterThan(0);
    const upcoming = DASHBOARD_WHAT.find((w) => w._id === 'upcoming-receptions')!.parts(now)[0]!;
    expect(upcoming.filters).toMatchObject({ deliveryFrom: '2026-03-10', deliveryTo: '2026-03-16' });
  });
});

describe('dates of reports', () => {
  const now = new Date('2026-05-20T15:30:00Z');
  it('bounds the time ranges in UTC', () => {
    expect(timeRangeBounds('today', now)).toEqual({
      from: new Date('2026-05-20T00:00:00Z'),
      to: new Date('2026-05-21T00:00:00Z'),
    });
    expect(timeRangeBounds('last-7-days', now)!.from).toEqual(new Date('2026-05-14T00:00:00Z'));
    expect(timeRangeBounds('last-12-months', now)).toEqual({
      from: new Date('2025-06-01T00:00:00Z'),
      to: new Date('2026-06-01T00:00:00Z'),
    });
    expect(timeRangeBounds('this-quarter', now)).toEqual({
      from: new Date('2026-04-01T00:00:00Z'),
      to: new Date('2026-07-01T00:00:00Z'),
    });
    expect(timeRangeBounds('last-year', now)!.from).toEqual(new Date('2025-01-01T00:00:00Z'));
    expect(timeRangeBounds('all', now)).toBeNull();
    expect(timeRangeBounds('whenever', now)).toBeNull();
    for (const t of TIME_RANGES) {
      const b = timeRangeBounds(t._id, now);
      if (!b) continue;
      expect(b.from < b.to).toBe(true);
      // the past periods end before now, every other one holds now
      if (t._id.startsWith('last-month') || t._id === 'last-year') expect(b.to <= now).toBe(true);
      else expect(b.from <= now && now < b.to).toBe(true);
    }
  });

  it('ends buckets one interval later, months by the calendar', () => {
    expect(bucketEnd(new Date('2025-01-31T00:00:00Z'), '1d')).toEqual(new Date('2025-02-01T00:00:00Z'));
    expect(bucketEnd(new Date('2025-02-01T00:00:00Z'), '1M')).toEqual(new Date('2025-03-01T00:00:00Z'));
    expect(bucketEnd(new Date('2025-10-01T00:00:00Z'), '3M')).toEqual(new Date('2026-01-01T00:00:00Z'));
    expect(bucketEnd(new Date('2025-01-01T00:00:00Z'), '1y')).toEqual(new Date('2026-01-01T00:00:00Z'));
    expect(bucketEnd(new Date('2025-01-01T00:10:00Z'), '15m')).toEqual(new Date('2025-01-01T00:25:00Z'));
    expect(() => bucketEnd(new Date(), 'fortnight')).toThrow();
  });

  it('intersects bounds (property: the result lies in both)', () => {
    const instant = fc.integer({ min: 0, max: 4_000_000_000_000 }).map((n) => new Date(n));
    const bounds = fc
      .tuple(instant, instant)
      .map(([a, b]) => (a < b ? { from: a, to: b } : { from: b, to: a }));
    fc.assert(
      fc.property(bounds, bounds, (a, b) => {
        const c = intersectBounds(a, b);
        if (!c)
          return (
            a.to <= b.from ||
            b.to <= a.from ||
            a.from.getTime() === a.to.getTime() ||
            b.from.getTime() === b.to.getTime()
          );
        return c.from >= a.from && c.from >= b.from && c.to <= a.to && c.to <= b.to && c.from < c.to;
      }),
    );
    expect(intersectBounds({ from: now, to: now }, null)).toEqual({ from: now, to: now });
  });
});
