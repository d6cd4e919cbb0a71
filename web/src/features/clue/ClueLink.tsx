import { Suspense, useState } from 'react';
import { lazyWithTexts } from '../../lib/lazy';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

// Loaded on the first click: the modal, its form and the contracts' limits (with zod) are not needed to sign in.
const ClueDialog = lazyWithTexts(() => import('./ClueDialog'));

/**
 * "留下联系方式 / Leave your contact" on the sign-in page: a link that opens a small form (ClueDialog) posting to
 * the public POST /login/add-clue. `tenantCode` is what the sign-in form's tenant field holds, so the lead reaches
 * that tenant.
 */
export function ClueLink({ tenantCode }: { tenantCode: () => string }) {
  const { t } = useTranslation('login');
  const [open, setOpen] = useState(false);
  // Once loaded the dialog stays mounted (closed), so its thank-you toast outlives the modal.
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        type="link"
        size="small"
        data-testid="clue-open"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        style={{ padding: 0 }}
      >
        {t('clue.link')}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <ClueDialog open={open} setOpen={setOpen} tenantCode={tenantCode} />
        </Suspense>
      )}
    </>
  );
}
