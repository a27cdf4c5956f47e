import { useSignal } from '@preact/signals';
import { ServiceWait } from '@/components/ServiceWait';
import { useEffect, useRef } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { formatRoute, type OptionsRoute, type OptionsSection } from '@/lib/options-route';
import { startOptionsPage, type OptionsPage } from './options-page';
import { ProjectsSection } from './projects/ProjectsSection';
import { ReportsSection } from './reports/ReportsSection';
import { ProjectPage } from './projects/site/ProjectPage';
import { SettingsSection } from './settings/SettingsSection';
import { HeaderSwitcher } from './settings/HeaderSwitcher';

export function App({ start = startOptionsPage }: { start?: () => Promise<OptionsPage> }) {
  const page = useSignal<OptionsPage | null>(null);

  useEffect(() => {
    let closed = false;
    void start().then((started) => {
      if (closed) started.dispose();
      else page.value = started;
    });
    return () => {
      closed = true;
      page.peek()?.dispose();
    };
  }, []);

  return (
    <div class="options">
      <header class="options-header">
        <h1>{t('extName')}</h1>
        {page.value ? <SectionNav page={page.value} /> : null}
        <HeaderSwitcher />
      </header>
      <ServiceWait />
      <main>
        {page.value ? <ActiveSection page={page.value} /> : <p class="status">{t('optionsLoading')}</p>}
      </main>
    </div>
  );
}

const sectionName = (section: OptionsSection) =>
  ({
    reports: t('optionsSectionReports'),
    projects: t('optionsSectionProjects'),
    settings: t('optionsSectionSettings'),
  })[section];

/** A project's page is part of Projects. */
function sectionOf(route: OptionsRoute): OptionsSection {
  return route.section === 'project' ? 'projects' : route.section;
}

function SectionNav({ page }: { page: OptionsPage }) {
  const current = sectionOf(page.router.route.value);
  // The links keep each list's state, so going back to a section shows it as it was left.
  const routes: OptionsRoute[] = [
    { section: 'reports', list: page.reports.list.state.value, details: null },
    { section: 'projects', list: page.projects.list.state.value },
    { section: 'settings' },
  ];
  return (
    <nav class="section-nav" aria-label={t('optionsSectionsNav')}>
      <ul>
        {routes.map((route) => (
          <li key={route.section}>
            <a href={formatRoute(route)} aria-current={route.section === current ? 'page' : undefined}>
              {sectionName(sectionOf(route))}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ActiveSection({ page }: { page: OptionsPage }) {
  const { router } = page;
  const route = router.route.value;
  const section = route.section;
  const projectName = route.section === 'project' ? route.name : null;
  const shownBefore = useRef<string | null>(null);

  // Moving to another section (or project) moves the focus to its heading, as a new page would.
  useEffect(() => {
    document.title = t('optionsPageTitle', projectName ?? sectionName(sectionOf(route)));
    const shown = `${section}:${projectName ?? ''}`;
    const moved = shownBefore.current !== null && shownBefore.current !== shown;
    shownBefore.current = shown;
    return moved ? focusHeadingWhenShown(`${section}-heading`) : undefined;
  }, [section, projectName]);

  switch (section) {
    case 'reports':
      return <ReportsSection model={page.reports} />;
    case 'projects':
      return <ProjectsSection model={page.projects} />;
    case 'project':
      return (
        <ProjectPage
          name={route.name}
          test={route.test}
          projectsHref={formatRoute({ section: 'projects', list: page.projects.list.state.value })}
        />
      );
    case 'settings':
      return <SettingsSection />;
  }
}

/** Focuses the heading, at once or as soon as it is rendered (Settings loads on its first visit). */
function focusHeadingWhenShown(id: string): () => void {
  const focus = () => {
    const heading = document.getElementById(id);
    if (!heading) return false;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus();
    return true;
  };
  if (focus()) return () => {};
  const observer = new MutationObserver(() => focus() && observer.disconnect());
  observer.observe(document.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}
