import { Empty } from 'antd';

/** Form parser (issue 9, docs/form-publishing-design.md). */
export default function ParserPage() {
  return <Empty description="Form parser" />;
}
