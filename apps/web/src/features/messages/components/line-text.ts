import { useTranslation } from '../../../lib/use-translation.ts';
import { parseNoteLineId, type NoteLine } from '@p2p/domain';

/**
 * The text of a note's line in the user's language: 'All document' for none, 'Item {pos}', or the
 * contract label '{pos}.{subpos}' as the server wrote it.
 */
export function useLineText(): (line: NoteLine | null, contract?: boolean) => string {
  const { t } = useTranslation();
  return (line, contract) => {
    if (!line) return t('notes.allDocument');
    const at = parseNoteLineId(line._id);
    const isContract = contract ?? !line.label.startsWith('Item ');
    if (!at || isContract) return line.label;
    return t('notes.item', { pos: at.pos });
  };
}
