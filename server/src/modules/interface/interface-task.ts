import { dataPermissions, taskTypeConfigs, type TaskConfigOf } from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError, forbidden } from '../../core/errors.js';
import { defineTaskType, type RegisteredTaskType } from '../../core/task-types.js';
import { InterfaceService } from './interface.service.js';

const SHOWN_CHARS = 2000;

/**
 * Scheduled call of a defined outbound interface: the interface's address, method, headers and body template, with
 * the task's parameters, through the same address guard as every other call. An answer of 400 or more fails the run.
 */
export function interfaceTaskType(deps: AppDeps): RegisteredTaskType {
  const service = new InterfaceService(deps);
  // Whoever saves the task, and its owner at each run, must be allowed to call interfaces (the test button).
  const mayCall = async (auth: AuthContext) => {
    if (!(await deps.grants.hasAny(auth, [dataPermissions.interfaceTest]))) throw forbidden(dataPermissions.interfaceTest);
  };
  return defineTaskType<TaskConfigOf<'interface'>>({
    key: 'interface',
    config: taskTypeConfigs.interface,
    check: async (auth, config) => {
      await mayCall(auth);
      await service.detail(auth, config.interfaceId);
    },
    run: async ({ auth, config }) => {
      await mayCall(auth);
      const answer = await service.call(auth, config.interfaceId, config.params);
      const body = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      const shown = body.length > SHOWN_CHARS ? `${body.slice(0, SHOWN_CHARS)}…` : body;
      if (answer.status >= 400) throw new AppError('interface.taskHttpFailed', { status: answer.status, body: shown.slice(0, 500) }, 502);
      return { summary: { key: 'interface.taskCalled', params: { status: answer.status, ms: answer.durationMs } }, detail: shown };
    },
  });
}
