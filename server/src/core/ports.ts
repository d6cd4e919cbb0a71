import type { Kysely, Transaction } from 'kysely';
import type { MessageTypeCode } from '@app/contracts';
import type { Database } from './db/schema.js';

/**
 * What core hands every module (AppDeps) but a module implements: core declares the interface, the module the
 * class, app.ts joins them. Core therefore imports no module.
 */

export interface NotifyOptions {
  /** 10 news, 11 notice, 12 schedule, 13 workflow approval, 14 workflow circulated. */
  type: MessageTypeCode;
  title: string;
  content?: string;
  /** The news / notice / schedule id, or the workflow task id. */
  objectId?: string | null;
  /** Extra data shown with the message (workflowInfoVo for 13 / 14). */
  payload?: Record<string, unknown> | null;
  /** A user who gets nothing (the publisher). */
  exceptUserId?: string;
}

/** Messages to users (implemented by modules/message). */
export interface Notifier {
  /**
   * One message per recipient: the given users of the tenant (unknown ids are skipped) or every enabled user of the
   * tenant. Pass a transaction to notify with the change that causes it. Answers the number written.
   */
  notify(
    tenantId: string,
    recipients: string[] | 'all-tenant-users',
    options: NotifyOptions,
    executor?: Kysely<Database> | Transaction<Database>,
  ): Promise<number>;
}

/** Signed file addresses that work without a Bearer header (implemented by modules/files). */
export interface FileAddresses {
  verify(fileId: string, sig: string): boolean;
  /** Relative address, served from the same origin. */
  url(fileId: string): string;
  /** The external viewer's address for an office file, or null when none is configured. */
  viewerUrl(fileId: string, origin: string): string | null;
}
