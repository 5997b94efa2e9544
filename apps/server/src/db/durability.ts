import { open, readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/**
 * Durability of the embedded database. PGlite (0.5.x on Node) writes its files through the
 * operating system but never asks it to flush them (its fsync is a no-op): a killed process loses
 * nothing, a power cut can lose what the disk cache still held. This flusher fsyncs every file of
 * the data directory written since the previous flush (and the directories holding them, for new
 * files); the server awaits it before it acknowledges a write (buildApp's `flush`), so an answered
 * write is on disk.
 *
 * Concurrent writes share flushes (group commit): a write that arrives while a flush runs waits for
 * the next one, which starts as soon as the running one ends and covers every write before it.
 */
export function fileSystemFlusher(
  dir: string,
  opts: { writeOnce?: ReadonlyArray<string> } = {},
): () => Promise<void> {
  // folders whose files are written once and renamed in (uploads): a new file changes the folder's
  // time, so an unchanged folder is not listed (a busy tenant keeps many thousands of files there)
  const writeOnce = new Set((opts.writeOnce ?? []).map((d) => resolve(d)));
  let since = 0;
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;

  async function fsyncPath(path: string): Promise<void> {
    const handle = await open(path, 'r').catch(() => null); // removed meanwhile: nothing to keep
    if (!handle) return;
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  async function changed(folder: string, after: number, out: string[]): Promise<boolean> {
    let any = false;
    for (const entry of await readdir(folder, { withFileTypes: true }).catch(() => [])) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (writeOnce.has(resolve(path))) {
          const info = await stat(path).catch(() => null);
          if (!info || info.mtimeMs < after) continue;
        }
        if (await changed(path, after, out)) any = true;
      } else if (entry.isFile()) {
        const info = await stat(path).catch(() => null);
        if (info && info.mtimeMs >= after) {
          out.push(path);
          any = true;
        }
      }
    }
    if (any) out.push(folder);
    return any;
  }

  async function run(): Promise<void> {
    const started = Date.now();
    const paths: string[] = [];
    // a little slack: file times are coarser than the clock on some file systems
    await changed(dir, since - 1000, paths);
    for (const path of paths) await fsyncPath(path);
    since = started;
  }

  const flush = (): Promise<void> => {
    if (!running) {
      running = run().finally(() => {
        running = null;
      });
      return running;
    }
    // the running flush may have started before this write reached the disk cache
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return flush();
      });
    return next;
  };
  return flush;
}
