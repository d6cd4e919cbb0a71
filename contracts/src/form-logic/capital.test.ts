import { describe, expect, it } from 'vitest';
import { toChineseCapital } from './capital.js';

/**
 * An independent reference for the integer part (the widely used group-and-regex algorithm: write every group of
 * four with all its zeros, then squeeze), so generated rows are not checked against the code under test.
 */
const DIGIT = '零壹贰叁肆伍陆柒捌玖';
function referenceInteger(yuan: bigint): string {
  if (yuan === 0n) return '';
  const groups = ['元', '万', '亿'];
  const units = ['', '拾', '佰', '仟'];
  let n = yuan;
  let s = '';
  for (let i = 0; i < groups.length && n > 0n; i += 1) {
    let p = '';
    for (let j = 0; j < units.length && n > 0n; j += 1) {
      p = DIGIT[Number(n % 10n)] + units[j] + p;
      n /= 10n;
    }
    s = p.replace(/(零.)*零$/, '').replace(/^$/, '零') + groups[i] + s;
  }
  return s.replace(/(零.)*零元/, '元').replace(/(零.)+/g, '零');
}
function reference(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const int = referenceInteger(abs / 100n);
  const jiao = Number((abs / 10n) % 10n);
  const fen = Number(abs % 10n);
  let frac: string;
  if (jiao === 0 && fen === 0) frac = int === '' ? '零元整' : '整';
  else if (jiao === 0) frac = `${int === '' ? '' : '零'}${DIGIT[fen]}分`;
  else frac = `${DIGIT[jiao]}角${fen === 0 ? '整' : `${DIGIT[fen]}分`}`;
  return `${negative ? '负' : ''}${int}${frac}`;
}
function centsText(cents: bigint): string {
  const abs = cents < 0n ? -cents : cents;
  return `${cents < 0n ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

describe('toChineseCapital: hand-checked', () => {
  it.each<[unknown, string]>([
    [0, '零元整'],
    ['0.00', '零元整'],
    [0.01, '壹分'],
    [0.05, '伍分'],
    [0.1, '壹角整'],
    [0.5, '伍角整'],
    [0.56, '伍角陆分'],
    [1, '壹元整'],
    [1.05, '壹元零伍分'],
    [1.5, '壹元伍角整'],
    ['1.50', '壹元伍角整'],
    [1.55, '壹元伍角伍分'],
    [10, '壹拾元整'],
    [10.05, '壹拾元零伍分'],
    [10.5, '壹拾元伍角整'],
    [11, '壹拾壹元整'],
    [100, '壹佰元整'],
    [101, '壹佰零壹元整'],
    [110, '壹佰壹拾元整'],
    [1001, '壹仟零壹元整'],
    [1010, '壹仟零壹拾元整'],
    [1100, '壹仟壹佰元整'],
    [1234.56, '壹仟贰佰叁拾肆元伍角陆分'],
    [1680.32, '壹仟陆佰捌拾元叁角贰分'],
    [10000, '壹万元整'],
    [10010, '壹万零壹拾元整'],
    [10100, '壹万零壹佰元整'],
    [11000, '壹万壹仟元整'],
    [100000, '壹拾万元整'],
    [101000, '壹拾万壹仟元整'],
    [107000.53, '壹拾万柒仟元伍角叁分'],
    [325000.1, '叁拾贰万伍仟元壹角整'],
    [1000000, '壹佰万元整'],
    [1010000, '壹佰零壹万元整'],
    [1000000.05, '壹佰万元零伍分'],
    [6007.14, '陆仟零柒元壹角肆分'],
    [10001000, '壹仟万壹仟元整'],
    [10010000, '壹仟零壹万元整'],
    [100000000, '壹亿元整'],
    [100000001, '壹亿零壹元整'],
    [100010000, '壹亿零壹万元整'],
    [100001000, '壹亿零壹仟元整'],
    [110000000, '壹亿壹仟万元整'],
    [101010101.01, '壹亿零壹佰零壹万零壹佰零壹元零壹分'],
    [999999999.99, '玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分'],
    [1000000000, '壹拾亿元整'],
    [1010000000, '壹拾亿壹仟万元整'],
    [1000100000, '壹拾亿零壹拾万元整'],
    ['999999999999.99', '玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分'],
    [-0.05, '负伍分'],
    [-3.2, '负叁元贰角整'],
    [-10010, '负壹万零壹拾元整'],
    [-0.001, '零元整'],
    ['1.239', '壹元贰角叁分'],
    ['1.999', '壹元玖角玖分'],
    [' 12 ', '壹拾贰元整'],
    [1e12, ''],
    ['1000000000000', ''],
    [-1e12, ''],
    ['abc', ''],
    ['', ''],
    ['1e3', ''],
    [null, ''],
    [undefined, ''],
    [Number.NaN, ''],
    [Number.POSITIVE_INFINITY, ''],
    [{}, ''],
  ])('%j → %s', (amount, expected) => {
    expect(toChineseCapital(amount)).toBe(expected);
  });
});

/** Boundaries around every power of ten from 0.01 to 1 亿 × 10, and the limits. */
function boundaryCents(): bigint[] {
  const out = new Set<bigint>([1n, 9n, 10n, 11n, 99n, 100n, 99_999_999_999n]);
  for (let k = 0; k <= 11; k += 1) {
    const p = 10n ** BigInt(k);
    for (const c of [p - 1n, p, p + 1n, 2n * p, 9n * p, p + 100n, p * 10n - 1n]) if (c > 0n && c <= 99_999_999_999n) out.add(c);
  }
  return [...out].sort((a, b) => (a < b ? -1 : 1));
}

/** Every zero / non-zero pattern of a 9-digit integer part (512 rows), digits varied per place. */
function zeroPatternCents(): bigint[] {
  const out: bigint[] = [];
  for (let mask = 1; mask < 512; mask += 1) {
    let digits = '';
    for (let place = 8; place >= 0; place -= 1) digits += (mask >> place) & 1 ? String((place % 9) + 1) : '0';
    out.push(BigInt(digits) * 100n + BigInt(mask % 100));
  }
  return out;
}

/** A deterministic spread of amounts (linear congruential generator). */
function spreadCents(count: number): bigint[] {
  const out: bigint[] = [];
  let seed = 20261123n;
  for (let i = 0; i < count; i += 1) {
    seed = (seed * 6364136223846793005n + 1442695040888963407n) % 2n ** 64n;
    out.push(seed % 100_000_000_000n);
  }
  return out;
}

describe('toChineseCapital: generated rows against the reference', () => {
  it.each(boundaryCents().map((c) => [centsText(c), reference(c)]))('boundary %s → %s', (amount, expected) => {
    expect(toChineseCapital(amount)).toBe(expected);
  });

  it('every zero pattern of the integer part', () => {
    for (const c of zeroPatternCents()) expect(toChineseCapital(centsText(c)), centsText(c)).toBe(reference(c));
  });

  it('a spread of amounts up to 999,999,999.99, also negative and as numbers', () => {
    for (const c of spreadCents(400)) {
      expect(toChineseCapital(centsText(c)), centsText(c)).toBe(reference(c));
      expect(toChineseCapital(centsText(-c)), centsText(-c)).toBe(reference(-c));
      expect(toChineseCapital(Number(centsText(c))), centsText(c)).toBe(reference(c));
    }
  });

  it('every cent from 0.01 to 2.00', () => {
    for (let c = 1n; c <= 200n; c += 1n) expect(toChineseCapital(centsText(c)), centsText(c)).toBe(reference(c));
  });
});
