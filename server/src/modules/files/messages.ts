import { defineMessages, type KeysOf } from '../../core/i18n/index.js';

/** This module's server messages; en must have exactly the zh-CN keys (the compiler checks it). */
export const messages = defineMessages({
  'zh-CN': {
    'files.taskTrashCleared': '回收站中 {days} 天以前的 {files} 个文件已删除',
    'files.uploaded': '上传成功',
    'files.notFound': '文件不存在：{id}',
    'files.folderNotFound': '文件夹不存在：{id}',
    'files.noFile': '请选择要上传的文件',
    'files.oneFileOnly': '只能上传一个文件',
    'files.tooLarge': '只能上传不超过 {limit}{unit} 的文件',
    'files.uploadFieldUnknown': '表单中找不到这个上传字段，请刷新页面后重试',
    'files.typeNotAllowed': '只能上传 {accept} 类型的文件',
    'files.contentMismatch': '文件内容与类型不符：{name}',
    'files.uploadFailed': '上传失败',
    'files.noDeletePermission': '您没有权限删除',
    'files.previewUnsupported': '暂不支持预览！',
    'files.notEditable': '该文件不能在线编辑',
    'files.moveIntoItself': '不能把文件夹移动到它自己或它的子文件夹中',
    'files.moved': '移动成功',
    'files.trashed': '已移入回收站',
    'files.restored': '还原成功',
    'files.trashEmptied': '回收站已清空',
  },
  en: {
    'files.taskTrashCleared': 'Files in the trash for more than {days} days deleted: {files}',
    'files.uploaded': 'Uploaded',
    'files.notFound': 'File not found: {id}',
    'files.folderNotFound': 'Folder not found: {id}',
    'files.noFile': 'Choose a file to upload',
    'files.oneFileOnly': 'Only one file can be uploaded here',
    'files.tooLarge': 'Only files up to {limit} {unit} can be uploaded',
    'files.uploadFieldUnknown': 'This upload field is not in the form; reload the page and try again',
    'files.typeNotAllowed': 'Only files of type {accept} can be uploaded',
    'files.contentMismatch': 'The file content does not match its type: {name}',
    'files.uploadFailed': 'Upload failed',
    'files.noDeletePermission': 'You are not allowed to delete',
    'files.previewUnsupported': 'Preview is not supported yet!',
    'files.notEditable': 'This file cannot be edited online',
    'files.moveIntoItself': 'A folder cannot be moved into itself or one of its subfolders',
    'files.moved': 'Moved',
    'files.trashed': 'Moved to the trash',
    'files.restored': 'Restored',
    'files.trashEmptied': 'The trash is empty',
  },
});

declare module '../../core/i18n/index.js' {
  interface MessageRegistry extends KeysOf<typeof messages> {}
}
