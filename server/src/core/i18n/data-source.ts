/** Messages of modules/data-source (issue 7): zh-CN and en, same keys (a test compares them). */
export const dataSourceZhCN = {} as const;

export const dataSourceEn: Record<keyof typeof dataSourceZhCN, string> = {} as const;
