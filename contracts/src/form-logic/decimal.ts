/** Decimal arithmetic on strings via BigInt (never binary floating point). */
export type DecimalText = string;
export function toDecimal(_value: unknown): DecimalText | null {
  throw new Error('form-logic: toDecimal not implemented');
}
