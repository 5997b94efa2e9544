import { sql, type PostgresPool, type PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * A pg pool whose clients run the statements marked `PLAN_ONCE` as named prepared statements, so
 * PostgreSQL parses a statement once per connection and, after five calls, keeps a generic plan
 * instead of planning it on every call. Only marked statements: a generic plan is costed with
 * average selectivities, so a statement whose best plan depends on its values (a text search, a
 * rare state, one supplier's documents) can get a plan hundreds of times slower than its custom
 * plan (seen: the search route went from 5 to 300 ms at a million documents). A statement earns the
 * mark when its plan cannot depend on the values bound to it. Only the first `MAX_PREPARED_TEXTS`
 * distinct texts of the process get a name (a name stays on each connection until it closes).
 */
export const MAX_PREPARED_TEXTS = 2000;

const MARK = '/* plan once */ ';
/** Put first in a statement whose plan cannot depend on its values (see above). */
export const PLAN_ONCE = sql.raw(MARK);

const names = new Map<string, string>();

/** The statement name of `text`: one per distinct text in this process, never reused for another. */
export function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_PREPARED_TEXTS) names.set(text, (name = `p2p_${names.size}`));
  return name;
}

type Query = pg.PoolClient['query'];

const wrapped = new WeakMap<pg.PoolClient, pg.PoolClient>();

/** `client` with a preparing `query`; reads (processID, release...) fall through to it. */
function preparing(client: pg.PoolClient): pg.PoolClient {
  let out = wrapped.get(client);
  if (out) return out;
  const plain = client.query.bind(client) as (...args: unknown[]) => unknown;
  const query = (...args: unknown[]) => {
    const [text, values] = args;
    if (args.length !== 2 || typeof text !== 'string' || !Array.isArray(values) || !text.startsWith(MARK))
      return plain(...args);
    const name = statementName(text);
    return name ? plain({ name, text, values }) : plain(text, values);
  };
  out = Object.assign(Object.create(client) as pg.PoolClient, { query: query as Query });
  // the same wrapper for the same connection: Kysely keys its connection state by the client object
  wrapped.set(client, out);
  return out;
}

/** What Kysely's PostgresDialect needs of a pool, handing out clients that prepare (see above). */
export function preparedStatementPool(pool: pg.Pool): PostgresPool {
  return {
    // Kysely opens a control connection of the pool's kind (to cancel a query) with these
    Client: (pool as unknown as { Client: PostgresPool['Client'] }).Client,
    options: pool.options,
    connect: async () => preparing(await pool.connect()) as unknown as PostgresPoolClient,
    end: () => pool.end(),
  };
}
