import { describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n';
import { describeCron, describeSchedule, formatDuration, intervalParts, intervalSeconds, zoneToName } from './schedule';

const zh = i18n.getFixedT('zh-CN', 'taskScheduling') as unknown as (key: string, options?: Record<string, unknown>) => string;
const en = i18n.getFixedT('en', 'taskScheduling') as unknown as (key: string, options?: Record<string, unknown>) => string;

describe('schedule in words', () => {
  it('reads the common cron shapes, five or six fields, and leaves the rest to the expression', () => {
    expect(describeCron('0 2 * * *', zh)).toBe('每天 02:00');
    expect(describeCron('0 0 2 * * ?', zh)).toBe('每天 02:00');
    expect(describeCron('0 0 2 * * ? *', zh)).toBe('每天 02:00');
    expect(describeCron('0 0 2 * * ? 2027', zh)).toBeNull();
    expect(describeCron('30 15 9 * * *', en)).toBe('Every day at 09:15:30');
    expect(describeCron('0 9 * * 1-5', zh)).toBe('工作日 09:00');
    expect(describeCron('0 0 8 ? * 1', zh)).toBe('每周一 08:00');
    expect(describeCron('0 8 * * 1,3,5', en)).toBe('Every Monday, Wednesday, Friday at 08:00');
    expect(describeCron('* * * * *', zh)).toBe('每分钟');
    expect(describeCron('*/5 * * * *', en)).toBe('Every 5 minutes');
    expect(describeCron('*/10 * * * * *', zh)).toBe('每 10 秒');
    expect(describeCron('15 * * * *', zh)).toBe('每小时的第 15 分');
    expect(describeCron('0 0 1 * *', en)).toBe('Monthly on day 1 at 00:00');
    expect(describeCron('0 0 1 1 *', zh)).toBeNull();
    expect(describeCron('0 8-18/2 * * *', zh)).toBeNull();
    expect(describeCron('nonsense', zh)).toBeNull();
  });

  it("describes a task: cron, interval in its largest even unit, once; the zone when it is not the platform's", () => {
    const base = { F_Cron: '', F_IntervalSeconds: null, F_RunAt: null };
    expect(describeSchedule({ ...base, F_ScheduleType: 'cron', F_Cron: '0 1 2 3 4 5 6' }, zh)).toBe('Cron：0 1 2 3 4 5 6');
    expect(describeSchedule({ ...base, F_ScheduleType: 'interval', F_IntervalSeconds: 7200 }, zh)).toBe('每 2 小时');
    expect(describeSchedule({ ...base, F_ScheduleType: 'interval', F_IntervalSeconds: 60 }, en)).toBe('Every minute');
    expect(describeSchedule({ ...base, F_ScheduleType: 'interval', F_IntervalSeconds: 90 }, en)).toBe('Every 90 seconds');
    const once = { ...base, F_ScheduleType: 'once' as const, F_RunAt: '2026-12-01 08:00:00' };
    expect(describeSchedule(once, en)).toBe('Once at 2026-12-01 08:00:00');
    expect(zoneToName('Europe/London', 'Asia/Shanghai')).toBe('Europe/London');
    expect(zoneToName('Europe/London', null)).toBe('Europe/London');
    expect(zoneToName('Asia/Shanghai', 'Asia/Shanghai')).toBeNull();
    expect(zoneToName('Europe/London', undefined)).toBeNull();
    expect(zoneToName('', 'Asia/Shanghai')).toBeNull();
  });

  it('converts intervals between seconds and the form units', () => {
    expect(intervalParts(86_400 * 2)).toEqual({ value: 2, unit: 'days' });
    expect(intervalParts(5400)).toEqual({ value: 90, unit: 'minutes' });
    expect(intervalParts(45)).toEqual({ value: 45, unit: 'seconds' });
    expect(intervalSeconds(3, 'hours')).toBe(10_800);
    expect(intervalSeconds(2, 'minutes')).toBe(120);
  });

  it('gives durations in the unit people read', () => {
    expect(formatDuration(null)).toBe('-');
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(1234)).toBe('1.2 s');
    expect(formatDuration(2000)).toBe('2 s');
    expect(formatDuration(180_000)).toBe('3 min');
    expect(formatDuration(185_000)).toBe('3 min 5 s');
    expect(formatDuration(7_800_000)).toBe('2 h 10 min');
  });
});
