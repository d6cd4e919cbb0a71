import { DEFAULT_LINK_ID, dataPermissions, taskTypeConfigs, type TaskConfigOf } from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError, forbidden } from '../../core/errors.js';
import { defineTaskType, type RegisteredTaskType } from '../../core/task-types.js';
import { DatabaseLinkRepository } from './database-link.repository.js';
import { runReadQuery } from './read-query.js';
import { jsonSafeRow } from './sql-text.js';

/** Rows of a read shown in the run log. */
const SHOWN_ROWS = 10;
const READING = /^\s*(select|with|values|table|show|explain)\b/i;

/**
 * Scheduled SQL on a database link. Reads go through the read-only path (read-only transaction, row cap, the
 * link's query role, the server's time-out). Writes only through a link someone holding data.link.taskWrite marked
 * writable for tasks (never the platform link), and each write run keeps its SQL in the log. Whoever saves the task, and
 * its owner at each run, must hold the links' query button.
 */
export function sqlTaskType(deps: AppDeps): RegisteredTaskType {
  const repo = new DatabaseLinkRepository(deps.db);
  const writableOf = async (tenantId: string, linkId: string) => {
    if (linkId === DEFAULT_LINK_ID) return false;
    const flag = await repo.taskWritable(tenantId, linkId);
    if (flag === undefined) throw new AppError('dataLink.notFound', { id: linkId }, 400);
    return flag === 1;
  };
  // The task's owner must be allowed to run SQL on links themselves: its results are in the log for anyone to read.
  const assertAllowed = async (auth: AuthContext, config: TaskConfigOf<'sql'>) => {
    if (!(await deps.grants.hasAny(auth, [dataPermissions.linkQuery]))) throw forbidden(dataPermissions.linkQuery);
    const writable = await writableOf(auth.tenantId, config.dbLinkId);
    if (!writable && !READING.test(config.sql)) throw new AppError('dataLink.taskReadOnly', {}, 400);
    return writable;
  };
  return defineTaskType<TaskConfigOf<'sql'>>({
    key: 'sql',
    config: taskTypeConfigs.sql,
    check: async (auth, config) => {
      await assertAllowed(auth, config);
    },
    run: async ({ auth, config, timeoutMs }) => {
      const writable = await assertAllowed(auth, config);
      const driver = await deps.links.forLink(auth.tenantId, config.dbLinkId);
      if (writable && !READING.test(config.sql)) {
        const result = await driver.execute(config.sql, []);
        return { summary: { key: 'dataLink.taskRowsChanged', params: { rows: result.affected } }, sql: config.sql };
      }
      const result = await runReadQuery(driver, deps.config, config.sql, {}, { timeoutMs });
      const shown = result.rows.slice(0, SHOWN_ROWS).map((row) => JSON.stringify(jsonSafeRow(row)));
      return {
        summary: { key: result.truncated ? 'dataLink.taskRowsReadTruncated' : 'dataLink.taskRowsRead', params: { rows: result.rows.length } },
        detail: shown.join('\n'),
      };
    },
  });
}
