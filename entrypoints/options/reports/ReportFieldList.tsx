import { WebLink } from '@/components/WebLink';
import { PRIVACY_NAMES, formatDateTime } from '@/lib/format';

/** Every field the server returned, unknown ones included, as text: never as HTML. */
export function ReportFieldList({ fields }: { fields: Record<string, unknown> }) {
  const entries = Object.entries(fields);
  if (entries.length === 0) return <p class="muted">The service returned no fields.</p>;
  return (
    <dl class="field-list">
      {entries.map(([name, value]) => (
        <div class="field-list-row" key={name}>
          <dt>{name}</dt>
          <dd>
            <FieldValue name={name} value={value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function FieldValue({ name, value }: { name: string; value: unknown }) {
  if (value === null || value === undefined) return <span class="muted">none</span>;
  if (typeof value === 'object') return <pre class="field-json">{JSON.stringify(value, null, 2)}</pre>;
  if (name === 'privacy' && (value === 0 || value === 1 || value === 2)) {
    return <span>{`${value} (${PRIVACY_NAMES[value]})`}</span>;
  }
  if (name === 'password' && typeof value === 'boolean') return <span>{value ? 'Set' : 'Not set'}</span>;
  if (typeof value === 'string') {
    if (/^\d{4}-\d{2}-\d{2}T/.test(value) && formatDateTime(value)) {
      return (
        <time dateTime={value} title={value}>
          {formatDateTime(value)}
        </time>
      );
    }
    return <WebLink url={value} class="field-text" />;
  }
  return <span>{String(value)}</span>;
}
