// "This site: 12 pages · 7 with “Meta description missing”", linking to the project's page.
import { useEffect, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { send } from '@/lib/messaging/send';
import { optionsUrl } from '@/lib/options-route';
import { watchSite, type SiteSummary } from '@/lib/site';

// An older summary is read again: a project that did not change costs the background one list read.
const SITE_SUMMARY_MAX_AGE_MS = 10 * 60_000;

export function SiteLine({ project }: { project: string }) {
  const [summary, setSummary] = useState<SiteSummary | null>(null);
  useEffect(() => {
    setSummary(null);
    let asked = false;
    return watchSite(project, (view) => {
      const summary = view?.summary ?? null;
      if (!asked && !(summary && Date.now() - summary.readAt <= SITE_SUMMARY_MAX_AGE_MS)) {
        asked = true;
        void send('site.read', { name: project });
      }
      setSummary(summary);
    });
  }, [project]);
  if (!summary) return null;
  const text = siteLineText(summary);
  return (
    <p class="site-line">
      <a href={optionsUrl({ view: 'project', name: project })} target="_blank" rel="noopener" title={text}>
        {text}
      </a>
    </p>
  );
}

function siteLineText({ pages, tests }: SiteSummary): string {
  const count = pages === 1 ? t('popupSiteOnePage') : t('popupSitePages', pages);
  const top = tests[0];
  return top ? t('popupSiteTopTest', count, top.pages, top.name) : t('popupSiteNoFailures', count);
}
