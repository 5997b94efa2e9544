import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { workflowGaps } from '@p2p/domain';
import { describe, expect, it } from 'vitest';
import { isModel, MODELS_DIR, readModelFiles } from '../src/documents/model-config.ts';

/**
 * The walk of every shipped workflow (apps/server/models/*.json, each subtype): from the start
 * state, some role can bring a document into every configured state, and every one of the 21
 * workflow actions of seed 000 section 4 is offered somewhere. A failure lists exactly what is
 * missing (workflowGaps of @p2p/domain: the same availability rules the server decides moves with).
 */
describe('the walk of the shipped workflows', () => {
  it('reads every model file: each is a model of the engine', () => {
    const names = readdirSync(MODELS_DIR)
      .filter((f) => f.endsWith('.json'))
      .map((f) => (JSON.parse(readFileSync(resolve(MODELS_DIR, f), 'utf8')) as { name: string }).name);
    expect(names.filter((n) => !isModel(n))).toEqual([]);
  });

  it('reaches every configured state and uses every seed workflow action', () => {
    expect(workflowGaps(readModelFiles())).toEqual([]);
  });
});
