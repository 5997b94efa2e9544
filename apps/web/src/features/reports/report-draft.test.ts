import { describe, expect, it } from 'vitest';
import { newReport, type FieldDescriptor } from '@p2p/domain';
import {
  pipelineError,
  requestOf,
  withGroupBy,
  withMetricFunction,
  withMetrics,
  withSource,
  type Draft,
} from './report-draft.ts';

const fields = [
  { _id: 'supplier', dataType: 'object' },
  { _id: 'value', dataType: 'number' },
  { _id: 'description', dataType: 'string' },
] as FieldDescriptor[];

const draft: Draft = {
  ...(newReport('en') as Draft),
  name: 'By supplier',
  model: { _id: 'order', model: 'order', lines: false },
  aggregation: {
    groupBy: [{ field: 'supplier' }, { field: null }],
    metrics: [
      { function: 'sum', field: 'value' },
      { function: null, field: null },
    ],
    sort: [
      { field: 'supplier', direction: 'asc' },
      { field: 'sum_value', direction: 'desc' },
    ],
    rollupColumns: false,
  },
};

describe('the builder draft (seed 001 section 4.4)', () => {
  it('clears group-bys, metrics and sorts and resets the visualization when the source changes', () => {
    const next = withSource(
      { ...draft, visualization: { type: { _id: 'bar', text: 'Bar' } } },
      'order-lines',
      'en',
    );
    expect(next.aggregation).toMatchObject({ groupBy: [], metrics: [], sort: [] });
    expect(next.model).toEqual({ _id: 'order-lines', model: 'order', lines: true });
    expect(next.visualization?.type?._id).toBe('table');
  });

  it('removes sorts of group-bys and metrics that are gone, keeps the others', () => {
    expect(withGroupBy(draft, []).aggregation.sort).toEqual([{ field: 'sum_value', direction: 'desc' }]);
    expect(withMetrics(draft, []).aggregation.sort).toEqual([{ field: 'supplier', direction: 'asc' }]);
  });

  it("clears a metric's field when the new function does not take its data type", () => {
    const text = withMetrics(draft, [{ function: 'count', field: 'description' }]);
    expect(withMetricFunction(text, 0, 'sum', fields).aggregation.metrics![0]).toEqual({
      function: 'sum',
      field: null,
    });
    expect(withMetricFunction(draft, 0, 'average', fields).aggregation.metrics![0]).toEqual({
      function: 'average',
      field: 'value',
    });
  });

  it('drops empty rows before saving', () => {
    const sent = requestOf(draft);
    expect(sent.aggregation?.groupBy).toHaveLength(1);
    expect(sent.aggregation?.metrics).toEqual([{ function: 'sum', field: 'value', name: null }]);
    expect(sent.aggregation?.sort).toHaveLength(2);
  });

  it('gives the parse error text of an invalid pipeline', () => {
    expect(pipelineError('[{"$match": {}}]')).toBeNull();
    expect(pipelineError('')).toBeNull();
    const message = pipelineError('[{"$match": }]');
    let expected = '';
    try {
      JSON.parse('[{"$match": }]');
    } catch (err) {
      expected = (err as Error).message;
    }
    expect(message).toBe(expected);
  });
});
