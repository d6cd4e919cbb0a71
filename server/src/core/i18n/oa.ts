/** Messages of the oa features (issue 5): zh-CN and en, same keys (a test compares them). */
export const oaZhCN = {} as const;

export const oaEn: Record<keyof typeof oaZhCN, string> = {};
