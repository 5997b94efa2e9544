import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from 'primereact/button';
import { receivingAction, type DocumentResponse } from '@p2p/domain';
import { useUser } from '../../../lib/session.ts';

// the dialog comes with its own chunk on first use: the route table (entry chunk) holds only the button
const ReceivingDialog = lazy(() =>
  import('./ReceivingDialog.tsx').then((m) => ({ default: m.ReceivingDialog })),
);

export interface ReceivingActionProps {
  model: string;
  doc: DocumentResponse;
}

/**
 * 'Create dispatch' for the order's supplier, 'Receive goods' for the receiving staff, on an order
 * its supplier confirmed (receivingAction of the domain; the server decides again). The route
 * module hands it to the document form, which shows it on every model; it shows on orders only.
 */
export function ReceivingActionButton({ model, doc }: ReceivingActionProps) {
  const { t } = useTranslation();
  const user = useUser();
  const [open, setOpen] = useState(false);
  const action = model === 'order' ? receivingAction(doc, user) : null;
  if (!action) return null;
  return (
    <>
      <Button
        type="button"
        label={t(`receiving.${action}.button`)}
        icon={action === 'dispatch' ? 'pi pi-truck' : 'pi pi-inbox'}
        outlined
        data-testid={`receiving-${action}`}
        onClick={() => setOpen(true)}
      />
      {open && (
        <Suspense fallback={null}>
          <ReceivingDialog
            orderId={String(doc._id)}
            orderKey={doc.key ?? ''}
            orderVersion={doc._version}
            action={action}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
