import type { ReportResult } from '@/lib/api/types';
import { RESULT_LABELS } from '@/lib/format';

/** A report's result as text and colour (never colour alone); null means still generating. */
export function ResultBadge({ result }: { result: ReportResult | null }) {
  if (result === null) {
    return <span class="result result--pending">Generating…</span>;
  }
  return <span class={`result result--${result}`}>{RESULT_LABELS[result]}</span>;
}
