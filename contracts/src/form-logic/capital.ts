import { compareDecimals, parseDecimal, truncateDecimal, type Decimal } from './decimal.js';

/**
 * Chinese capital amounts as written on cheques and invoices (《支付结算办法》 conventions):
 * - digits 零壹贰叁肆伍陆柒捌玖, units 拾佰仟 inside a group of four, groups 万 and 亿, then 元 角 分;
 * - one 零 for each run of zeros inside the integer part (10010 → 壹万零壹拾元整, 100000001 → 壹亿零壹元整), none
 *   for zeros at the end of a group that its unit closes (1010000000 → 壹拾亿壹仟万元整, 1000000 → 壹佰万元整);
 * - 整 after 元 when there are no 角 / 分, and after 角 when there is no 分 (1.50 → 壹元伍角整; the rule allows
 *   it after 角 and banks commonly write it); never after 分;
 * - 0 角 with 分 writes 零 after 元 (1.05 → 壹元零伍分); without yuan the amount starts at 角 / 分 (0.05 → 伍分);
 * - 0 → 零元整, negatives get 负 in front, digits after the second decimal are dropped (not rounded);
 * - amounts of 1 万亿 (10^12) or more, and anything that is not a number, give ''.
 */

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const IN_GROUP = ['', '拾', '佰', '仟'];
const GROUPS = ['', '万', '亿'];
const LIMIT: Decimal = { units: 10n ** 12n, scale: 0 };

/** The integer part in capitals (without 元); '' for 0. */
function integerCapital(digits: string): string {
  let out = '';
  let zeroPending = false;
  for (let i = 0; i < digits.length; i += 1) {
    const place = digits.length - 1 - i;
    const d = Number(digits[i]);
    if (d === 0) {
      if (out !== '') zeroPending = true;
    } else {
      if (zeroPending) out += '零';
      zeroPending = false;
      out += DIGITS[d] + IN_GROUP[place % 4];
    }
    if (place % 4 === 0 && place > 0) {
      // The group's unit (万, 亿) is written when the group has a digit; it closes the group's trailing zeros.
      const group = digits.slice(Math.max(0, i - 3), i + 1);
      if (/[1-9]/.test(group)) {
        out += GROUPS[place / 4];
        zeroPending = false;
      }
    }
  }
  return out;
}

/** An amount in Chinese capitals (壹贰叁… 拾佰仟万亿, 元 角 分), e.g. 1234.56 → 壹仟贰佰叁拾肆元伍角陆分. */
export function toChineseCapital(amount: unknown): string {
  const parsed = parseDecimal(typeof amount === 'string' ? amount.trim() : amount);
  if (!parsed) return '';
  const cents = truncateDecimal(parsed, 2);
  const negative = cents.units < 0n;
  const abs: Decimal = { units: negative ? -cents.units : cents.units, scale: cents.scale };
  if (compareDecimals(abs, LIMIT) >= 0) return '';
  const totalCents = abs.units * 10n ** BigInt(2 - abs.scale);
  const yuan = (totalCents / 100n).toString();
  const jiao = Number((totalCents / 10n) % 10n);
  const fen = Number(totalCents % 10n);

  let text = yuan === '0' ? '' : `${integerCapital(yuan)}元`;
  if (jiao === 0 && fen === 0) text = text === '' ? '零元整' : `${text}整`;
  else if (jiao === 0) text += `${text === '' ? '' : '零'}${DIGITS[fen]}分`;
  else text += `${DIGITS[jiao]}角${fen === 0 ? '整' : `${DIGITS[fen]}分`}`;
  return negative ? `负${text}` : text;
}
