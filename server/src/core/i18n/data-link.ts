/** Messages of modules/data-link (issue 7): zh-CN and en, same keys (a test compares them). */
export const dataLinkZhCN = {} as const;

export const dataLinkEn: Record<keyof typeof dataLinkZhCN, string> = {} as const;
