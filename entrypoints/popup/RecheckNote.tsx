import type { Recheck } from './create-form';
import { t } from '@/lib/i18n';

export interface RecheckNoteProps {
  recheck: Recheck;
  said: { looking: string; found: string; none: string };
  again: string;
  onAgain: () => void;
}

/** Below the error of a write that may have happened: what looking at the service again found. */
export function RecheckNote({ recheck, said, again, onAgain }: RecheckNoteProps) {
  const unsure = typeof recheck !== 'string' || recheck === 'none';
  return (
    <div class="recheck">
      <p class="status" role="status">
        {typeof recheck === 'string' ? said[recheck] : t('popupCouldNotLook', recheck.message)}
      </p>
      {unsure ? (
        <button type="button" onClick={onAgain}>
          {again}
        </button>
      ) : null}
    </div>
  );
}
