import { useSignal, type Signal } from '@preact/signals';
import { TextField } from '@/components/TextField';
import type { Project } from '@/lib/api/types';
import { t } from '@/lib/i18n';
import { DeleteDialog } from '../list/DeleteDialog';
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

/** The same characters, however the keyboard composed accented letters. */
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

export function DeleteProjectDialog({
  project,
  model,
  onClose,
  fallbackFocus,
  onOpenSettings,
  reportsHref,
}: DeleteProjectDialogProps) {
  const typed = useSignal('');
  // Confirm is disabled until the name matches; this also guards a stray Enter.
  const matches = project !== null && nameMatches(typed.value, project.name);

  return (
    <DeleteDialog
      item={project}
      title={t('projectsDeleteTitle')}
      remove={(target) => model.deleteProject(target)}
      failedContext={t('projectsDeleteFailed')}
      confirmDisabled={!matches}
      onShow={() => (typed.value = '')}
      onClose={onClose}
      fallbackFocus={fallbackFocus}
      onOpenSettings={onOpenSettings}
      // The service refused the name itself (e.g. a "/" it cannot route): its reports can still go.
      afterFailure={(error, shown) =>
        error.kind === 'invalid_input' ? (
          <p>
            <a href={reportsHref(shown)}>{t('projectsShowReports', shown.name)}</a>
          </p>
        ) : null
      }
    >
      {(shown) => <NameField name={shown.name} typed={typed} />}
    </DeleteDialog>
  );
}

function NameField({ name, typed }: { name: string; typed: Signal<string> }) {
  const spacesHint = edgeSpacesHint(name);
  return (
    <>
      <p>
        {t('projectsDeleteBefore')}
        <strong class="break-anywhere">{name}</strong>
        {t('projectsDeleteAfter')}
      </p>
      <TextField
        id="delete-project-name"
        label={t('projectsTypeName')}
        type="text"
        autoComplete="off"
        spellcheck={false}
        value={typed.value}
        onInput={(value) => (typed.value = value)}
        hint={spacesHint ? `${t('projectsTypeNameHint')} ${spacesHint}` : t('projectsTypeNameHint')}
      />
    </>
  );
}
