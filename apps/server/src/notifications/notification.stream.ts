import { NOTIFICATION_EVENT } from '@p2p/domain/api';
import type { FastifyReply } from 'fastify';
import type { NotificationEvents } from './notification.events.ts';
import type { NotificationService } from './notification.service.ts';

export const HEARTBEAT_MS = 25_000;

/**
 * Turns the answer into a server-sent event stream of one user's notifications: each event of the
 * user is read back by id (in this instance's database schema, sanitised like the list) and sent
 * as `event: user.notification`; a comment line every 25 s keeps proxies from closing it.
 * `streams` holds the open ones so the app's close can end them.
 */
export function openNotificationStream(
  reply: FastifyReply,
  who: { domainId: string; userId: string },
  deps: { notifications: NotificationService; events: NotificationEvents; streams: Set<() => void> },
): void {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-content-type-options': 'nosniff',
    // nginx and similar proxies would otherwise hold the events back
    'x-accel-buffering': 'no',
  });
  // retry: how long EventSource waits before it reconnects by itself
  res.write(': connected\nretry: 3000\n\n');

  const send = async (id: string) => {
    const n = await deps.notifications.one(who.domainId, who.userId, id);
    if (n && !res.writableEnded) res.write(`event: ${NOTIFICATION_EVENT}\ndata: ${JSON.stringify(n)}\n\n`);
  };
  const unsubscribe = deps.events.subscribe((e) => {
    if (e.domainId !== who.domainId || e.userId !== who.userId) return;
    send(e.id).catch(() => {
      // a failed read loses this live event only; the list still has the notification
    });
  });
  const heartbeat = setInterval(() => {
    if (!res.writableEnded) res.write(': heartbeat\n\n');
  }, HEARTBEAT_MS);
  const end = () => {
    unsubscribe();
    clearInterval(heartbeat);
    deps.streams.delete(end);
    if (!res.writableEnded) res.end();
  };
  deps.streams.add(end);
  res.on('close', end);
}
