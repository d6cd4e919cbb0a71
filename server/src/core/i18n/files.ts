/** Messages of the files features (issue 6): zh-CN and en, same keys (a test compares them). Add keys in both. */
export const filesZhCN = {
  'files.uploaded': '上传成功',
  'files.notFound': '文件不存在：{id}',
  'files.folderNotFound': '文件夹不存在：{id}',
  'files.noFile': '请选择要上传的文件',
  'files.tooLarge': '只能上传不超过 {limit}{unit} 的文件',
  'files.typeNotAllowed': '只能上传 {accept} 类型的文件',
  'files.contentMismatch': '文件内容与类型不符：{name}',
  'files.uploadFailed': '上传失败',
  'files.noDeletePermission': '您没有权限删除',
  'files.previewUnsupported': '暂不支持预览！',
  'files.notEditable': '该文件不能在线编辑',
} as const;

export const filesEn: Record<keyof typeof filesZhCN, string> = {
  'files.uploaded': 'Uploaded',
  'files.notFound': 'File not found: {id}',
  'files.folderNotFound': 'Folder not found: {id}',
  'files.noFile': 'Choose a file to upload',
  'files.tooLarge': 'Only files up to {limit} {unit} can be uploaded',
  'files.typeNotAllowed': 'Only files of type {accept} can be uploaded',
  'files.contentMismatch': 'The file content does not match its type: {name}',
  'files.uploadFailed': 'Upload failed',
  'files.noDeletePermission': 'You are not allowed to delete',
  'files.previewUnsupported': 'Preview is not supported yet!',
  'files.notEditable': 'This file cannot be edited online',
} as const;
