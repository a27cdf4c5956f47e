// "Bulk changes" under the Reports toolbar: select every matching report, change their privacy or
// regenerate their results, watch the background do it (progress, Stop), and read what failed and why.
import { computed, signal, useSignal } from '@preact/signals';
import { useMemo } from 'preact/hooks';
import { ErrorBanner } from '@/components/ErrorBanner';
import { PrivacyFields } from '@/components/PrivacyFields';
import { PRIVACY, type Privacy } from '@/lib/api/types';
import type { BulkAction } from '@/lib/bulk-job';
import { t } from '@/lib/i18n';
import { formatCount } from '../format-number';
import { BulkJobStatus } from './BulkJobStatus';
import { toReportFilters, type ReportsModel } from './reports-model';

function createBulkChoice(reports: ReportsModel) {
  const { list, selected, wholePage } = reports;
  const filters = computed(() =>
    JSON.stringify({ ...toReportFilters(list.state.value), perPage: list.state.value.perPage }),
  );
  /** The filters and selection "all matching" was chosen under: it holds for them alone. */
  const chosen = signal<{ filters: string; selected: ReadonlySet<string> } | null>(null);
  const allMatching = computed(
    () =>
      chosen.value?.filters === filters.value && chosen.value.selected === selected.value && wholePage.value,
  );
  // Here, not in the form: the form goes while a job runs and must come back with it.
  const privacy = signal<Privacy>(PRIVACY.private);
  /** How many reports match the filters, on every page, as the list's meta says. */
  const matching = computed(() => list.page.value?.total ?? null);
  // While the next filters load, the count on show is the last ones': "all matching" would not match it.
  const canSelectAllMatching = computed(
    () =>
      wholePage.value && !list.stale.value && matching.value !== null && matching.value > selected.value.size,
  );
  const count = computed(() =>
    allMatching.value && matching.value !== null ? matching.value : selected.value.size,
  );

  async function start(action: BulkAction, password?: string): Promise<void> {
    const target = allMatching.peek()
      ? { query: toReportFilters(list.state.peek()) }
      : {
          reports: reports.selectedReports
            .peek()
            .map((report) => ({ id: report.id, label: report.url, score: report.score })),
        };
    await reports.jobs.start({ action, target, ...(password ? { password } : {}) });
  }

  return {
    allMatching,
    canSelectAllMatching,
    matching,
    count,
    privacy,
    selectAllMatching(on: boolean) {
      const all = on && canSelectAllMatching.peek();
      chosen.value = all ? { filters: filters.peek(), selected: selected.peek() } : null;
    },
    changePrivacy: (privacy: Privacy, password?: string) => start({ kind: 'privacy', privacy }, password),
    regenerate: () => start({ kind: 'regenerate' }),
  };
}

type BulkChoice = ReturnType<typeof createBulkChoice>;

export function BulkChanges({ reports }: { reports: ReportsModel }) {
  const choice = useMemo(() => createBulkChoice(reports), [reports]);
  const { jobs } = reports;
  const job = jobs.job.value;
  const running = job !== null && job.phase !== 'ended';
  const error = jobs.error.value;
  return (
    <div class="bulk-changes">
      <SelectAllMatching choice={choice} pageCount={reports.selected.value.size} />
      <BulkJobStatus job={job} model={jobs} detailsHref={reports.detailsHref} />
      {!running && choice.count.value > 0 ? <BulkForm choice={choice} reports={reports} /> : null}
      {error ? <ErrorBanner error={error} context={t('bulkStartFailed')} /> : null}
    </div>
  );
}

function SelectAllMatching({ choice, pageCount }: { choice: BulkChoice; pageCount: number }) {
  if (choice.allMatching.value) {
    return (
      <p class="bulk-select">
        {t('bulkAllMatchingSelected', formatCount(choice.count.value))}{' '}
        <button type="button" class="link-button" onClick={() => choice.selectAllMatching(false)}>
          {t('bulkSelectPageOnly')}
        </button>
      </p>
    );
  }
  if (!choice.canSelectAllMatching.value) return null;
  return (
    <p class="bulk-select">
      {t('bulkPageSelected', formatCount(pageCount))}{' '}
      <button type="button" class="link-button" onClick={() => choice.selectAllMatching(true)}>
        {t('bulkSelectAllMatching', formatCount(choice.matching.value ?? 0))}
      </button>
    </p>
  );
}

function BulkForm({ choice, reports }: { choice: BulkChoice; reports: ReportsModel }) {
  const { privacy } = choice;
  // Lives only in this field and the message that starts the job: never stored on disk, never logged.
  const password = useSignal('');
  const problem = useSignal<string | null>(null);
  const count = formatCount(choice.count.value);
  // The form's own check first; else what the background refused about the password (e.g. too long).
  const passwordMessage = problem.value ?? reports.jobs.error.value?.fieldErrors?.password;

  async function changePrivacy(event: Event) {
    event.preventDefault();
    problem.value = null;
    if (privacy.value === PRIVACY.password && password.value === '') {
      problem.value = t('bulkPasswordRequired');
      return;
    }
    await choice.changePrivacy(
      privacy.value,
      privacy.value === PRIVACY.password ? password.value : undefined,
    );
    if (!reports.jobs.error.peek()) password.value = '';
  }

  return (
    <form class="bulk-form" onSubmit={changePrivacy} noValidate>
      <fieldset>
        <legend>{t('bulkLegend')}</legend>
        <PrivacyFields
          ids={{ privacy: 'bulk-privacy', password: 'bulk-password' }}
          labels={{ privacy: t('bulkPrivacyLabel'), password: t('bulkPasswordLabel') }}
          privacy={privacy.value}
          onPrivacy={(chosen) => (privacy.value = chosen)}
          password={password.value}
          onPassword={(typed) => (password.value = typed)}
          passwordRequired
          passwordHint={t('bulkPasswordHint')}
          errors={{ password: passwordMessage }}
        />
        <div class="button-row">
          <button type="submit" class="primary">
            {t('bulkChangePrivacy', count)}
          </button>
          <button type="button" onClick={() => void choice.regenerate()}>
            {t('bulkRegenerate', count)}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
