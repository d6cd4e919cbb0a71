/** Messages of published list pages: list, data, export and import (issue 9, modules/form-relation/published-list.*). */
export const publishedListZhCN = {
  'publishedList.badQuery': '查询条件格式不正确：{detail}',
} as const;

export const publishedListEn: Record<keyof typeof publishedListZhCN, string> = {
  'publishedList.badQuery': 'The query is not valid: {detail}',
};
