/** Messages of modules/interface (issue 7): zh-CN and en, same keys (a test compares them). */
export const interfaceZhCN = {} as const;

export const interfaceEn: Record<keyof typeof interfaceZhCN, string> = {} as const;
