import { describe, expect, it } from 'vitest';
import { listFilters, routeFilter } from './list-filters.ts';

describe('listFilters', () => {
  it("takes the route's meta.filter and the url's query string; the url wins for the same key", () => {
    expect(listFilters({ state: 'approval' }, new URLSearchParams(''))).toEqual({ state: 'approval' });
    expect(listFilters(undefined, new URLSearchParams('evaluation=due'))).toEqual({ evaluation: 'due' });
    expect(
      listFilters(
        { state: 'approval', plant: ['pt-lisboa', 'pt-porto'] },
        new URLSearchParams('state=created'),
      ),
    ).toEqual({
      state: 'created',
      plant: 'pt-lisboa,pt-porto',
    });
  });

  it('joins repeated url keys as any-of, and never takes the keys of the list call itself', () => {
    expect(
      listFilters(
        { p: 2, state: 'approval' },
        new URLSearchParams('state=a&state=b&q=x&p=3&l=10&s=-_id&c=1&ts=1'),
      ),
    ).toEqual({
      state: 'a,b',
    });
  });

  it("reads a route's meta.filter defensively", () => {
    expect(
      routeFilter({ model: 'reception', filter: { evaluation: 'due', plant: ['a', 'b'], open: true } }),
    ).toEqual({
      evaluation: 'due',
      plant: ['a', 'b'],
      open: true,
    });
    expect(routeFilter({ filter: { bad: { nested: 1 }, state: 'approval' } })).toEqual({ state: 'approval' });
    expect(routeFilter({ filter: 'state=approval' })).toBeUndefined();
    expect(routeFilter({ filter: {} })).toBeUndefined();
    expect(routeFilter(undefined)).toBeUndefined();
  });
});
