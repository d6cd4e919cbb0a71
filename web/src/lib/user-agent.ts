/**
 * "Chrome 131 · Windows 10" from a User-Agent header: a few lines instead of a library (the lists only need the
 * browser with its major version and the operating system). Unknown parts are left out; an unrecognised string
 * is answered as its first product token (e.g. "curl 8.4"), an empty one as ''.
 */
const BROWSERS: [name: string, pattern: RegExp][] = [
  ['Edge', /\b(?:Edg|Edge|EdgA|EdgiOS)\/(\d+)/],
  ['Opera', /\b(?:OPR|Opera)\/(\d+)/],
  ['WeChat', /\bMicroMessenger\/(\d+)/],
  ['QQ Browser', /\bQQBrowser\/(\d+)/],
  ['UC Browser', /\bUCBrowser\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /\b(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+(?:\.\d+)?).*\bSafari\//],
  ['Internet Explorer', /\b(?:MSIE |Trident\/.*\brv:)(\d+)/],
];

const WINDOWS: Record<string, string> = { '10.0': '10', '6.3': '8.1', '6.2': '8', '6.1': '7', '6.0': 'Vista', '5.1': 'XP' };

function os(ua: string): string {
  let m: RegExpMatchArray | null;
  if ((m = ua.match(/Windows NT (\d+\.\d+)/))) return `Windows ${WINDOWS[m[1]!] ?? m[1]}`;
  if ((m = ua.match(/\b(?:iPhone|CPU) OS (\d+)(?:_(\d+))?/))) return `iOS ${m[1]}${m[2] ? `.${m[2]}` : ''}`;
  if (/\biPad\b/.test(ua)) return 'iPadOS';
  if ((m = ua.match(/Android (\d+(?:\.\d+)?)/))) return `Android ${m[1]}`;
  if ((m = ua.match(/Mac OS X (\d+)[._](\d+)/))) return `macOS ${m[1]}.${m[2]}`;
  if (/\bCrOS\b/.test(ua)) return 'ChromeOS';
  if (/HarmonyOS/.test(ua)) return 'HarmonyOS';
  if (/Linux/.test(ua)) return 'Linux';
  return '';
}

export function describeUserAgent(ua: string | null | undefined): string {
  const text = (ua ?? '').trim();
  if (!text) return '';
  const found = BROWSERS.find(([, pattern]) => pattern.test(text));
  const browser = found ? `${found[0]} ${text.match(found[1])![1]}` : '';
  const system = os(text);
  if (browser || system) return [browser, system].filter(Boolean).join(' · ');
  const product = text.match(/^([\w.-]+)\/(\d+(?:\.\d+)?)/);
  return product ? `${product[1]} ${product[2]}` : text.slice(0, 40);
}
