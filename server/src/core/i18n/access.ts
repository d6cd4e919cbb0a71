/** Messages of the access features (issue 4): zh-CN and en, same keys (a test compares them). */
export const accessZhCN = {} as const;

export const accessEn: Record<keyof typeof accessZhCN, string> = {};
