import type { TaskRunState, TaskSchedulingRow } from '@app/contracts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The interval field's units, in seconds (the body carries F_IntervalSeconds only). */
export const INTERVAL_UNITS = { seconds: 1, minutes: 60, hours: 3600, days: 86_400 } as const;
export type IntervalUnit = keyof typeof INTERVAL_UNITS;

/** A stored interval as the form shows it: the largest unit that divides it evenly (90 s stays 90 seconds). */
export function intervalParts(seconds: number | null | undefined): { value: number; unit: IntervalUnit } {
  if (!seconds || seconds <= 0) return { value: 1, unit: 'hours' };
  for (const unit of ['days', 'hours', 'minutes'] as const) {
    if (seconds % INTERVAL_UNITS[unit] === 0) return { value: seconds / INTERVAL_UNITS[unit], unit };
  }
  return { value: seconds, unit: 'seconds' };
}

export const intervalSeconds = (value: number, unit: IntervalUnit) => Math.round(value * INTERVAL_UNITS[unit]);

/**
 * Cron presets: five fields (minute first) as crontab writes them, and six (seconds first) as Quartz and xxl-job
 * users know them. Day of week counts from Sunday = 0 (7 is Sunday too), 1-5 are the working days.
 */
export const CRON_PRESETS: { key: string; cron: string }[] = [
  { key: 'everyMinute', cron: '* * * * *' },
  { key: 'every5Minutes', cron: '*/5 * * * *' },
  { key: 'everyHour', cron: '0 * * * *' },
  { key: 'daily0200', cron: '0 2 * * *' },
  { key: 'monday0800', cron: '0 8 * * 1' },
  { key: 'workdays0900', cron: '0 9 * * 1-5' },
  { key: 'monthly1st', cron: '0 0 1 * *' },
];
export const CRON_SECOND_PRESETS: { key: string; cron: string }[] = [
  { key: 'every10Seconds', cron: '*/10 * * * * *' },
  { key: 'every30Seconds', cron: '*/30 * * * * *' },
  { key: 'everyMinute', cron: '0 * * * * ?' },
  { key: 'everyHour', cron: '0 0 * * * ?' },
  { key: 'daily0200', cron: '0 0 2 * * ?' },
  { key: 'monday0800', cron: '0 0 8 ? * 1' },
  { key: 'workdays0900', cron: '0 0 9 ? * 1-5' },
];

/** "Every hour" / "Every 3 hours" (no plural forms in the locale files: one key for 1, one for more). */
export const every = (count: number, unit: IntervalUnit, t: Translate) => (count === 1 ? t(`words.every1.${unit}`) : t(`words.everyN.${unit}`, { count }));

const isNum = (s: string) => /^\d{1,2}$/.test(s);
const any = (s: string) => s === '*' || s === '?';
const pad = (n: string) => n.padStart(2, '0');

/**
 * A cron expression in words for the common shapes (every N seconds / minutes, hourly, daily, on working days,
 * weekly, monthly); null for anything else (the list then shows the expression itself).
 */
