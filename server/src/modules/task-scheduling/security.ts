import type { ModuleSecurity } from '../../security/module-security.js';

/** B's scheduled task (stopped) and a queued run of it; every id route is attacked with them. */
export const security: ModuleSecurity = {
  fixtures: async (victim, mark) => {
    const task = (await victim('POST', '/api/task-scheduling', {
      F_Name: `任务 ${mark}`,
      F_Type: 'clearLogs',
      F_Config: { keepDays: 365 },
      F_ScheduleType: 'interval',
      F_IntervalSeconds: 3600,
      F_Description: mark,
    })) as { F_Id: string };
    // A run of B's task, queued (nothing runs it during the suite): its log row is the target of the log route.
    const run = (await victim('POST', `/api/task-scheduling/${task.F_Id}/run`)) as { logId: string };
    return { task: task.F_Id, log: run.logId };
  },
  idor: {
    'GET /api/task-scheduling/:id': (ids) => ({ url: `/api/task-scheduling/${ids.task}` }),
    'PUT /api/task-scheduling/:id': (ids) => ({
      url: `/api/task-scheduling/${ids.task}`,
      body: { F_Name: 'ATTACKED', F_Type: 'clearLogs', F_Config: { keepDays: 1 }, F_ScheduleType: 'interval', F_IntervalSeconds: 60 },
    }),
    'DELETE /api/task-scheduling/:id': (ids) => ({ url: `/api/task-scheduling/${ids.task}` }),
    'PATCH /api/task-scheduling/:id/start': (ids) => ({ url: `/api/task-scheduling/${ids.task}/start` }),
    'PATCH /api/task-scheduling/:id/stop': (ids) => ({ url: `/api/task-scheduling/${ids.task}/stop` }),
    'POST /api/task-scheduling/:id/run': (ids) => ({ url: `/api/task-scheduling/${ids.task}/run` }),
    'DELETE /api/task-scheduling-log/:id': (ids) => ({ url: `/api/task-scheduling-log/${ids.log}` }),
  },
};
