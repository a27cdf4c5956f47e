import type { Project } from '@/lib/api/types';
import { bandOfScore, roundScore } from '@/lib/api/score';
import { RESULT_LABELS } from '@/lib/format';
import { t } from '@/lib/i18n';

/** As the result badge shows a report's score ("Decent · 73"); "—" when the server does not give it. */
export function AverageScore({ project }: { project: Pick<Project, 'averageScore' | 'averageResult'> }) {
  const { averageScore } = project;
  const band = project.averageResult ?? (averageScore === null ? null : bandOfScore(averageScore));
  if (band === null) return <span class="muted">—</span>;
  const label = RESULT_LABELS[band];
  if (averageScore === null) return <span class={`result result--${band}`}>{label}</span>;
  const score = roundScore(averageScore);
  return (
    <span class={`result result--${band}`} title={t('projectsAverageTitle', score)}>
      {label} · {score}
    </span>
  );
}