export function describeCron(expr: string, t: Translate): string | null {
  const parts = expr.trim().split(/\s+/);
  // Quartz's seventh field, the year: any year reads as the six-field expression (as the server reads it).
  if (parts.length === 7 && any(parts[6])) parts.pop();
  if (parts.length !== 5 && parts.length !== 6) return null;
  const [sec, min, hour, dom, month, dow] = parts.length === 6 ? parts : ['0', ...parts];
  if (month !== '*') return null;
  const everyN = /^\*\/(\d+)$/;
  const rest = [hour, dom, dow];
  // Every N seconds / every second.
  if (parts.length === 6 && (sec === '*' || everyN.test(sec)) && min === '*' && rest.every(any)) {
    return every(sec === '*' ? 1 : Number(everyN.exec(sec)![1]), 'seconds', t);
  }
  if (!isNum(sec)) return null;
  if ((min === '*' || everyN.test(min)) && rest.every(any)) {
    return every(min === '*' ? 1 : Number(everyN.exec(min)![1]), 'minutes', t);
  }
  if (!isNum(min)) return null;
  const secText = sec === '0' ? '' : `:${pad(sec)}`;
  if (everyN.test(hour) && any(dom) && any(dow)) return t('words.everyHours', { count: Number(everyN.exec(hour)![1]), minute: `${pad(min)}${secText}` });
  if (hour === '*' && any(dom) && any(dow)) return t('words.hourly', { minute: `${pad(min)}${secText}` });
  if (!isNum(hour)) return null;
  const time = `${pad(hour)}:${pad(min)}${secText}`;
  if (any(dom) && any(dow)) return t('words.daily', { time });
  if (any(dom) && (dow === '1-5' || dow.toUpperCase() === 'MON-FRI')) return t('words.workdays', { time });
  if (any(dom) && /^[0-7](,[0-7])*$/.test(dow)) {
    const days = dow.split(',').map((d) => t(`weekday.${Number(d) % 7}`));
    return t('words.weekly', { days: days.join(t('words.listSeparator')), time });
  }
  if (isNum(dom) && any(dow)) return t('words.monthly', { day: Number(dom), time });
  return null;
}

/** When a task runs, in words: the cron in words (else the expression), every N units, or once at a time. */
export function describeSchedule(row: Pick<TaskSchedulingRow, 'F_ScheduleType' | 'F_Cron' | 'F_IntervalSeconds' | 'F_RunAt'>, t: Translate): string {
  if (row.F_ScheduleType === 'interval') {
    const { value, unit } = intervalParts(row.F_IntervalSeconds);
    return every(value, unit, t);
  }
  if (row.F_ScheduleType === 'once') return t('words.once', { time: row.F_RunAt ?? '-' });
  return describeCron(row.F_Cron, t) ?? t('words.cron', { expr: row.F_Cron });
}

/**
 * The task's zone when it is worth naming: not the platform's (`platformZone`; undefined while not known yet: none
 * named; null when the server would not say: always named).
 */
export function zoneToName(zone: string, platformZone: string | null | undefined): string | null {
  return zone && platformZone !== undefined && zone !== platformZone ? zone : null;
}

/** A run's duration for people: 850 ms, 1.2 s, 3 min 5 s, 2 h 10 min. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '-';
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${Number((ms / 1000).toFixed(1))} s`;
  const totalSeconds = Math.round(ms / 1000);
  if (totalSeconds < 3600) {
    const m = Math.floor(totalSeconds / 60);
    const s = totalSeconds % 60;
    return s ? `${m} min ${s} s` : `${m} min`;
  }
  const totalMinutes = Math.round(totalSeconds / 60);
  const h = Math.floor(totalMinutes / 60);
  const m = totalMinutes % 60;
  return m ? `${h} h ${m} min` : `${h} h`;
}

/** The tag colour of a run state (antd preset colours, readable in the light and dark themes). */
export const STATE_COLORS: Record<TaskRunState, string> = {
  queued: 'default',
  running: 'processing',
  success: 'success',
  failed: 'error',
  timeout: 'warning',
  skipped: 'default',
  replaced: 'purple',
};

/** Runs that are not over yet: a page showing one refreshes itself. */
export const ACTIVE_STATES: ReadonlySet<string> = new Set<TaskRunState>(['queued', 'running']);

/** Common IANA zones for the zone select (the platform's zone is the empty choice). */
export const COMMON_TIME_ZONES = [
  'Asia/Shanghai',
  'Asia/Hong_Kong',
  'Asia/Taipei',
  'Asia/Singapore',
  'Asia/Tokyo',
  'Asia/Seoul',
  'Asia/Kolkata',
  'Asia/Dubai',
  'Europe/London',
  'Europe/Paris',
  'Europe/Berlin',
  'Europe/Moscow',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Sao_Paulo',
  'Australia/Sydney',
  'Pacific/Auckland',
  'UTC',
];

/** Every zone the browser knows, the common ones first. */
export function timeZoneChoices(): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const common = new Set(COMMON_TIME_ZONES);
  return [...COMMON_TIME_ZONES, ...all.filter((z) => !common.has(z))];
}
