import { memo } from 'react';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldType } from '@app/contracts';
import { PALETTE_GROUPS } from './palette';
import { useDesigner } from './context';

/** Field types by group: drag one onto the canvas, or click (or press Enter) to add it. */
export const Palette = memo(function Palette({ onAdd }: { onAdd: (type: FieldType) => void }) {
  const { t } = useTranslation('formDesigner');
  const ctx = useDesigner();
  return (
    <div data-testid="designer-palette">
      {PALETTE_GROUPS.map((g) => (
        <div key={g.key} style={{ marginBottom: 12 }}>
          <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 6, fontSize: 12 }}>
            {t(`group.${g.key}`)}
          </Typography.Text>
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(92px, 1fr))', gap: 6 }}>
            {g.types.map((type) => (
              <Button
                key={type}
                size="small"
                block
                autoInsertSpace={false}
                data-testid={`palette-${type}`}
                title={t(`type.${type}`)}
                draggable
                onDragStart={(e) => {
                  e.dataTransfer.effectAllowed = 'copy';
                  e.dataTransfer.setData('text/plain', type);
                  ctx.startDrag({ kind: 'new', type });
                }}
                onDragEnd={() => ctx.endDrag()}
                onClick={() => onAdd(type)}
                style={{ cursor: 'grab', justifyContent: 'flex-start', overflow: 'hidden' }}
              >
                {t(`type.${type}`)}
              </Button>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
});
