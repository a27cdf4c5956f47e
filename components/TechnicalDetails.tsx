import { t } from '@/lib/i18n';

/** What the browser or the server said ("TypeError: Failed to fetch"), closed: the sentence above says it for a person. */
export function TechnicalDetails({ text }: { text: string }) {
  return (
    <details class="error-detail">
      <summary>{t('uiTechnicalDetails')}</summary>
      <p>{text}</p>
    </details>
  );
}
