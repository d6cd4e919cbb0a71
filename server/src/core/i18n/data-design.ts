/** Messages of modules/data-design (issue 7): zh-CN and en, same keys (a test compares them). */
export const dataDesignZhCN = {} as const;

export const dataDesignEn: Record<keyof typeof dataDesignZhCN, string> = {} as const;
