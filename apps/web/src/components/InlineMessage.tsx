import { useEffect, useState } from 'react';
import { Message } from 'primereact/message';
import { INLINE_MESSAGE_LIFE_MS } from '@p2p/domain';

export interface InlineMessageProps {
  severity: 'success' | 'info' | 'warn' | 'error';
  text: string;
  /** stays until the text changes or the host removes it */
  sticky?: boolean;
  /** ms before it hides (default 3000) */
  life?: number;
  onHide?: () => void;
}

/** An inline message that hides after 3000 ms unless sticky; a new text shows again. */
export function InlineMessage({
  severity,
  text,
  sticky,
  life = INLINE_MESSAGE_LIFE_MS,
  onHide,
}: InlineMessageProps) {
  const [hiddenText, setHiddenText] = useState<string | null>(null);
  useEffect(() => {
    if (sticky) return;
    const timer = setTimeout(() => {
      setHiddenText(text);
      onHide?.();
    }, life);
    return () => clearTimeout(timer);
  }, [text, sticky, life, onHide]);
  if (hiddenText === text) return null;
  return <Message severity={severity} text={text} role="status" data-testid="inline-message" />;
}
