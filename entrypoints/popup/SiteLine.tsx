// One line about this page's site under its report: "This site: 12 pages · 7 with “Meta description
// missing”", a link to the project's page in the options. Nothing shows while the site is not known.
import { useEffect, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { optionsUrl } from '@/lib/options-link';
import type { SiteSummary } from '@/lib/site';
import { watchSiteSummary } from './site-summary';

export interface SiteLineProps {
  /** The project of this page's report. */
  project: string;
}

export function SiteLine({ project }: SiteLineProps) {
  const [summary, setSummary] = useState<SiteSummary | null>(null);
  useEffect(() => {
    setSummary(null);
    return watchSiteSummary(project, setSummary);
  }, [project]);
  if (!summary) return null;
  const text = siteLineText(summary);
  return (
    <p class="site-line">
      {/* In a tab of its own (the popup then closes; the side panel stays). */}
      <a href={optionsUrl({ view: 'project', name: project })} target="_blank" rel="noopener" title={text}>
        {text}
      </a>
    </p>
  );
}

/** The line's words: the project's pages and its most failed test, or that none failed. */
function siteLineText({ pages, tests }: SiteSummary): string {
  const count = pages === 1 ? t('popupSiteOnePage') : t('popupSitePages', pages);
  const top = tests[0];
  return top ? t('popupSiteTopTest', count, top.pages, top.name) : t('popupSiteNoFailures', count);
}
