import { useParams } from 'react-router';
import { useScreenLevel } from '../../../app/shell/screen';
import { NarrowView } from './NarrowView';
import { ReportDesigner } from './ReportDesigner';

/** 报表设计器: /report/design/edit/{reportId}, the designer of one report (the shell's tab). */
export default function DesignerPage() {
  const { id = '' } = useParams();
  const narrow = useScreenLevel() === 0;
  if (narrow) return <NarrowView reportId={id} />;
  return (
    <div className="rd-page" data-testid="rd-page">
      <ReportDesigner reportId={id} />
    </div>
  );
}
