import { TemplatesPage } from './TemplatesPage';

/** 系统管理 › 导出模板. */
export default function ExportTemplatesPage() {
  return <TemplatesPage kind="export" />;
}
