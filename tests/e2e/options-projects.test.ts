// The options page's Projects section in Chromium, against the reference API.
import { beforeEach, describe, expect, it } from 'vitest';
import { checkBothSchemes, screenshot, useExtension, useReferenceApi } from './harness';
import {
  bodyRows,
  columnTexts,
  connect,
  expectListQuery,
  focusedDescription,
  projectsTable,
  reportsTable,
  requestsTo,
  waitForRows,
} from './options-helpers';

const extension = useExtension();
// The API.md dialect (project names as people chose them); phprank.test.ts runs phpRank's.
const api = useReferenceApi({ dialect: 'api-md' });

const DEFAULT_QUERY = { sort_by: 'created_at', sort: 'desc', per_page: '10', page: '1' };
const SLASHED = 'Client A / Landing pages';

beforeEach(async () => {
  api().store.reset(true);
  await connect(extension(), api());
});

async function openProjects(hash = '/projects') {
  const page = await extension().openOptions(hash);
  await bodyRows(projectsTable(page)).first().waitFor();
  return page;
}

function projectNames() {
  return api()
    .store.projects()
    .map((p) => p.project);
}

/** The look at the list that confirms a project delete (searched by its name, 100 a page). */
/** Opens the delete dialog of `name`, types the name and confirms. */
async function deleteProject(page: Awaited<ReturnType<typeof openProjects>>, name: string) {
  await page.getByRole('button', { name: `Delete project ${name}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete project?' });
  await dialog.getByLabel('Type the project’s name to confirm').fill(name);
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('Projects: list', () => {
  it('lists projects newest first with counts, sorts by Name and Created, searches and pages', async () => {
    const page = await extension().openOptions();
    await bodyRows(reportsTable(page)).first().waitFor();
    const table = projectsTable(page);
    await page.getByRole('navigation').getByRole('link', { name: 'Projects' }).click();
    await waitForRows(table, 10);
    await expectListQuery(api(), 'projects', DEFAULT_QUERY);
    const total = projectNames().length;
    await expect.poll(() => page.getByText(`${total} projects`).isVisible()).toBe(true);
    expect(await page.getByRole('columnheader', { name: 'Reports' }).isVisible()).toBe(true);
    expect(await page.getByRole('columnheader', { name: 'Created' }).getAttribute('aria-sort')).toBe(
      'descending',
    );

    await page.getByRole('button', { name: 'Name', exact: true }).click();
    await expectListQuery(api(), 'projects', { ...DEFAULT_QUERY, sort_by: 'project', sort: 'asc' });
    expect(await page.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    const byName = [...projectNames()].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
    await expect.poll(async () => (await columnTexts(table, 1))[0]).toBe(byName[0]);
    await page.getByRole('button', { name: 'Name', exact: true }).click();
    await expectListQuery(api(), 'projects', { ...DEFAULT_QUERY, sort_by: 'project', sort: 'desc' });

    await page.getByRole('button', { name: 'Created', exact: true }).click();
    await expectListQuery(api(), 'projects', DEFAULT_QUERY);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expectListQuery(api(), 'projects', { ...DEFAULT_QUERY, page: '2' });
    await expect.poll(() => page.getByText('Page 2 of 2').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expectListQuery(api(), 'projects', DEFAULT_QUERY);

    await page.getByLabel('Per page').selectOption('25');
    await expectListQuery(api(), 'projects', { ...DEFAULT_QUERY, per_page: '25' });
    await waitForRows(table, total);

    await page.getByLabel('Search projects').pressSequentially('guide', { delay: 30 });
    await expectListQuery(api(), 'projects', {
      ...DEFAULT_QUERY,
      per_page: '25',
      search: 'guide',
      search_by: 'project',
    });
    await expect
      .poll(() => columnTexts(table, 1))
      .toEqual(expect.arrayContaining(projectNames().filter((n) => n.toLowerCase().includes('guide'))));
    await waitForRows(table, projectNames().filter((n) => n.toLowerCase().includes('guide')).length);
    expect(page.url()).toContain('#/projects?search=guide&sort_by=created_at&sort=desc&per_page=25');

    await page.reload();
    await waitForRows(table, projectNames().filter((n) => n.toLowerCase().includes('guide')).length);
    expect(await page.getByLabel('Search projects').inputValue()).toBe('guide');
  });

  it('says why the list is empty', async () => {
    const page = await extension().openOptions('/projects?search=no-such-project');
    await expect.poll(() => page.getByText('No projects match “no-such-project”.').isVisible()).toBe(true);
  });

  it('opens Reports filtered by a project from its row', async () => {
    const page = await openProjects('/projects?per_page=25');
    await page.getByRole('link', { name: `Reports of ${SLASHED}`, exact: true }).click();
    const table = reportsTable(page);
    await bodyRows(table).first().waitFor();
    await expectListQuery(api(), 'reports', {
      project: SLASHED,
      sort_by: 'id',
      sort: 'desc',
      per_page: '10',
      page: '1',
    });
    expect(await page.getByRole('combobox', { name: 'Project' }).inputValue()).toBe(SLASHED);
    const expected = api()
      .store.reports()
      .filter((r) => r.project === SLASHED).length;
    await expect.poll(() => page.getByText(`${expected} reports`).isVisible()).toBe(true);
    expect(new Set(await columnTexts(table, 3))).toEqual(new Set([SLASHED]));
    expect(await focusedDescription(page)).toBe('h2:Reports');
  });
});

describe('Projects: delete', () => {
  it('asks for the name, says it is permanent, and deletes a name with a space and a slash', async () => {
    const page = await openProjects('/projects?per_page=25');
    await page.getByRole('button', { name: `Delete project ${SLASHED}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete project?' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('permanent');
    const confirm = dialog.getByRole('button', { name: 'Delete', exact: true });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Type the project’s name to confirm').fill('Client A');
    expect(await confirm.isDisabled()).toBe(true);
    expect((await checkBothSchemes(page, 'options-project-dialog')).violations).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await focusedDescription(page)).toBe(`button:Delete project ${SLASHED}`);
    expect(api().requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);

    await deleteProject(page, SLASHED);
    const [request] = api().requests.filter((r) => r.method === 'DELETE');
    expect(request?.path).toBe('/api/v1/projects/Client%20A%20%2F%20Landing%20pages');
    expect(projectNames()).not.toContain(SLASHED);
    await expect.poll(() => page.getByRole('link', { name: SLASHED, exact: true }).count()).toBe(0);
  });

  it('on a server that routes like Laravel, says a name with "/" cannot be deleted and keeps it all', async () => {
    // Laravel decodes %2F before routing: the DELETE reaches no route, and its 404 reads like the
    // project's own. The list still shows the project, so the page must not say it was deleted.
    api().controls.setLaravelRouting(true);
    const reportsBefore = api()
      .store.reports()
      .filter((report) => report.project === SLASHED)
      .map((report) => report.id);
    expect(reportsBefore.length).toBeGreaterThan(0);
    const page = await openProjects('/projects?per_page=25');
    await page.getByRole('button', { name: `Delete project ${SLASHED}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete project?' });
    await dialog.getByLabel('Type the project’s name to confirm').fill(SLASHED);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();

    const alert = dialog.getByRole('alert');
    await expect.poll(() => alert.innerText()).toContain('cannot take a “/” in an address');
    expect(await alert.innerText()).toContain('Nothing was deleted');
    expect(await alert.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    expect(await dialog.getByRole('link', { name: `Show the reports of ${SLASHED}` }).count()).toBe(1);
    await screenshot(page, 'options-project-not-routable');
    const [request] = requestsTo(api(), 'DELETE', '/api/v1/projects/Client%20A%20%2F%20Landing%20pages');
    expect(request?.status).toBe(404);
    // Everything is still on the service, and still shown.
    expect(projectNames()).toContain(SLASHED);
    expect(
      api()
        .store.reports()
        .filter((report) => report.project === SLASHED)
        .map((report) => report.id),
    ).toEqual(reportsBefore);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByRole('link', { name: SLASHED, exact: true }).count()).toBe(1);
  });

  it('deletes projects named with %, ?, # and non-Latin letters', async () => {
    const page = await openProjects('/projects?per_page=25');
    const names = {
      'Shop 100% off?': '/api/v1/projects/Shop%20100%25%20off%3F',
      'News #1': '/api/v1/projects/News%20%231',
      'Café – Ünïcode 日本': `/api/v1/projects/${encodeURIComponent('Café – Ünïcode 日本')}`,
    };
    for (const [name, path] of Object.entries(names)) {
      await deleteProject(page, name);
      expect(requestsTo(api(), 'DELETE', path)).toHaveLength(1);
      expect(projectNames()).not.toContain(name);
    }
    await expect.poll(() => bodyRows(projectsTable(page)).count()).toBe(projectNames().length);
  });

  it('keeps the row when the delete fails, and says why', async () => {
    const page = await openProjects('/projects?per_page=25');
    api().controls.forceStatus(500, 1, undefined, undefined, { method: 'DELETE' });
    await page.getByRole('button', { name: 'Delete project News #1', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox').fill('News #1');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => dialog.getByRole('alert').innerText()).toContain('Could not delete the project');
    expect(projectNames()).toContain('News #1');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByRole('link', { name: 'News #1', exact: true }).count()).toBe(1);
  });

  it('has no serious accessibility problems, in light and dark', async () => {
    const page = await openProjects();
    expect((await checkBothSchemes(page, 'options-projects')).violations).toEqual([]);
  });
});
