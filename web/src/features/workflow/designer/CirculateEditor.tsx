import type { Forwarder } from '@app/contracts';
import { ForwarderTable, type ForwarderRow } from '../../../components/pickers';

/** Who is sent a copy when the step is done (users, roles, posts). */
export function CirculateEditor({ value, onChange }: { value: Forwarder[]; onChange: (v: Forwarder[]) => void }) {
  const rows: ForwarderRow[] = value
    .filter((f): f is Forwarder & { F_ObjType: '1' | '2' | '3' } => f.F_ObjType !== '4')
    .map((f, i) => ({ F_Id: f.F_Id ?? `${f.F_ObjType}-${f.F_ObjId}-${i}`, F_ObjId: f.F_ObjId, F_ObjName: f.F_ObjName, F_ObjType: f.F_ObjType }));
  return (
    <div data-testid="wfd-circulate">
      <ForwarderTable
        value={rows}
        onChange={(next) => onChange(next.map((r) => ({ F_Id: r.F_Id, F_ObjId: r.F_ObjId, F_ObjName: r.F_ObjName, F_ObjType: r.F_ObjType })))}
      />
    </div>
  );
}
