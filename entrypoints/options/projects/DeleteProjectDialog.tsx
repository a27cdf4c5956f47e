import { useSignal } from '@preact/signals';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { ErrorBanner } from '@/components/ErrorBanner';
import type { Project } from '@/lib/api/types';
import { t } from '@/lib/i18n';
import { useDeleteConfirmation } from '../list/use-delete-confirmation';
import type { ProjectsModel } from './projects-model';

interface DeleteProjectDialogProps {
  project: Project | null;
  model: ProjectsModel;
  onClose: () => void;
  fallbackFocus: () => HTMLElement | null;
  onOpenSettings: () => void;
  /** Reports filtered by the project: the way out when the service cannot delete it by name. */
  reportsHref: (project: Project) => string;
}

/** The typed name matches: the same characters, however the keyboard composed accented letters. */
function nameMatches(typed: string, name: string): boolean {
  return name !== '' && typed.normalize('NFC') === name.normalize('NFC');
}

/** Spaces at either end of a name are invisible on screen, so the hint says when there are some. */
function edgeSpacesHint(name: string): string | null {
  const leading = name.length - name.trimStart().length;
  const trailing = name.length - name.trimEnd().length;
  if (leading === 0 && trailing === 0) return null;
  const spaces = (n: number) => (n === 1 ? t('projectsOneSpace') : t('projectsSpaces', n));
  const where =
    leading > 0 && trailing > 0
      ? t('projectsNameStartsAndEnds', spaces(leading), spaces(trailing))
      : leading > 0
        ? t('projectsNameStarts', spaces(leading))
        : t('projectsNameEnds', spaces(trailing));
  return leading + trailing === 1 ? t('projectsTypeItToo', where) : t('projectsTypeThemToo', where);
}

/**
 * Says the deletion is permanent and asks for the project's name, typed exactly, before it can go. While
 * the request is on its way the dialog stays, so a failure is always seen here.
 */
export function DeleteProjectDialog({
  project,
  model,
  onClose,
  fallbackFocus,
  onOpenSettings,
  reportsHref,
}: DeleteProjectDialogProps) {
  const typed = useSignal('');
  const { shown, busy, error, ...confirmation } = useDeleteConfirmation(
    project,
    (target: Project) => model.deleteProject(target),
    onClose,
    () => (typed.value = ''),
  );
  const name = shown.value?.name ?? '';
  const matches = nameMatches(typed.value, name);
  const spacesHint = edgeSpacesHint(name);
  // Confirm is disabled until the name matches; this also guards a stray Enter.
  const confirm = () => (matches ? confirmation.confirm() : Promise.resolve());
  const cancel = confirmation.cancel;

  return (
    <ConfirmDialog
      open={project !== null}
      title={t('projectsDeleteTitle')}
      confirmLabel={t('optionsDelete')}
      cancelLabel={t('optionsCancel')}
      busy={busy.value}
      cancelDisabled={busy.value}
      confirmDisabled={!matches}
      onConfirm={() => void confirm()}
      onCancel={cancel}
      fallbackFocus={fallbackFocus}
    >
      <p>
        {t('projectsDeleteBefore')}
        <strong class="break-anywhere">{name}</strong>
        {t('projectsDeleteAfter')}
      </p>
      <div class="field">
        <label for="delete-project-name">{t('projectsTypeName')}</label>
        <input
          id="delete-project-name"
          type="text"
          autoComplete="off"
          spellcheck={false}
          value={typed.value}
          aria-describedby="delete-project-name-hint"
          onInput={(event) => (typed.value = event.currentTarget.value)}
        />
        <p id="delete-project-name-hint" class="hint">
          {t('projectsTypeNameHint')}
          {spacesHint ? ` ${spacesHint}` : ''}
        </p>
      </div>
      {busy.value ? <p class="status">{t('optionsDeleting')}</p> : null}
      {error.value ? (
        <ErrorBanner
          error={error.value}
          context={t('projectsDeleteFailed')}
          onRetry={() => void confirm()}
          onOpenSettings={onOpenSettings}
        />
      ) : null}
      {/* The service refused the name itself (e.g. a "/" it cannot route): its reports can still go. */}
      {error.value?.kind === 'invalid_input' && shown.value ? (
        <p>
          <a href={reportsHref(shown.value)}>{t('projectsShowReports', name)}</a>
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
