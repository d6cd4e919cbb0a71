import { TemplatesPage } from './TemplatesPage';

/** 系统管理 › 导入模板. */
export default function ImportTemplatesPage() {
  return <TemplatesPage kind="import" />;
}
