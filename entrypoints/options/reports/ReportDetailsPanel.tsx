import { useSignal } from '@preact/signals';
import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { ErrorBanner } from '@/components/ErrorBanner';
import { PrivacyFields } from '@/components/PrivacyFields';
import { ResultBadge } from '@/components/ResultBadge';
import { ScoreChart } from '@/components/ScoreChart';
import { WebLink } from '@/components/WebLink';
import { checkName } from '@/lib/api/report-checks';
import {
  PRIVACY,
  privacyOf,
  type FailedCheck,
  type Privacy,
  type Report,
  type ReportChecks,
} from '@/lib/api/types';
import { PRIVACY_NAMES, formatDate, formatDateTime } from '@/lib/format';
import { compareSnapshots, type CheckChange, type Snapshot } from '@/lib/history';
import { t } from '@/lib/i18n';
import { reportKey } from '@/lib/report-id';
import type { ShownState } from '@/lib/report-state';
import { parseWebUrl } from '@/lib/page-url';
import { formatCount } from '../format-number';
import { importanceName } from '@/lib/format';
import { groupByCategory, issueCountsText } from './check-summary';
import type { ReportDetailsModel } from './report-details-model';

export function ReportDetailsPanel({
  details,
  onClose,
}: {
  details: ReportDetailsModel;
  onClose: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const panel = useRef<HTMLElement>(null);
  /** What had the focus when the panel opened (a row's Details button): it gets it back on close. */
  const opener = useRef<Element | null>(null);
  const id = details.id.value;
  const report = details.report.value;
  const loadError = details.loadError.value;
  const gone = details.gone.value;
  const history = details.history.value;

  // Opening (or switching to another report) takes the focus there, so keyboard users land on it.
  useEffect(() => {
    if (!panel.current?.contains(document.activeElement)) opener.current = document.activeElement;
    heading.current?.focus();
  }, [id]);

  function close() {
    onClose();
    const back = opener.current;
    const usable = back instanceof HTMLElement && back.isConnected && back !== document.body;
    (usable ? back : document.getElementById('reports-heading'))?.focus();
  }

  return (
    <section
      class="details-panel"
      aria-labelledby="details-heading"
      ref={panel}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.defaultPrevented) close();
      }}
    >
      <div class="details-header">
        <h3 id="details-heading" tabIndex={-1} ref={heading}>
          {t('reportsDetailsHeading')}
        </h3>
        <button type="button" onClick={close}>
          {t('reportsDetailsClose')}
        </button>
      </div>
      {details.loading.value && !report ? <p class="status">{t('reportsDetailsLoading')}</p> : null}
      {loadError ? (
        <ErrorBanner
          error={loadError}
          context={id === null ? t('reportsDetailsLoadFailed') : t('reportsDetailsLoadFailedId', id)}
          // A report the service says is gone will not come back by asking again.
          onRetry={gone ? undefined : details.reload}
        />
      ) : null}
      {report ? (
        <>
          <p class="details-summary">
            <WebLink url={report.url} href={report.pageUrl} class="details-url" />{' '}
            <ResultBadge report={report} state={details.scoreState.value ?? undefined} />
          </p>
          <ServiceLine report={report} state={details.scoreState.value} />
          <ReportEditForm key={reportKey(report.id)} report={report} details={details} />
          {history && history.length > 0 ? <ReportHistory history={history} /> : null}
          {report.checks ? <ReportTests checks={report.checks} /> : null}
          <h4 class="details-fields-heading">{t('reportsDetailsAllFields')}</h4>
          <ReportFieldList fields={report.fields} checks={report.checks} pageUrl={report.pageUrl} />
        </>
      ) : null}
    </section>
  );
}

