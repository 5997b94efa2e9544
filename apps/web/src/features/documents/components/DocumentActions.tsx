import { useTranslation } from '../../../lib/use-translation.ts';
import { Button, type ButtonProps } from 'primereact/button';
import { formatNumber, submitValueError, type MessageAudience } from '@p2p/domain';
import type { DocumentResponse, ModelConfig } from '../api/types.ts';
import type { FormMode } from '../hooks/use-document-draft.ts';
import { allows, offersAction, type WorkflowOffer } from '../permissions.ts';
import { WorkflowActions } from './WorkflowActions.tsx';

export interface DocumentActionsProps {
  mode: FormMode;
  config: ModelConfig;
  /** the stored document with the server's verdicts (absent for a new one) */
  doc: DocumentResponse | undefined;
  /** the state changes offered (workflow transitions and reopen) */
  stateChanges: WorkflowOffer[];
  /** the state-change dialog offers to address the comment to the document's supplier */
  addressSupplier?: boolean;
  pending: { save: boolean; stateChange: boolean; duplicate: boolean; pdf: boolean };
  on: {
    edit: () => void;
    save: () => void;
    cancel: () => void;
    delete: () => void;
    duplicate: () => void;
    pdf: () => void;
    back: () => void;
    stateChange: (offer: WorkflowOffer, comment: string, audience?: MessageAudience) => Promise<boolean>;
  };
}

type ToolbarAction = { name: string } & Pick<
  ButtonProps,
  'label' | 'icon' | 'severity' | 'outlined' | 'text' | 'loading'
> & {
    onClick?: () => void;
    /** the workflow group (its buttons open the state-change dialog) */
    workflow?: true;
  };

/**
 * The form's toolbar as one list of actions: what the mode allows and the server offers (seed 000
 * section 4: edit, save, cancel, delete, duplicate, order PDF, the state changes, back).
 */
export function formActions(
  { mode, config, doc, stateChanges, pending, on }: DocumentActionsProps,
  t: (k: string) => string,
): ToolbarAction[] {
  const read = mode === 'read' && doc !== undefined;
  const editing = mode !== 'read';
  const secondary = { severity: 'secondary', outlined: true } as const;
  const all: Array<ToolbarAction | false> = [
    read &&
      allows(config, doc, 'edit') && {
        name: 'edit',
        label: t('documents.edit'),
        icon: 'pi pi-pencil',
        onClick: on.edit,
      },
    editing && {
      name: 'save',
      label: t('documents.save'),
      icon: 'pi pi-check',
      loading: pending.save,
      onClick: on.save,
    },
    editing && {
      name: 'cancel',
      label: t('documents.cancel'),
      icon: 'pi pi-times',
      ...secondary,
      onClick: on.cancel,
    },
    read &&
      allows(config, doc, 'delete') && {
        name: 'delete',
        label: t('documents.delete'),
        icon: 'pi pi-trash',
        severity: 'danger',
        outlined: true,
        onClick: on.delete,
      },
    read &&
      allows(config, doc, 'duplicate') && {
        name: 'duplicate',
        label: t('documents.duplicate'),
        icon: 'pi pi-copy',
        ...secondary,
        loading: pending.duplicate,
        onClick: on.duplicate,
      },
    read &&
      offersAction(doc, 'order-pdf') && {
        name: 'pdf',
        label: t('documents.pdf'),
        icon: 'pi pi-file-pdf',
        ...secondary,
        loading: pending.pdf,
        onClick: on.pdf,
      },
    read && stateChanges.length > 0 && { name: 'workflow', workflow: true },
    mode === 'read' && {
      name: 'back',
      label: t('documents.back'),
      icon: 'pi pi-arrow-left',
      severity: 'secondary',
      text: true,
      onClick: on.back,
    },
  ];
  return all.filter((a): a is ToolbarAction => Boolean(a));
}

/** The value of a priced document with its currency ('1,234.50 EUR'); undefined without a value. */
function valueText(doc: DocumentResponse | undefined): string | undefined {
  if (!doc || doc.value === undefined || doc.value === null) return undefined;
  const currency = typeof doc.currency === 'string' ? doc.currency : '';
  return `${formatNumber(doc.value)}${currency ? ` ${currency}` : ''}`;
}

export function DocumentActions(props: DocumentActionsProps) {
  const { t, i18n } = useTranslation();
  const { doc, config } = props;
  return (
    <div className="page-actions" role="toolbar" aria-label={t('table.actions')} data-testid="form-actions">
      {formActions(props, t).map(({ name, workflow, onClick, ...button }) =>
        workflow ? (
          <WorkflowActions
            key={name}
            offers={props.stateChanges}
            onRun={props.on.stateChange}
            addressSupplier={Boolean(props.addressSupplier)}
            running={props.pending.stateChange}
            value={valueText(doc)}
            // the server refuses the same (a requisition valued 0.00 is not submitted for approval)
            refusal={(offer) =>
              doc ? (submitValueError(doc, config, offer.name, i18n.language)?.message ?? null) : null
            }
          />
        ) : (
          <Button key={name} {...button} data-testid={`action-${name}`} onClick={onClick} />
        ),
      )}
    </div>
  );
}
