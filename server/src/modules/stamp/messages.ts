import { defineMessages, type KeysOf } from '../../core/i18n/index.js';

/** This module's server messages; en must have exactly the zh-CN keys (the compiler checks it). */
export const messages = defineMessages({
  'zh-CN': {
    'stamp.nameRequired': '请填写印章名称',
    'stamp.typeRequired': '请选择印章分类',
    'stamp.passwordRequired': '请填写密码',
    'stamp.imageRequired': '请上传图片',
    'stamp.imageTooLarge': '上传图片大小不能超过 5MB!',
    'stamp.notImage': '只能上传图片文件',
    'stamp.badFile': '图片文件不存在或已被删除',
    'stamp.badSignature': '手写签名必须是 {width} × {height} 的 PNG 图片',
    'stamp.notFound': '印章不存在或已被删除',
    'stamp.notManager': '您不能维护该印章',
    'stamp.badUser': '用户【{id}】不存在',
    'stamp.enabled': '印章已启用',
    'stamp.disabled': '印章已停用',
    'stamp.defaultSet': '已设为默认印章',
    'stamp.membersSaved': '印章成员已保存',
    'stamp.managersSaved': '印章管理者已保存',
    'stamp.maintainersSaved': '印章维护人已保存',
  },
  en: {
    'stamp.nameRequired': 'Please enter the stamp name',
    'stamp.typeRequired': 'Please choose the stamp category',
    'stamp.passwordRequired': 'Please enter the password',
    'stamp.imageRequired': 'Please upload an image',
    'stamp.imageTooLarge': 'The uploaded image may not be larger than 5 MB!',
    'stamp.notImage': 'Only image files can be used',
    'stamp.badFile': 'The image file does not exist or was deleted',
    'stamp.badSignature': 'A handwritten signature must be a PNG image of {width} × {height}',
    'stamp.notFound': 'The stamp does not exist or was deleted',
    'stamp.notManager': 'You may not maintain this stamp',
    'stamp.badUser': 'User [{id}] does not exist',
    'stamp.enabled': 'Stamp enabled',
    'stamp.disabled': 'Stamp disabled',
    'stamp.defaultSet': 'Set as the default stamp',
    'stamp.membersSaved': 'Stamp members saved',
    'stamp.managersSaved': 'Stamp managers saved',
    'stamp.maintainersSaved': 'Stamp maintainers saved',
  },
});

declare module '../../core/i18n/index.js' {
  interface MessageRegistry extends KeysOf<typeof messages> {}
}
