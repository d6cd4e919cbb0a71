import { useParams } from 'react-router';
import DesignerPage from './designer/DesignerPage';

/**
 * The designer's route (`/report/design/edit/:id`, a tab per report): the route keeps its page while the id changes
 * (another report's tab), so the designer starts afresh for each report.
 */
export default function DesignerRoute() {
  const { id = '' } = useParams();
  return <DesignerPage key={id} />;
}
