/** Messages of printing and PDF output (issue 9, modules/form-print). */
export const formPrintZhCN = {
  'formPrint.schemeInvalid': '表单配置异常，请检查数据格式',
  'formPrint.noAuthority': '无表单权限，请检查数据格式',
} as const;

export const formPrintEn: Record<keyof typeof formPrintZhCN, string> = {
  'formPrint.schemeInvalid': 'The form configuration is abnormal, please check the data format',
  'formPrint.noAuthority': 'No form permission, please check the data format',
};
