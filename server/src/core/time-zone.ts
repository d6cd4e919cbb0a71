/**
 * Wall-clock times in IANA time zones: users' calendar days (workflow titles and conditions), scheduled tasks' run
 * times. Intl does the zone rules, so daylight-saving changes are handled without a time-zone library.
 */

export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(timeZone: string): Intl.DateTimeFormat {
  let f = dateFormats.get(timeZone);
  if (!f) {
    // en-CA writes ISO dates (yyyy-mm-dd).
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    dateFormats.set(timeZone, f);
  }
  return f;
}

function parts(at: Date, timeZone: string): { y: number; m: number; d: number; h: number; min: number; s: number } {
  const p = Object.fromEntries(
    dateFormat(timeZone)
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return { y: Number(p.year), m: Number(p.month), d: Number(p.day), h: Number(p.hour), min: Number(p.minute), s: Number(p.second) };
}

/** The calendar date (yyyy-mm-dd) of an instant in a time zone. */
export function localDate(at: Date, timeZone: string): string {
  const { y, m, d } = parts(at, timeZone);
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The wall-clock time (yyyy-mm-dd hh:mm:ss) of an instant in a time zone. */
export function localDateTime(at: Date, timeZone: string): string {
  const { h, min, s } = parts(at, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${localDate(at, timeZone)} ${two(h)}:${two(min)}:${two(s)}`;
}

/** The zone's offset from UTC at an instant, in milliseconds. */
export function offsetMs(at: Date, timeZone: string): number {
  const { y, m, d, h, min, s } = parts(at, timeZone);
  return Date.UTC(y, m - 1, d, h, min, s) - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instants where the local day of `at` starts (inclusive) and ends (exclusive). */
export function localDayRange(at: Date, timeZone: string): { start: Date; end: Date } {
  const [y, m, d] = localDate(at, timeZone).split('-').map(Number) as [number, number, number];
  const startOf = (day: number) => {
    const naive = Date.UTC(y, m - 1, day);
    // Twice: the offset at the guessed instant may differ from the offset at local midnight (a DST change).
    let t = naive - offsetMs(new Date(naive), timeZone);
    t = naive - offsetMs(new Date(t), timeZone);
    return new Date(t);
  };
  return { start: startOf(d), end: startOf(d + 1) };
}

/** Throws a RangeError when the name is no IANA time zone. */
export function checkTimeZone(timeZone: string): string {
  new Intl.DateTimeFormat('en', { timeZone });
  return timeZone;
}

/**
 * The instant a wall-clock time ('yyyy-MM-dd HH:mm[:ss]' or 'yyyy-MM-ddTHH:mm[:ss]') has in a zone; null when the
 * text is no such time. A time that a daylight-saving change skips resolves to the instant just after the gap.
 */
export function wallTimeToInstant(text: string, timeZone: string): Date | null {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const naive = Date.UTC(y, mo - 1, d, h, mi, s);
  if (new Date(naive).getUTCDate() !== d) return null;
  let t = naive - offsetMs(new Date(naive), timeZone);
  t = naive - offsetMs(new Date(t), timeZone);
  return new Date(t);
}