function ServiceLine({ report, state }: { report: Report; state: ShownState | null }) {
  const serviceUrl = report.serviceUrl !== null && parseWebUrl(report.serviceUrl) ? report.serviceUrl : null;
  const said =
    state === 'no_score' ? t('reportsNoScoreGiven') : state === 'unfinished' ? t('fieldsNotFinished') : null;
  if (!said && !serviceUrl) return null;
  return (
    <p class="details-service">
      {said ? `${said} ` : null}
      {serviceUrl ? (
        <a href={serviceUrl} target="_blank" rel="noopener noreferrer">
          {t('reportsOpenOnService')}
        </a>
      ) : null}
    </p>
  );
}

/** "Privacy", "Password" (for privacy Password), "Save changes" and "Regenerate results". */
function ReportEditForm({ report, details }: { report: Report; details: ReportDetailsModel }) {
  // What the person picked; until then the select shows the report's own privacy (which may be unknown),
  // and Save leaves the privacy alone.
  const picked = useSignal<Privacy | undefined>(undefined);
  const privacy = picked.value ?? report.privacy;
  // Lives only in this field: never stored, logged or cached; cleared after a successful save.
  const password = useSignal('');
  const passwordError = useSignal<string | null>(null);
  const writing = details.writing.value;
  const failure = details.writeError.value;
  // The service said the report is gone: there is nothing left to change.
  const gone = details.gone.value;
  const disabled = writing !== null || gone;
  // Staying on Password with a password already set may leave the field empty: the old one stays.
  const keepsPassword = report.privacy === PRIVACY.password && report.hasPassword !== false;
  const passwordRequired = privacy === PRIVACY.password && !keepsPassword;
  const serverErrors = failure?.write === 'save' ? failure.error.fieldErrors : undefined;

  async function save(event: Event) {
    event.preventDefault();
    passwordError.value = null;
    if (passwordRequired && password.value === '') {
      passwordError.value = t('reportsPasswordMissing');
      return;
    }
    // The model sends only what differs from the report, and a password only beside privacy Password.
    const result = await details.save({ privacy: picked.value, password: password.value });
    if (result.ok) {
      password.value = '';
      picked.value = undefined;
    }
  }

  const passwordMessage = passwordError.value ?? serverErrors?.password;
  const passwordHint = passwordRequired ? t('reportsPasswordRequiredHint') : t('reportsPasswordKeepHint');
  return (
    <form class="report-edit" onSubmit={save} noValidate>
      <div class="report-edit-fields">
        <PrivacyFields
          ids={{ privacy: 'details-privacy', password: 'details-password' }}
          labels={{ privacy: t('reportsColumnPrivacy'), password: t('reportsPasswordLabel') }}
          privacy={privacy}
          onPrivacy={(chosen) => {
            picked.value = chosen;
            passwordError.value = null;
          }}
          password={password.value}
          onPassword={(typed) => (password.value = typed)}
          passwordRequired={passwordRequired}
          passwordHint={passwordHint}
          errors={{ privacy: serverErrors?.privacy, password: passwordMessage }}
        />
      </div>
      <div class="report-edit-actions">
        <button type="submit" class="primary" disabled={disabled}>
          {t('reportsSaveChanges')}
        </button>
        <button type="button" disabled={disabled} onClick={() => void details.regenerate()}>
          {t('reportsRegenerate')}
        </button>
      </div>
      {failure ? (
        <ErrorBanner
          error={failure.error}
          context={failure.write === 'save' ? t('reportsSaveFailed') : t('reportsRegenerateFailed')}
          onRetry={
            gone
              ? undefined
              : () => (failure.write === 'save' ? void save(new Event('submit')) : void details.regenerate())
          }
        />
      ) : null}
      <p class="status" role="status">
        {writing === 'save'
          ? t('optionsSaving')
          : writing === 'regenerate'
            ? t('reportsAskingForResults')
            : details.notice.value}
      </p>
    </form>
  );
}

/** A part of the panel under its own heading; a group of tests sits one level below. */
function DetailsSection({
  heading,
  children,
  group = false,
  ...props
}: {
  heading: string;
  class: string;
  group?: boolean;
  children: ComponentChildren;
}) {
  const id = useId();
  const Heading = group ? 'h5' : 'h4';
  return (
    <section class={props.class} aria-labelledby={id}>
      <Heading id={id} class={group ? undefined : 'details-fields-heading'}>
        {heading}
      </Heading>
      {children}
    </section>
  );
}

