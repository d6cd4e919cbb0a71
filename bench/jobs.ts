/**
 * npm run bench -- jobs: the background-work platform.
 * - Scheduled tasks: 500 schedules due in the same minute across 3 server processes on PostgreSQL; each must run
 *   once, and the start lateness (start − scheduled time) is reported (target p95 under 2 s).
 * - Excel import and export (bench/jobs-excel.ts).
 */
import { DEFAULT_LINK_ID } from '@app/contracts';
import { startCluster } from '../server/src/test/workflow-processes.js';
import { startLocalPostgres } from './postgres.js';
import { excelBench } from './jobs-excel.js';

const SCHEDULES = Number(process.env.BENCH_JOBS_SCHEDULES ?? 500);
const PROCESSES = Number(process.env.BENCH_JOBS_PROCESSES ?? 3);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

export async function schedulesBench(adminUrl: string, say: (line: string) => void): Promise<void> {
  const cluster = await startCluster({ processes: PROCESSES, adminUrl });
  try {
    const token = await cluster.login('admin');
    const server = cluster.servers[0]!;
    const ids: string[] = [];
    for (let i = 0; i < SCHEDULES; i++) {
      const answer = await server.request<{ F_Id: string }>(
        'POST',
        '/api/task-scheduling',
        {
          F_Name: `bench ${i}`,
          F_Type: 'sql',
          F_Config: { dbLinkId: DEFAULT_LINK_ID, sql: `select ${i} as n` },
          F_ScheduleType: 'cron',
          // Second 0 of every minute: all of them fall due at the same instant.
          F_Cron: '0 * * * * *',
          F_EnabledMark: 1,
        },
        token,
      );
      if (answer.body.code !== 0) throw new Error(answer.body.msg);
      ids.push(answer.body.data.F_Id);
    }
    const db = cluster.app.deps.db;
    const first = await db.selectFrom('task_schedules').select('next_run_at').where('id', '=', ids[0]!).executeTakeFirstOrThrow();
    const mark = first.next_run_at!;
    say(`${SCHEDULES} schedules due at ${mark.toISOString()} on ${PROCESSES} processes; waiting`);
    await sleep(Math.max(0, mark.getTime() - Date.now()));
    const deadline = Date.now() + 60_000;
    let rows: { state: string; process: string | null; scheduled_at: Date; started_at: Date | null; created_at: Date; ended_at: Date | null }[] = [];
    while (Date.now() < deadline) {
      await sleep(1000);
      rows = await db
        .selectFrom('task_schedule_logs')
        .select(['state', 'process', 'scheduled_at', 'started_at', 'created_at', 'ended_at'])
        .where('task_id', 'in', ids)
        .where('scheduled_at', '=', mark)
        .execute();
      if (rows.length >= SCHEDULES && rows.every((r) => r.state !== 'queued' && r.state !== 'running')) break;
    }
    for (const id of ids) await server.request('PATCH', `/api/task-scheduling/${id}/stop`, undefined, token);
    const succeeded = rows.filter((r) => r.state === 'success');
    const lateness = succeeded.map((r) => r.started_at!.getTime() - r.scheduled_at.getTime()).sort((a, b) => a - b);
    const planned = rows.map((r) => r.created_at.getTime() - mark.getTime()).sort((a, b) => a - b);
    const runMs = succeeded.map((r) => r.ended_at!.getTime() - r.started_at!.getTime()).sort((a, b) => a - b);
    const perProcess = new Map<string, number>();
    for (const r of succeeded) perProcess.set(r.process ?? '?', (perProcess.get(r.process ?? '?') ?? 0) + 1);
    say(
      `schedules: ${rows.length} runs for ${SCHEDULES} occurrences (${succeeded.length} succeeded), start lateness p50 ${pct(lateness, 50)} ms, ` +
        `p95 ${pct(lateness, 95)} ms, max ${lateness.at(-1)} ms (target p95 < 2000 ms); runs per process ${[...perProcess.values()].join(' / ')}; ` +
        `queued (relative to the due time) from ${planned[0]} to ${planned.at(-1)} ms; a run takes p50 ${pct(runMs, 50)} ms`,
    );
  } finally {
    await cluster.close();
  }
}

export async function jobsBench(): Promise<string[]> {
  const lines: string[] = [];
  const say = (line: string) => {
    lines.push(`[jobs] ${line}`);
    console.log(lines.at(-1));
  };
  const local = process.env.BENCH_DATABASE_URL || process.env.TEST_PG_ADMIN_URL ? null : startLocalPostgres(55496);
  const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_PG_ADMIN_URL || local?.url;
  try {
    const parts = process.env.BENCH_JOBS_PARTS?.split(',') ?? ['schedules', 'excel'];
    if (!adminUrl) say('PostgreSQL: not installed here, skipped (set BENCH_DATABASE_URL)');
    else {
      if (parts.includes('schedules')) await schedulesBench(adminUrl, say);
      if (parts.includes('excel')) await excelBench(adminUrl, say);
    }
  } finally {
    local?.stop();
  }
  return lines;
}
