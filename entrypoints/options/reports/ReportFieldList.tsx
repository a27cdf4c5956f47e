import { WebLink } from '@/components/WebLink';
import { isPrivacy, type ReportChecks } from '@/lib/api/types';
import { PRIVACY_NAMES, formatDateTime } from '@/lib/format';
import { t } from '@/lib/i18n';
import { formatCount } from '../format-number';
import { issueCountsText } from './check-summary';

/** phpRank's `results` runs to tens of kilobytes. */
export const RAW_TEXT_LIMIT = 4000;

interface ReportFieldListProps {
  fields: Record<string, unknown>;
  checks: ReportChecks | null;
  /** The full address the `url` field links to (the service may store it without scheme). */
  pageUrl: string | null;
}

/** Every field the server returned, unknown ones included, as text: never as HTML. */
export function ReportFieldList({ fields, checks, pageUrl }: ReportFieldListProps) {
  const entries = Object.entries(fields);
  if (entries.length === 0) return <p class="muted">{t('reportsNoFields')}</p>;
  return (
    <dl class="field-list">
      {entries.map(([name, value]) => (
        <div class="field-list-row" key={name}>
          <dt>{name}</dt>
          <dd>
            {name === 'results' && isObject(value) ? (
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

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

function jsonText(value: unknown, limit = RAW_TEXT_LIMIT): string {
  const text = JSON.stringify(value, null, 2) ?? String(value);
  if (text.length <= limit) return text;
  return `${text.slice(0, limit)}\n${t('reportsMoreCharacters', formatCount(text.length - limit))}`;
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
  if (name === 'privacy' && isPrivacy(value)) {
    return <span>{`${value} (${PRIVACY_NAMES[value]})`}</span>;
  }
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
