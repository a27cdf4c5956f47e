import type { Recheck } from './create-form';
import { t } from '@/lib/i18n';

export interface RecheckNoteProps {
  recheck: Recheck;
  /** The sentence for looking, for what it found (or did not). */
  said: { looking: string; found: string; none: string };
  /** The button that looks once more, offered while the outcome is unsure; its name says what it does. */
  again: string;
  onAgain: () => void;
}

/**
 * Below the error of a write that may have happened (no Retry there): what Page Reports found when it
 * looked at the service again. A status, so the outcome is read out when it arrives.
 */
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
