import { Empty } from 'antd';

/** Data relations: option cascades (issue 9, docs/form-publishing-design.md). */
export default function DataRelationPage() {
  return <Empty description="Data relations: option cascades" />;
}
