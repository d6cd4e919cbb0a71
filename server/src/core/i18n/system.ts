/** Messages of the system features (issue 5): zh-CN and en, same keys (a test compares them). */
export const systemZhCN = {} as const;

export const systemEn: Record<keyof typeof systemZhCN, string> = {};
