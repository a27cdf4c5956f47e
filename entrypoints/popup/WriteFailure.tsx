import type { PopupModel, Write } from './popup-model';
import { PopupError } from './PopupError';
import { t } from '@/lib/i18n';

// `found`: a create made one after all; a regenerate changed the report, or it is being generated again.
const SAID = {
  create: () => ({
    failed: t('popupCouldNotCreate'),
    looking: t('popupLookingForIt'),
    found: t('popupLookedFound'),
    none: t('popupLookedNone'),
    again: t('popupLookAgain'),
  }),
  regenerate: () => ({
    failed: t('popupCouldNotRegenerate'),
    looking: t('popupReadingAgain'),
    found: t('popupReadAgainFound'),
    none: t('popupReadAgainNone'),
    again: t('popupReadAgain'),
  }),
};

/** Why the write failed; where it may have happened, instead of a Retry, what looking again found. */
export function WriteFailure({ model, kind }: { model: PopupModel; kind: Write['kind'] }) {
  const write = model.writeOf(kind);
  if (!write?.error) return null;
  const said = SAID[kind]();
  const { look } = write;
  return (
    <>
      <PopupError
        error={write.error}
        context={said.failed}
        onRetry={() => void (kind === 'create' ? model.create() : model.regenerate())}
        onOpenSettings={model.openSettings}
      />
      {look ? (
        <div class="recheck">
          <p class="status" role="status">
            {typeof look === 'string' ? said[look] : t('popupCouldNotLook', look.message)}
          </p>
          {typeof look !== 'string' || look === 'none' ? (
            <button type="button" onClick={() => void model.lookAgain()}>
              {said.again}
            </button>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
