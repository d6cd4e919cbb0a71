import { defineMessages, type KeysOf } from '../../core/i18n/index.js';

/** This module's server messages; en must have exactly the zh-CN keys (the compiler checks it). */
export const messages = defineMessages({
  'zh-CN': {
    'formPrint.schemeInvalid': '表单配置异常，请检查数据格式',
    'formPrint.noAuthority': '无表单权限，请检查数据格式',
    'formPrint.viewError': '{detail}',
    'formPrint.chromiumMissing': '未找到 Chromium（{path}），无法生成 PDF，请安装 Chromium 或设置 CHROMIUM_PATH',
    'formPrint.chromiumFailed': 'Chromium 启动失败，无法生成 PDF：{detail}',
    'formPrint.openFailed': '打印页面打开失败：{detail}',
    'formPrint.timeout': '打印页面 {seconds} 秒内未准备好，请稍后重试',
    'formPrint.noWebApp': '服务器未部署前端页面（web/dist），无法生成 PDF',
    'formPrint.notListening': '服务器未在监听端口，无法生成 PDF',
    'formPrint.viewLeft': '打印页面未能以当前用户打开，请重新登录后再试',
  },
  en: {
    'formPrint.schemeInvalid': 'The form configuration is abnormal, please check the data format',
    'formPrint.noAuthority': 'No form permission, please check the data format',
    'formPrint.viewError': '{detail}',
    'formPrint.chromiumMissing': 'Chromium was not found ({path}), so no PDF can be made: install Chromium or set CHROMIUM_PATH',
    'formPrint.chromiumFailed': 'Chromium failed to start, so no PDF can be made: {detail}',
    'formPrint.openFailed': 'The print page could not be opened: {detail}',
    'formPrint.timeout': 'The print page was not ready within {seconds} seconds, please try again later',
    'formPrint.noWebApp': 'The server does not serve the web app (web/dist), so no PDF can be made',
    'formPrint.notListening': 'The server is not listening on a port, so no PDF can be made',
    'formPrint.viewLeft': 'The print page could not be opened as the current user, please sign in again and retry',
  },
});

declare module '../../core/i18n/index.js' {
  interface MessageRegistry extends KeysOf<typeof messages> {}
}
