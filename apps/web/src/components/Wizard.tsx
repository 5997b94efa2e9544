import { useState, type ReactNode } from 'react';
import { useTranslation } from '../lib/use-translation.ts';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Steps } from 'primereact/steps';

export interface WizardStep {
  key: string;
  title: string;
  content: ReactNode;
  /** runs before moving on; false (or a rejected promise) blocks the move */
  validate?: () => boolean | Promise<boolean>;
}

export interface WizardProps {
  steps: WizardStep[];
  onFinish: () => void | Promise<void>;
  /** Finish stays disabled while false (e.g. terms not accepted) */
  canFinish?: boolean;
  busy?: boolean;
}

/** Steps with Previous / Next / Finish; moving on (or finishing) first runs the step's validation hook. */
export function Wizard({ steps, onFinish, canFinish = true, busy = false }: WizardProps) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [checking, setChecking] = useState(false);
  const step = steps[index];
  const last = index === steps.length - 1;

  const passes = async (): Promise<boolean> => {
    if (!step?.validate) return true;
    setChecking(true);
    try {
      return await step.validate();
    } catch {
      return false;
    } finally {
      setChecking(false);
    }
  };

  const next = async () => {
    if (await passes()) setIndex((i) => Math.min(i + 1, steps.length - 1));
  };
  const finish = async () => {
    if (!canFinish) return;
    if (await passes()) await onFinish();
  };

  return (
    <div className="wizard" data-testid="wizard">
      <Steps
        model={steps.map((s) => ({ label: s.title }))}
        activeIndex={index}
        readOnly
        className="wizard__steps"
      />
      <div className="wizard__content" data-testid={`wizard-step-${step?.key ?? ''}`}>
        {step?.content}
      </div>
      <div className="wizard__buttons">
        <Button
          type="button"
          label={t('wizard.previous')}
          icon="pi pi-arrow-left"
          severity="secondary"
          outlined
          disabled={index === 0 || busy}
          onClick={() => setIndex((i) => Math.max(i - 1, 0))}
          data-testid="wizard-previous"
        />
        {last ? (
          <Button
            type="button"
            label={t('wizard.finish')}
            icon="pi pi-check"
            disabled={!canFinish || busy || checking}
            loading={busy}
            onClick={() => void finish()}
            data-testid="wizard-finish"
          />
        ) : (
          <Button
            type="button"
            label={t('wizard.next')}
            icon="pi pi-arrow-right"
            iconPos="right"
            disabled={checking || busy}
            onClick={() => void next()}
            data-testid="wizard-next"
          />
        )}
      </div>
    </div>
  );
}

/** The 'terms' step: terms text and the acceptance checkbox bound to acceptTerms. */
export function TermsStep({
  text,
  acceptTerms,
  onChange,
}: {
  text: ReactNode;
  acceptTerms: boolean;
  onChange: (value: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="terms-step">
      <div className="terms-step__text" data-testid="terms-text">
        {text}
      </div>
      <div className="field-checkbox">
        <Checkbox
          inputId="acceptTerms"
          name="acceptTerms"
          checked={acceptTerms}
          onChange={(e) => onChange(Boolean(e.checked))}
        />
        <label htmlFor="acceptTerms">{t('messages.acceptTerms')}</label>
      </div>
    </div>
  );
}