type ListedTest = Pick<FailedCheck, 'key' | 'importance' | 'name' | 'detail'>;

/** Failed tests under a heading, each with its importance as a word (not colour alone) and a short detail. */
function TestGroup({ heading, tests }: { heading: string; tests: readonly ListedTest[] }) {
  return (
    <DetailsSection class="test-group" heading={heading} group>
      {tests.length === 0 ? (
        <p class="muted">{t('historyNoTests')}</p>
      ) : (
        <ul class="failed-tests">
          {tests.map(({ key, importance, name, detail }) => (
            <li key={key} class="failed-test">
              <span class={`importance importance--${importance}`}>
                {importanceName(importance)}
                <span class="visually-hidden"> {t('reportsImportanceSuffix')}</span>
              </span>{' '}
              <span class="failed-test-name">{name}</span>
              {detail ? <span class="failed-test-detail"> — {detail}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </DetailsSection>
  );
}

/** What the service's tests found: the counts in one sentence, then each failed test under its category. */
function ReportTests({ checks }: { checks: ReportChecks }) {
  return (
    <DetailsSection class="report-tests" heading={t('reportsTestsHeading')}>
      <p class="test-counts">{issueCountsText(checks.counts)}</p>
      {groupByCategory(checks.failures).map((group) => (
        <TestGroup key={group.category} heading={group.label} tests={group.failures} />
      ))}
    </DetailsSection>
  );
}

/** "Score over time": the chart of the report's analyses and what changed between two of them. */
function ReportHistory({ history }: { history: readonly Snapshot[] }) {
  return (
    <DetailsSection class="report-history" heading={t('historyHeading')}>
      {history.length < 2 ? (
        <p class="muted">{t('historyStartsHere')}</p>
      ) : (
        <>
          <ScoreChart history={history} />
          {/* A new analysis brings the comparison back to the last two. */}
          <AnalysisComparison key={history.at(-1)?.generatedAt} history={history} />
        </>
      )}
    </DetailsSection>
  );
}

/** Each analysis's name in the lists: its date (with the time when two share a date) and its score. */
function analysisNames(history: readonly Snapshot[]): string[] {
  const dates = history.map((snapshot) => formatDate(snapshot.generatedAt));
  const sameDay = new Set(dates).size < dates.length;
  return history.map((snapshot, index) =>
    t(
      'historyAnalysisOption',
      sameDay ? formatDateTime(snapshot.generatedAt) : dates[index]!,
      snapshot.score ?? t('uiNoScore'),
    ),
  );
}

const scoreText = (snapshot: Snapshot) => (snapshot.score === null ? t('uiNoScore') : String(snapshot.score));

function stillFailingDetail({ value, valueBefore }: CheckChange): string | null {
  if (valueBefore === undefined || valueBefore === null || valueBefore === value) return value;
  return value === null ? t('historyValueWas', valueBefore) : t('historyValueNowWas', value, valueBefore);
}

const changedTests = (changes: readonly CheckChange[], detail: (change: CheckChange) => string | null) =>
  changes.map((change) => ({
    ...change,
    name: change.name ?? checkName(change.key),
    detail: detail(change),
  }));

/** What changed between two analyses: the last two at first, any two chosen by date. */
function AnalysisComparison({ history }: { history: readonly Snapshot[] }) {
  const last = history.length - 1;
  const [earlier, setEarlier] = useState(last - 1);
  const [later, setLater] = useState(last);
  const names = analysisNames(history);
  // Chosen the other way round, they are still compared in time order.
  const older = history[Math.min(earlier, later)]!;
  const newer = history[Math.max(earlier, later)]!;
  const comparison = earlier === later ? null : compareSnapshots(older, newer);

  const choice = (label: string, value: number, onChange: (value: number) => void) => (
    <label class="history-choice">
      {label}
      <select value={String(value)} onChange={(event) => onChange(Number(event.currentTarget.value))}>
        {names.map((name, index) => (
          <option key={index} value={String(index)}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <DetailsSection class="history-comparison" heading={t('historyCompareHeading')}>
      <div class="history-choices">
        {choice(t('historyEarlier'), earlier, setEarlier)}
        {choice(t('historyLater'), later, setLater)}
      </div>
      {comparison ? (
        <>
          <p class="history-score">{t('historyScoreFromTo', scoreText(older), scoreText(newer))}</p>
          <TestGroup
            heading={t('historyFixed', comparison.fixed.length)}
            tests={changedTests(comparison.fixed, ({ value }) =>
              value === null ? null : t('historyValueWas', value),
            )}
          />
          <TestGroup
            heading={t('historyBroken', comparison.broken.length)}
            tests={changedTests(comparison.broken, ({ value }) => value)}
          />
          <TestGroup
            heading={t('historyStillFailing', comparison.stillFailing.length)}
            tests={changedTests(comparison.stillFailing, stillFailingDetail)}
          />
        </>
      ) : (
        <p class="muted">{t('historyChooseTwo')}</p>
      )}
    </DetailsSection>
  );
}

/** phpRank's `results` runs to tens of kilobytes. */
export const RAW_TEXT_LIMIT = 4000;

/** Every field the server returned, unknown ones included, as text: never as HTML. */
function ReportFieldList({ fields, checks, pageUrl }: Pick<Report, 'fields' | 'checks' | 'pageUrl'>) {
  const entries = Object.entries(fields);
  if (entries.length === 0) return <p class="muted">{t('reportsNoFields')}</p>;
  return (
    <dl class="field-list">
      {entries.map(([name, value]) => (
        <div class="field-list-row" key={name}>
          <dt>{name}</dt>
          <dd>
            {name === 'results' && typeof value === 'object' && value !== null ? (
              <RawResults value={value} checks={checks} />
            ) : (
              <FieldValue name={name} value={value} pageUrl={pageUrl} />
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function jsonText(value: unknown): string {
  const text = JSON.stringify(value, null, 2) ?? String(value);
  if (text.length <= RAW_TEXT_LIMIT) return text;
  const more = t('reportsMoreCharacters', formatCount(text.length - RAW_TEXT_LIMIT));
  return `${text.slice(0, RAW_TEXT_LIMIT)}\n${more}`;
}

function RawResults({ value, checks }: { value: object; checks: ReportChecks | null }) {
  return (
    <>
      <p class="field-summary">
        {checks === null
          ? t('reportsNoReadableTests')
          : checks.failures.length > 0
            ? t('reportsTestsListedAbove', issueCountsText(checks.counts))
            : `${issueCountsText(checks.counts)}.`}
      </p>
      <details class="raw-results">
        <summary>{t('reportsRawResults')}</summary>
        <pre class="field-json">{jsonText(value)}</pre>
      </details>
    </>
  );
}

function FieldValue({ name, value, pageUrl }: { name: string; value: unknown; pageUrl: string | null }) {
  if (value === null || value === undefined) return <span class="muted">{t('reportsFieldNone')}</span>;
  if (typeof value === 'object') return <pre class="field-json">{jsonText(value)}</pre>;
  const privacy = name === 'privacy' ? privacyOf(value) : null;
  if (privacy !== null) return <span>{`${privacy} (${PRIVACY_NAMES[privacy]})`}</span>;
  if (name === 'password' && typeof value === 'boolean')
    return <span>{value ? t('reportsPasswordSet') : t('reportsPasswordNotSet')}</span>;
  if (typeof value === 'string') {
    if (/^\d{4}-\d{2}-\d{2}T/.test(value) && formatDateTime(value)) {
      return (
        <time dateTime={value} title={value}>
          {formatDateTime(value)}
        </time>
      );
    }
    // The stored address ("example.com/pricing") links to the page's full address.
    const href = name === 'url' ? (pageUrl ?? value) : value;
    return <WebLink url={value} href={href} class="field-text" />;
  }
  return <span>{String(value)}</span>;
}
