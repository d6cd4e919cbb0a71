/** Messages of published list pages: list, data, export and import (modules/form-relation/published-list.*). */
export const publishedListZhCN = {
  'publishedList.badQuery': '查询条件格式不正确：{detail}',
  'publishedList.badSort': '不能按字段 {field} 排序',
  'publishedList.badCondition': '数据条件配置不正确：字段 {field} 的值 {value}',
  'publishedList.queryFailed': '列表查询失败：{detail}',
  'publishedList.importTooLarge': '导入文件不能超过 {max}',
  'publishedList.importUnreadable': '导入文件无法读取，请使用 Excel（.xlsx）文件',
  'publishedList.importUnpackedTooLarge': '导入文件解压后超过 {max}，请分批导入',
  'publishedList.importCellTooLong': '导入文件中有单元格超过 {max} 个字符',
  'publishedList.importEmpty': '导入文件没有数据',
  'publishedList.importNoColumns': '导入文件的表头与表单字段不匹配，请使用导入模板',
  'publishedList.importTooManyRows': '一次最多导入 {max} 行',
  'publishedList.importNoFile': '请上传导入文件（file）',
} as const;

export const publishedListEn: Record<keyof typeof publishedListZhCN, string> = {
  'publishedList.badQuery': 'The query is not valid: {detail}',
  'publishedList.badSort': 'The list cannot be sorted by {field}',
  'publishedList.badCondition': 'A data condition is not valid: field {field}, value {value}',
  'publishedList.queryFailed': 'The list query failed: {detail}',
  'publishedList.importTooLarge': 'The import file may not exceed {max}',
  'publishedList.importUnreadable': 'The import file cannot be read, please use an Excel (.xlsx) file',
  'publishedList.importUnpackedTooLarge': 'The import file unpacks to more than {max}, please import it in parts',
  'publishedList.importCellTooLong': 'A cell of the import file has more than {max} characters',
  'publishedList.importEmpty': 'The import file has no data',
  'publishedList.importNoColumns': "The import file's headers match no form field, please use the import template",
  'publishedList.importTooManyRows': 'At most {max} rows can be imported at once',
  'publishedList.importNoFile': 'Please upload the import file (file)',
};
