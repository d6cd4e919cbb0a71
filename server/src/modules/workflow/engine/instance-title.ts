/** Default names of process instances ('{schemeName}-{starter}-{date}' plus a per-scheme, per-day serial number). */

import { localDate } from '../../../core/time-zone.js';

/**
 * The title from the scheme's template: {schemeName}, {starter}, {date} (the launch's date in `timeZone`) and
 * {serial} (the launch's number among this scheme's launches that day, 001, 002, …). A template without {serial}
 * gets it appended, so two launches of one scheme never share a name.
 */
export function instanceTitle(template: string, values: { schemeName: string; starter: string; at: Date; timeZone: string; serial: number }): string {
  const serial = String(values.serial).padStart(3, '0');
  const withSerial = template.includes('{serial}') ? template : `${template}-{serial}`;
  const filled = withSerial
    .replaceAll('{schemeName}', values.schemeName)
    .replaceAll('{starter}', values.starter)
    .replaceAll('{date}', localDate(values.at, values.timeZone));
  // The serial is kept when a long template is cut to the column's 200 characters.
  const [head, ...rest] = filled.split('{serial}');
  const tail = rest.join(serial);
  return `${(head ?? '').slice(0, Math.max(0, 200 - serial.length - tail.length))}${serial}${tail}`.slice(0, 200);
}
