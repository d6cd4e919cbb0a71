import { Empty } from 'antd';

/** System form (issue 9, docs/form-publishing-design.md). */
export default function SystemFormPage() {
  return <Empty description="System form" />;
}
