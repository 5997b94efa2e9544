import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import pg from 'pg';
import type { DatabaseKind, Db } from '../db/database.ts';

/** A notification was created for a user: what travels between server instances. */
export interface NotificationEvent {
  domainId: string;
  userId: string;
  id: string;
}

export const NOTIFICATION_CHANNEL = 'p2p_notifications';

export type NotificationListener = (event: NotificationEvent) => void;

export interface NotificationEvents {
  /** Announces notifications already committed (call it after the transaction). */
  publish(events: ReadonlyArray<NotificationEvent>): Promise<void>;
  /** Listens to every event of this database; answers the unsubscribe. */
  subscribe(listener: NotificationListener): () => void;
  close(): Promise<void>;
}

interface Logger {
  warn(obj: object, msg: string): void;
}

const isEvent = (v: unknown): v is NotificationEvent => {
  const e = v as Partial<NotificationEvent> | null;
  return typeof e?.domainId === 'string' && typeof e.userId === 'string' && typeof e.id === 'string';
};

/**
 * PostgreSQL: events go through NOTIFY on one channel, so a user connected to another server
 * instance gets them too; every instance LISTENs on a dedicated client (a pooled connection would
 * be handed back and lose the LISTEN), reconnecting after a failure. The channel is per database,
 * not per schema: a receiver reads the notification by id in its own schema and skips the rest.
 */
function postgresEvents(db: Db, url: string, log?: Logger): NotificationEvents {
  const local = new EventEmitter().setMaxListeners(0);
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (msg) => {
      if (msg.channel !== NOTIFICATION_CHANNEL || !msg.payload) return;
      try {
        const event: unknown = JSON.parse(msg.payload);
        if (isEvent(event)) local.emit('event', event);
      } catch {
        // not ours: another writer on the channel
      }
    });
    c.on('error', (err) => {
      log?.warn({ err }, 'notification listener lost its connection');
      void c.end().catch(() => {});
      if (client === c) client = null;
      if (!closed) retry ??= setTimeout(() => ((retry = null), void start()), 1_000);
    });
    await c.connect();
    await c.query(`LISTEN ${NOTIFICATION_CHANNEL}`);
    if (closed) await c.end();
    else client = c;
  };
  const start = () =>
    connect().catch((err: unknown) => {
      log?.warn({ err }, 'notification listener could not connect');
      if (!closed) retry ??= setTimeout(() => ((retry = null), void start()), 1_000);
    });
  const ready = start();

  return {
    async publish(events) {
      for (const e of events)
        await sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${JSON.stringify(e)})`.execute(db);
    },
    subscribe(listener) {
      local.on('event', listener);
      return () => local.off('event', listener);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await ready;
      await client?.end().catch(() => {});
      client = null;
      local.removeAllListeners();
    },
  };
}

/** PGlite is one process: the events are delivered in-process. */
function inProcessEvents(): NotificationEvents {
  const local = new EventEmitter().setMaxListeners(0);
  return {
    async publish(events) {
      for (const e of events) local.emit('event', e);
    },
    subscribe(listener) {
      local.on('event', listener);
      return () => local.off('event', listener);
    },
    async close() {
      local.removeAllListeners();
    },
  };
}

/**
 * The live events of one database connection, one per Db: the document workflow publishes through
 * the same Db it writes with (publishNotifications), the stream route subscribes.
 */
const registry = new WeakMap<Db, { events: NotificationEvents; users: number }>();

export function notificationEvents(
  db: Db,
  opts: { kind: DatabaseKind; databaseUrl?: string | null; log?: Logger },
): NotificationEvents {
  let entry = registry.get(db);
  if (!entry) {
    // without the address (an app built on a pool it was handed) only this process hears the events
    const events =
      opts.kind === 'postgres' && opts.databaseUrl
        ? postgresEvents(db, opts.databaseUrl, opts.log)
        : inProcessEvents();
    entry = { events, users: 0 };
    registry.set(db, entry);
  }
  const shared = entry;
  shared.users++;
  let released = false;
  // several apps may share one Db (tests build a second app on it): the last close ends it
  return {
    publish: (events) => shared.events.publish(events),
    subscribe: (listener) => shared.events.subscribe(listener),
    async close() {
      if (released) return;
      released = true;
      if (--shared.users > 0) return;
      registry.delete(db);
      await shared.events.close();
    },
  };
}

/**
 * Announces notifications written by a committed transaction on `db`. A failure is logged by the
 * caller's error path only as a lost live event: the rows are stored and the list shows them.
 */
export async function publishNotifications(db: Db, events: ReadonlyArray<NotificationEvent>): Promise<void> {
  if (events.length === 0) return;
  await registry
    .get(db)
    ?.events.publish(events)
    .catch(() => {});
}
