import { Empty } from 'antd';

/** Form print view (issue 9, docs/form-publishing-design.md). */
export default function PrintPage() {
  return <Empty description="Form print view" />;
}
