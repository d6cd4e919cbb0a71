import type { Readable } from 'node:stream';
import { taskTypeConfigs, type TaskConfigOf } from '@app/contracts';
import type { AppDeps } from '../../core/deps.js';
import { AppError } from '../../core/errors.js';
import { translate } from '../../core/i18n/index.js';
import { defineTaskType, type RegisteredTaskType } from '../../core/task-types.js';
import { FileManagerService } from '../file-manager/file-manager.service.js';
import type { ReportExportService } from './export.service.js';
import type { ReportViewService } from './view.service.js';

async function bytesOf(body: Readable | Buffer): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Scheduled delivery of a report (docs/reports-design.md "Scheduled delivery"): the report with fixed parameters,
 * exported as the task's owner sees it (their releases' data scope, or every row for whoever may preview designs),
 * saved into each recipient's file manager with a message saying so. The owner must be allowed to view the report
 * when the task is saved and at every run.
 */
export function reportDeliveryTaskType(deps: AppDeps, views: ReportViewService, exports: ReportExportService): RegisteredTaskType {
  const files = new FileManagerService(deps);
  return defineTaskType<TaskConfigOf<'reportDelivery'>>({
    key: 'reportDelivery',
    config: taskTypeConfigs.reportDelivery,
    check: async (auth, config) => {
      await views.source(auth, config.reportId, undefined);
      const known = await views.repo.existingUsers(auth.tenantId, config.recipients);
      const unknown = config.recipients.find((id) => !known.has(id));
      if (unknown) throw new AppError('report.recipientUnknown', { id: unknown }, 400);
    },
    run: async ({ auth, config, signal }) => {
      const source = await views.source(auth, config.reportId, undefined);
      const file = await exports.file(source, config.params, config.format, 'zh-CN');
      const bytes = await bytesOf(file.body);
      const recipients = [...(await views.repo.existingUsers(auth.tenantId, config.recipients))];
      for (const userId of recipients) {
        signal.throwIfAborted();
        // Each recipient gets a file of their own: deleting it from one file manager leaves the others'.
        await files.storeGenerated(auth.tenantId, userId, file.fileName, file.contentType, bytes);
      }
      await deps.messages.notify(auth.tenantId, recipients, {
        type: 11,
        title: translate('zh-CN', 'report.deliveryMessageTitle', { name: source.name }),
        content: translate('zh-CN', 'report.deliveryMessageBody', { name: source.name, file: file.fileName }),
        objectId: source.reportId,
      });
      return { summary: { key: 'report.deliverySaved', params: { users: recipients.length, file: file.fileName } } };
    },
  });
}
