/** Messages of modules/form-relation: relations, publishing, data relations and data conditions (issue 9). Same keys in both languages. */
export const formRelationZhCN = {
  'formRelation.notFound': '表单发布不存在：{id}',
} as const;

export const formRelationEn: Record<keyof typeof formRelationZhCN, string> = {
  'formRelation.notFound': 'No published form {id}',
};
