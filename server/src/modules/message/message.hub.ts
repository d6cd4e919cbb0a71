import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/schema.js';
import { MessageRepository } from './message.repository.js';

/** Rows committed this long after their created_at (transaction start) are still seen. */
const OVERLAP_MS = 3000;
const POLL_MS = 1000;
const PING_MS = 15_000;

/**
 * The per-process push hub (GET /api/oa/message-stream). While at least one client is connected it asks the
 * messages table once a second (one query per process, whatever the number of clients) for rows created since
 * its last check, and writes `event: message` to the recipients' open streams. So a message created by any
 * process reaches its connected recipients within about a second.
 */
export class MessageHub {
  private readonly clients = new Map<string, Set<ServerResponse>>();
  private count = 0;
  private pollTimer: NodeJS.Timeout | null = null;
  private pingTimer: NodeJS.Timeout | null = null;
  /** Database time of the last check; rows created after (cursor - overlap) are asked for. */
  private cursor: Date | null = null;
  /** Ids already pushed inside the overlap window. */
  private seen = new Map<string, number>();
  private polling = false;
  private again = false;
  private kickTimer: NodeJS.Timeout | null = null;
  private closed = false;

  private readonly repo: MessageRepository;

  constructor(
    db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
  ) {
    this.repo = new MessageRepository(db);
  }

  get connected(): number {
    return this.count;
  }

  /** Registers an open stream; answers a function that removes it (idempotent). */
  add(userId: string, res: ServerResponse): () => void {
    let set = this.clients.get(userId);
    if (!set) this.clients.set(userId, (set = new Set()));
    set.add(res);
    this.count++;
    this.start();
    let removed = false;
    return () => {
      if (removed) return;
      removed = true;
      const current = this.clients.get(userId);
      if (current?.delete(res)) this.count--;
      if (current && current.size === 0) this.clients.delete(userId);
      if (this.count === 0) this.stop();
    };
  }

  /** Pushes one event to every open stream of the user (also used directly by tests). */
  send(userId: string, event: string, data: unknown): void {
    const set = this.clients.get(userId);
    if (!set) return;
    const frame = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const res of set) if (!res.writableEnded) res.write(frame);
  }

  /** Ends every stream and stops polling (app close). */
  close(): void {
    this.closed = true;
    for (const set of this.clients.values()) for (const res of set) res.end();
    this.clients.clear();
    this.count = 0;
    this.stop();
  }

  private start(): void {
    if (this.pollTimer || this.closed) return;
    this.cursor = null;
    this.pollTimer = setInterval(() => void this.poll(), POLL_MS);
    this.pingTimer = setInterval(() => this.ping(), PING_MS);
    this.pollTimer.unref();
    this.pingTimer.unref();
    void this.poll();
  }

  private stop(): void {
    if (this.pollTimer) clearInterval(this.pollTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.kickTimer) clearTimeout(this.kickTimer);
    this.kickTimer = null;
    this.pollTimer = null;
    this.pingTimer = null;
    this.seen.clear();
  }

  /**
   * A message was just written by this process: look soon rather than at the next tick (the writing transaction
   * commits meanwhile; if it has not, the regular poll still finds the rows, thanks to the overlap).
   */
  kick(delayMs = 30): void {
    if (!this.pollTimer || this.kickTimer) return;
    this.kickTimer = setTimeout(() => {
      this.kickTimer = null;
      void this.poll();
    }, delayMs);
    this.kickTimer.unref();
  }

  private ping(): void {
    for (const set of this.clients.values()) for (const res of set) if (!res.writableEnded) res.write(': ping\n\n');
  }

  /** One query: messages created since the last check (minus the overlap), with the database's clock. */
  async poll(): Promise<void> {
    if (this.closed) return;
    if (this.polling) {
      this.again = true;
      return;
    }
    this.polling = true;
    try {
      if (!this.cursor) {
        this.cursor = await this.repo.databaseNow();
        return;
      }
      const since = new Date(this.cursor.getTime() - OVERLAP_MS);
      const rows = await this.repo.createdSince(since);
      if (rows.length) this.cursor = new Date(rows[0].now);
      const floor = since.getTime();
      for (const [id, at] of this.seen) if (at <= floor) this.seen.delete(id);
      const pushed = new Set<string>();
      for (const row of rows) {
        if (!row.id || this.seen.has(row.id)) continue;
        this.seen.set(row.id, Number(row.at));
        // One event per recipient and type per poll is enough: the client reloads its list.
        const key = `${row.user_id}:${row.type}`;
        if (pushed.has(key)) continue;
        pushed.add(key);
        this.send(row.user_id, 'message', { type: Number(row.type) });
      }
    } catch (err) {
      if (!this.closed) this.log.warn({ err }, 'message hub poll failed');
    } finally {
      this.polling = false;
      if (this.again && !this.closed) {
        this.again = false;
        this.kick(0);
      }
    }
  }
}
