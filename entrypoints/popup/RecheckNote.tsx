import type { ApiError } from '@/lib/api/errors';

export interface RecheckNoteProps {
  /** What looking again found, in a sentence; an error when it could not look. */
  said: string | ApiError;
  /** The button that looks once more, offered while the outcome is unsure; its name says what it does. */
  again?: { label: string; onClick: () => void };
}

/**
 * Below the error of a write that may have happened (no Retry there): what Page Reports found when it
 * looked at the service again. A status, so the outcome is read out when it arrives.
 */
export function RecheckNote({ said, again }: RecheckNoteProps) {
  return (
    <div class="recheck">
      <p class="status" role="status">
        {typeof said === 'string' ? said : `Page Reports could not look: ${said.message}`}
      </p>
      {again ? (
        <button type="button" onClick={again.onClick}>
          {again.label}
        </button>
      ) : null}
    </div>
  );
}
