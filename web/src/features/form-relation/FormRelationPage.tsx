import { Empty } from 'antd';

/** Form relations: publish forms as menu pages (issue 9, docs/form-publishing-design.md). */
export default function FormRelationPage() {
  return <Empty description="Form relations: publish forms as menu pages" />;
}
