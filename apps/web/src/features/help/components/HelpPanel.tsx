import { useTranslation } from '../../../lib/use-translation.ts';
import { SidePanel } from '../../../components/SidePanel.tsx';
import { HelpContent } from './HelpContent.tsx';

/** The help drawer (top): title 'P2P online help' and the chosen doc. */
export function HelpPanel({ doc, onHide }: { doc: string | null; onHide: () => void }) {
  const { t } = useTranslation();
  return (
    <SidePanel
      visible={doc !== null}
      onHide={onHide}
      position="top"
      title={t('messages.helpTitle')}
      testId="help-panel"
      className="help-panel"
    >
      {doc && <HelpContent doc={doc} onNavigate={onHide} />}
    </SidePanel>
  );
}
