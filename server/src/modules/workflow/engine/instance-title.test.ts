import { describe, expect, it } from 'vitest';
import { instanceTitle } from './instance-title.js';
import { checkTimeZone, localDate, localDayRange } from '../../../core/time-zone.js';

const title = (at: string, timeZone = 'Asia/Shanghai', serial = 1, template = '{schemeName}-{starter}-{date}') =>
  instanceTitle(template, { schemeName: '请假', starter: '张三', at: new Date(at), timeZone, serial });

describe('instance titles around midnight', () => {
  it.each([
    // [instant (UTC), zone, date in the name]
    ['2026-11-26T16:45:00Z', 'Asia/Shanghai', '2026-11-27'], // 00:45 in Shanghai: the case
    ['2026-11-26T15:59:59Z', 'Asia/Shanghai', '2026-11-26'], // 23:59:59 in Shanghai
    ['2026-11-26T16:00:00Z', 'Asia/Shanghai', '2026-11-27'], // midnight in Shanghai
    ['2026-11-27T15:59:59Z', 'Asia/Shanghai', '2026-11-27'],
    ['2026-12-31T16:30:00Z', 'Asia/Shanghai', '2027-01-01'], // new year
    ['2026-11-27T00:30:00Z', 'UTC', '2026-11-27'],
    ['2026-11-27T04:30:00Z', 'America/New_York', '2026-11-26'], // 23:30 the evening before
    ['2026-03-08T07:30:00Z', 'America/New_York', '2026-03-08'], // the DST change's night
  ])('%s in %s is named after %s', (at, zone, date) => {
    expect(title(at, zone)).toBe(`请假-张三-${date}-001`);
  });

  it('numbers the launches of a day and keeps the serial where the template places it', () => {
    expect(title('2026-11-26T16:45:00Z', 'Asia/Shanghai', 2)).toBe('请假-张三-2026-11-27-002');
    expect(title('2026-11-26T16:45:00Z', 'Asia/Shanghai', 12, '{date}第{serial}号{schemeName}')).toBe('2026-11-27第012号请假');
    expect(title('2026-11-26T16:45:00Z', 'Asia/Shanghai', 1000)).toBe('请假-张三-2026-11-27-1000');
  });

  it('keeps the serial when a long title is cut to 200 characters', () => {
    const long = instanceTitle('x'.repeat(300), { schemeName: '', starter: '', at: new Date(), timeZone: 'UTC', serial: 7 });
    expect(long).toHaveLength(200);
    expect(long.endsWith('007')).toBe(true);
  });

  it('finds the local day an instant belongs to', () => {
    expect(localDate(new Date('2026-11-26T16:45:00Z'), 'Asia/Shanghai')).toBe('2026-11-27');
    expect(localDayRange(new Date('2026-11-26T16:45:00Z'), 'Asia/Shanghai')).toEqual({
      start: new Date('2026-11-26T16:00:00Z'),
      end: new Date('2026-11-27T16:00:00Z'),
    });
    expect(localDayRange(new Date('2026-03-08T12:00:00Z'), 'America/New_York')).toEqual({
      start: new Date('2026-03-08T05:00:00Z'),
      end: new Date('2026-03-09T04:00:00Z'),
    });
  });

  it('refuses a zone that does not exist', () => {
    expect(() => checkTimeZone('Mars/Olympus')).toThrow(RangeError);
    expect(checkTimeZone('Asia/Shanghai')).toBe('Asia/Shanghai');
  });
});
