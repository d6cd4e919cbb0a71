import { Empty } from 'antd';

/** Published form list (issue 9, docs/form-publishing-design.md). */
export default function PublishedListPage() {
  return <Empty description="Published form list" />;
}
