import type { PopupModel, Write } from './popup-model';
import { t } from '@/lib/i18n';

// `found`: a create made one after all; a regenerate changed the report, or it is being generated again.
const SAID = {
  create: () => ({
    looking: t('popupLookingForIt'),
    found: t('popupLookedFound'),
    none: t('popupLookedNone'),
    again: t('popupLookAgain'),
  }),
  regenerate: () => ({
    looking: t('popupReadingAgain'),
    found: t('popupReadAgainFound'),
    none: t('popupReadAgainNone'),
    again: t('popupReadAgain'),
  }),
};

/** Below the error of a write that may have happened, instead of a Retry: what looking again found. */
export function RecheckNote({ model, after }: { model: PopupModel; after: Write['kind'] }) {
  const recheck = model.writeOf(after)?.look;
  if (!recheck) return null;
  const said = SAID[after]();
  const unsure = typeof recheck !== 'string' || recheck === 'none';
  return (
    <div class="recheck">
      <p class="status" role="status">
        {typeof recheck === 'string' ? said[recheck] : t('popupCouldNotLook', recheck.message)}
      </p>
      {unsure ? (
        <button type="button" onClick={() => void model.lookAgain()}>
          {said.again}
        </button>
      ) : null}
    </div>
  );
}
