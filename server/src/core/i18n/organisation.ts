/** Messages of the organisation features (issue 4): zh-CN and en, same keys (a test compares them). */
export const organisationZhCN = {} as const;

export const organisationEn: Record<keyof typeof organisationZhCN, string> = {};
