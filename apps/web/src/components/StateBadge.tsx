import './state-badge.css';
import { stateStatus } from '@p2p/domain';
import { STATUS_ICONS, isStatusIcon } from './fields/status-icons.ts';

export interface StateBadgeProps {
  /** the state's name ('approval') */
  state: string;
  /** its label in the reader's language ('Em aprovação') */
  label: string;
  /** the workflow state's own colour (a tone name), when its model gives one */
  color?: unknown;
  testId?: string;
}

/**
 * A document state as a badge: the status icon of seed 001 section 4.1 that means the state, in
 * the state's colour (tones with AA contrast, state-badge.css), and its label. The colour is never
 * the only sign: the icon and the text say it too.
 */
export function StateBadge({ state, label, color, testId }: StateBadgeProps) {
  const { icon, tone } = stateStatus(state, color);
  return (
    <span
      className={`field-state state-badge state-badge--${tone} state-${state}`}
      data-state={state}
      data-tone={tone}
      data-testid={testId}
    >
      {icon && isStatusIcon(icon) && (
        <i className={`state-badge__icon ${STATUS_ICONS[icon]}`} aria-hidden="true" data-icon={icon} />
      )}
      {label}
    </span>
  );
}
