import type { InterfaceParamValues } from '@app/contracts';

const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

type Value = InterfaceParamValues[string] | undefined;

/**
 * `{{name}}` in a JSON body template. Strings are JSON-escaped without their quotes (the template quotes them), so a
 * value cannot end the string and add keys; numbers, booleans and null are written as JSON literals. Missing = ''.
 */
export function renderBody(template: string, params: InterfaceParamValues): string {
  return template.replace(PLACEHOLDER, (_whole, name: string) => {
    const value: Value = Object.hasOwn(params, name) ? params[name] : undefined;
    if (value === undefined) return '';
    if (typeof value === 'string') return JSON.stringify(value).slice(1, -1);
    return JSON.stringify(value);
  });
}

/** `{{name}}` in the address: URL-encoded, so a value cannot change the host, path or add query keys. */
export function renderUrl(template: string, params: InterfaceParamValues): string {
  return template.replace(PLACEHOLDER, (_whole, name: string) => {
    const value: Value = Object.hasOwn(params, name) ? params[name] : undefined;
    return value === undefined || value === null ? '' : encodeURIComponent(String(value));
  });
}

/** `data.items.0.name` or `data.items[0].name` into parsed JSON; null when any step is missing. */
export function atPath(value: unknown, path: string): unknown {
  if (!path) return value ?? null;
  let current: unknown = value;
  for (const step of path
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter(Boolean)) {
    if (current === null || typeof current !== 'object') return null;
    if (Array.isArray(current)) {
      if (!/^\d+$/.test(step)) return null;
      current = current[Number(step)];
    } else {
      if (!Object.hasOwn(current, step)) return null;
      current = (current as Record<string, unknown>)[step];
    }
  }
  return current ?? null;
}

/** JSON when it parses as JSON (declared or not), the text otherwise. */
export function parseAnswer(body: Buffer, contentType: string, truncated: boolean): unknown {
  const text = body.toString('utf8');
  if (!truncated && (/json/i.test(contentType) || /^\s*[[{"]/.test(text))) {
    try {
      return JSON.parse(text);
    } catch {
      // not JSON after all: the text
    }
  }
  return text;
}
