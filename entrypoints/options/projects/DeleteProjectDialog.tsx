import { useSignal } from '@preact/signals';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { ErrorBanner } from '@/components/ErrorBanner';
import type { ApiError } from '@/lib/api/errors';
import type { Project } from '@/lib/api/types';
import type { ProjectsModel } from './projects-model';

interface DeleteProjectDialogProps {
  project: Project | null;
  model: ProjectsModel;
  onClose: () => void;
  fallbackFocus: () => HTMLElement | null;
  onOpenSettings: () => void;
}

/** Says the deletion is permanent and asks for the project's name, typed exactly, before it can go. */
export function DeleteProjectDialog({
  project,
  model,
  onClose,
  fallbackFocus,
  onOpenSettings,
}: DeleteProjectDialogProps) {
  const typed = useSignal('');
  const busy = useSignal(false);
  const error = useSignal<ApiError | null>(null);
  const shown = useSignal<Project | null>(null);
  if (project && shown.peek() !== project) {
    shown.value = project;
    typed.value = '';
    error.value = null;
  }
  const name = shown.value?.name ?? '';
  const matches = typed.value === name && name !== '';

  async function confirm() {
    if (!project || !matches) return;
    busy.value = true;
    error.value = null;
    const result = await model.deleteProject(project);
    busy.value = false;
    if (result.ok) onClose();
    else error.value = result.error;
  }

  return (
    <ConfirmDialog
      open={project !== null}
      title="Delete project?"
      busy={busy.value}
      confirmDisabled={!matches}
      onConfirm={() => void confirm()}
      onCancel={onClose}
      fallbackFocus={fallbackFocus}
    >
      <p>
        The project <strong class="break-anywhere">{name}</strong> will be deleted from the service. This is
        permanent and cannot be undone.
      </p>
      <div class="field">
        <label for="delete-project-name">Type the project’s name to confirm</label>
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
          Exactly as shown, including spaces and capitals.
        </p>
      </div>
      {busy.value ? <p class="status">Deleting…</p> : null}
      {error.value ? (
        <ErrorBanner
          error={error.value}
          context="Could not delete the project"
          onRetry={() => void confirm()}
          onOpenSettings={onOpenSettings}
        />
      ) : null}
    </ConfirmDialog>
  );
}
