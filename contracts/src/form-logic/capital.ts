/** An amount in Chinese capitals (壹贰叁… 拾佰仟万亿, 元 角 分), e.g. 1234.56 → 壹仟贰佰叁拾肆元伍角陆分. */
export function toChineseCapital(_amount: unknown): string {
  throw new Error('form-logic: toChineseCapital not implemented');
}
