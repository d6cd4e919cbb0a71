// antd's date components name weekdays and months through dayjs locales; zh-cn must be registered (lazily, by the
// screens with calendars and date pickers, so /login stays small).
import 'dayjs/locale/zh-cn';

/** The dayjs locale of the UI language. */
export const dayjsLocale = (lang: string) => (lang === 'en' ? 'en' : 'zh-cn');
