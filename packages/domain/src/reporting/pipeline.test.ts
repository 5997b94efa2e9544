import { describe, expect, it } from 'vitest';
import { parsePipeline, type PipelineStage } from './pipeline.ts';

const ok = (input: string | unknown[]): PipelineStage[] => {
  const parsed = parsePipeline(input);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.stages;
};
const refused = (input: string | unknown[]) => {
  const parsed = parsePipeline(input);
  if (parsed.ok) throw new Error(`accepted ${JSON.stringify(input)}`);
  return parsed.errors[0]!;
};

describe('system query pipelines', () => {
  it('reads each supported stage', () => {
    const stages = ok([
      { $unwind: '$lines' },
      {
        $match: {
          '_state.current': { $in: ['erp-done', 'closed'] },
          value: { $gte: 10, $lt: 500 },
          plant: 'pt-porto',
        },
      },
      {
        $group: {
          _id: {
            supplier: '$supplier',
            month: { $dateTrunc: { date: '$_state.created.ts', unit: 'month' } },
          },
          total: { $sum: '$lines.value' },
          n: { $sum: 1 },
          c: { $count: {} },
          avg: { $avg: '$lines.price' },
          low: { $min: '$lines.price' },
          high: { $max: '$lines.price' },
          last: { $last: '$lines.item' },
        },
      },
      { $match: { total: { $gt: 100 }, n: { $ne: 3 } } },
      { $project: { total: 1, suppliers: '$_id', _id: 0 } },
      { $sort: { total: -1 } },
      { $limit: 10 },
    ]);
    expect(stages.map((s) => s.stage)).toEqual([
      '$unwind',
      '$match',
      '$group',
      '$match',
      '$project',
      '$sort',
      '$limit',
    ]);
    expect(stages[1]).toEqual({
      stage: '$match',
      conditions: [
        { field: '_state.current', operator: '$in', value: ['erp-done', 'closed'] },
        { field: 'value', operator: '$gte', value: 10 },
        { field: 'value', operator: '$lt', value: 500 },
        { field: 'plant', operator: '$eq', value: 'pt-porto' },
      ],
    });
    const group = stages[2] as Extract<PipelineStage, { stage: '$group' }>;
    expect(group.keys).toEqual([
      { name: 'supplier', field: 'supplier', interval: null },
      { name: 'month', field: '_state.created.ts', interval: '1M' },
    ]);
    expect(group.accumulators.map((a) => [a.name, a.operator, a.field])).toEqual([
      ['total', '$sum', 'lines.value'],
      ['n', '$count', null],
      ['c', '$count', null],
      ['avg', '$avg', 'lines.price'],
      ['low', '$min', 'lines.price'],
      ['high', '$max', 'lines.price'],
      ['last', '$last', 'lines.item'],
    ]);
    expect(stages[4]).toEqual({
      stage: '$project',
      fields: [
        { name: 'total', from: 'total' },
        { name: 'suppliers', from: '_id' },
      ],
      dropId: true,
    });
    expect(ok('[{"$match": {"plant": "x"}}, {"$count": "n"}]').at(-1)).toEqual({
      stage: '$count',
      name: 'n',
    });
    expect(ok([{ $group: { _id: null, n: { $sum: 1 } } }])[0]).toMatchObject({ keys: [] });
  });

  it('refuses stages and operators outside the subset, naming where', () => {
    expect(refused([{ $lookup: { from: 'users' } }])).toEqual({
      field: 'aggregation.pipeline.0.$lookup',
      message:
        "Stage '$lookup' is not supported; use $match, $group, $project, $unwind, $sort, $limit, $count.",
    });
    expect(refused([{ $match: { $where: 'sleep(1000)' } }]).message).toMatch(
      /Operator '\$where' is not supported/,
    );
    expect(refused([{ $match: { value: { $regex: '.*' } } }]).field).toBe(
      'aggregation.pipeline.0.$match.value.$regex',
    );
    expect(refused([{ $match: { $expr: { $gt: ['$a', 1] } } }]).message).toMatch(/\$expr/);
    expect(refused([{ $group: { _id: '$supplier', x: { $push: '$value' } } }]).message).toMatch(/\$push/);
    expect(refused([{ $group: { _id: '$supplier', x: { $function: { body: 'x' } } } }]).message).toMatch(
      /\$function/,
    );
    expect(refused([{ $project: { x: { $concat: ['$a'] } } }]).message).toMatch(
      /expressions are not supported/,
    );
    expect(refused([{ $unwind: '$supplierNotes' }]).message).toBe('Only "$lines" can be unwound.');
    expect(refused([{ $match: { value: { $gt: '$other' } } }]).message).toBe(
      'A value cannot name a field ($).',
    );
    expect(refused([{ $match: { value: { a: 1 } } }]).message).toMatch(/Operator 'a' is not supported/);
    expect(refused([{ $match: { value: [1, 2] } }]).message).toMatch(/Only texts/);
    expect(refused([{ $limit: 0 }]).message).toMatch(/\$limit/);
    expect(refused([{ $limit: 'all' }]).message).toMatch(/\$limit/);
    expect(refused([{ $match: {}, $group: {} }]).message).toBe('A stage is an object with one operator.');
    expect(refused({ $match: {} } as unknown as unknown[]).message).toMatch(/list of stages/);
  });

  it('refuses names and field references that are not plain (no way into SQL text)', () => {
    expect(
      refused([{ $group: { _id: "$value'; drop table documents; --", n: { $sum: 1 } } }]).message,
    ).toMatch(/not a valid field reference/);
    expect(refused([{ $group: { _id: '$value', 'n"); drop': { $sum: 1 } } }]).message).toMatch(
      /not a valid name/,
    );
    expect(refused([{ $match: { "value' or '1'='1": 1 } }]).message).toMatch(/not a valid field/);
    expect(refused([{ $count: 'n n' }]).message).toMatch(/not a valid name/);
    expect(refused([{ $sort: { 'a;b': 1 } }]).message).toMatch(/not a name/);
    expect(
      refused([{ $group: { _id: { $dateTrunc: { date: '$x', unit: 'constructor' } } } }]).message,
    ).toMatch(/unit/);
  });

  it('keeps the order of the stages: $unwind and $group once, before what shapes the rows; $count last', () => {
    expect(refused([{ $group: { _id: null } }, { $unwind: '$lines' }]).message).toBe(
      '$unwind must come before $group.',
    );
    expect(refused([{ $sort: { a: 1 } }, { $group: { _id: null } }]).message).toMatch(
      /\$group must come before/,
    );
    expect(refused([{ $count: 'n' }, { $limit: 1 }]).message).toBe('$count must be the last stage.');
    expect(refused([{ $group: { _id: null } }, { $group: { _id: null } }]).message).toBe(
      '$group may appear once.',
    );
    expect(refused([{ $limit: 2 }, { $sort: { a: 1 } }]).message).toBe('$sort must come before $limit.');
    expect(refused(Array.from({ length: 21 }, () => ({ $match: { a: 1 } }))).message).toMatch(/at most 20/);
  });

  it("answers the JSON parse error's own text for invalid JSON", () => {
    const text = '[{"$match": {"a": 1}]';
    let expected = '';
    try {
      JSON.parse(text);
    } catch (err) {
      expected = (err as Error).message;
    }
    expect(refused(text)).toEqual({ field: 'aggregation.pipeline', message: expected });
  });
});
