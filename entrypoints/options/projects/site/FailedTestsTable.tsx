import { ListTable } from '@/components/ListTable';
import { t } from '@/lib/i18n';
import type { SiteSummary, SiteTest } from '@/lib/site';
import { formatCount } from '../../format-number';
import { categoryName, importanceName } from '../../reports/check-summary';

export function FailedTestsTable({
  summary,
  testHref,
}: {
  summary: SiteSummary;
  testHref: (test: SiteTest) => string;
}) {
  const scored = formatCount(summary.pages - summary.withoutResults);
  if (summary.tests.length === 0) return <p class="empty-state">{t('siteNoFailedTests')}</p>;
  return (
    <ListTable name="site-tests" labelledBy="site-tests-heading" loading={false} stale={false}>
      <thead>
        <tr>
          <th scope="col">{t('siteColumnTest')}</th>
          <th scope="col">{t('siteColumnPages')}</th>
          <th scope="col">{t('siteColumnImportance')}</th>
          <th scope="col">{t('siteColumnCategory')}</th>
        </tr>
      </thead>
      <tbody>
        {summary.tests.map((test) => (
          <tr key={test.key}>
            <th scope="row" class="name-cell">
              <a href={testHref(test)}>{test.name}</a>
            </th>
            <td>{t('sitePagesOf', formatCount(test.pages), scored)}</td>
            <td>
              <span class={`importance importance--${test.importance}`}>
                {importanceName(test.importance)}
              </span>
            </td>
            <td>{categoryName(test.category)}</td>
          </tr>
        ))}
      </tbody>
    </ListTable>
  );
}
