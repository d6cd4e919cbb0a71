import { Empty } from 'antd';

/** Form detail (issue 9, docs/form-publishing-design.md). */
export default function FormDetailPage() {
  return <Empty description="Form detail" />;
}
