import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Project } from '@/lib/api/types';
import type { Result } from '@/lib/api/errors';
import { callsOf, deferred, fail, makePage, makeProject, ok } from '../fakes';
import { renderApp } from '../render-app';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));

beforeEach(() => {
  fakeBrowser.reset();
});

const odd = 'Client A / Landing pages';
const table = () => screen.findByRole('table', { name: 'Projects' });

function withProjects(projects: Project[], extra: Parameters<typeof renderApp>[1] = {}) {
  let list = projects;
  return renderApp('#/projects', {
    'projects.list': (q) => ok(makePage(list, { page: q.page, perPage: q.perPage, total: list.length })),
    'projects.delete': ({ name }) => {
      list = list.filter((p) => p.name !== name);
      return ok(null);
    },
    'reports.list': () => ok(makePage([])),
    ...extra,
  });
}

describe('the Projects table', () => {
  it('shows the table when a project name is not well-formed text (a lone surrogate from JSON)', async () => {
    withProjects([makeProject(JSON.parse('"bad \\ud800 name"') as string), makeProject('fine.example')]);
    expect(within(await table()).getByRole('link', { name: 'fine.example' })).toBeTruthy();
  });
  it('shows Name, Created and the number of reports, and asks with the list state of the hash', async () => {
    const { send } = withProjects([
      makeProject(odd, { reportsCount: 14 }),
      makeProject('Café – Ünïcode 日本'),
    ]);
    const projects = await table();
    const headers = within(projects)
      .getAllByRole('columnheader')
      .map((th) => th.textContent?.replace(/[▲▼↕]/g, '').trim());
    expect(headers).toEqual(['Name', 'Created', 'Reports', 'Actions']);
    expect(within(projects).getByRole('row', { name: /Client A/ }).textContent).toContain('14');
    expect(callsOf(send, 'projects.list')[0]).toEqual({
      sortBy: 'created_at',
      sort: 'desc',
      perPage: 10,
      page: 1,
    });
    expect(screen.getByRole('columnheader', { name: /Created/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
  });

  it('shows each project’s average score with its band, and “—” where it is not known', async () => {
    withProjects([
      makeProject('a.example', { reportsCount: 12, averageScore: 72.8, averageResult: 'decent' }),
      makeProject('b.example', { reportsCount: 1, averageScore: 91, averageResult: null }),
      makeProject('c.example', { reportsCount: null, averageScore: null, averageResult: null }),
    ]);
    const projects = await table();
    const headers = within(projects)
      .getAllByRole('columnheader')
      .map((th) => th.textContent?.replace(/[▲▼↕]/g, '').trim());
    expect(headers).toEqual(['Name', 'Created', 'Reports', 'Average score', 'Actions']);
    const row = (name: string) => within(projects).getByRole('row', { name: new RegExp(name) });
    const decent = within(row('a.example')).getByText('Decent · 73');
    // The same badge as a report's result: the band in words and in colour.
    expect(decent.className).toBe('result result--decent');
    expect(row('a.example').textContent).toContain('12');
    // A band the server left out is read from the score.
    expect(within(row('b.example')).getByText('Good · 91').className).toBe('result result--good');
    const unknown = within(row('c.example')).getAllByRole('cell');
    expect(unknown.map((cell) => cell.textContent)).toEqual([
      expect.any(String),
      '—',
      '—',
      expect.any(String),
    ]);
  });

  it('leaves out the Reports column when the server does not give counts', async () => {
    withProjects([makeProject('A', { reportsCount: null })]);
    const projects = await table();
    expect(within(projects).queryByRole('columnheader', { name: 'Reports' })).toBeNull();
    expect(within(projects).queryByRole('columnheader', { name: 'Average score' })).toBeNull();
  });

  it('sorts by Name, searches after a pause, and pages', async () => {
    const { send } = withProjects([makeProject('A'), makeProject('B')]);
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(window.location.hash).toBe('#/projects?sort_by=project&sort=asc&per_page=10');
    fireEvent.input(screen.getByLabelText('Search projects'), { target: { value: 'caf' } });
    await waitFor(() =>
      expect(callsOf(send, 'projects.list').at(-1)).toMatchObject({ search: 'caf', searchBy: 'project' }),
    );
    fireEvent.change(screen.getByLabelText('Per page'), { target: { value: '25' } });
    await waitFor(() =>
      expect(callsOf(send, 'projects.list').at(-1)).toMatchObject({
        perPage: 25,
        sortBy: 'project',
        sort: 'asc',
      }),
    );
    expect(window.location.hash).toBe('#/projects?search=caf&sort_by=project&sort=asc&per_page=25');
  });

  it('links a project’s name to its own page, and “Reports” to Reports filtered by that project', async () => {
    const { send } = withProjects([makeProject(odd)]);
    await table();
    const page = screen.getByRole('link', { name: odd });
    expect(page.getAttribute('href')).toBe('#/projects/Client%20A%20%2F%20Landing%20pages');
    const link = screen.getByRole('link', { name: `Reports of ${odd}` });
    expect(link.getAttribute('href')).toBe('#/reports?project=Client%20A%20%2F%20Landing%20pages');
    window.location.hash = link.getAttribute('href')!;
    expect(await screen.findByRole('table', { name: 'Reports' })).toBeTruthy();
    await waitFor(() => expect(callsOf(send, 'reports.list')[0]).toMatchObject({ project: odd }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Reports' })),
    );
  });

  it('says why it is empty, and how projects come to exist', async () => {
    withProjects([]);
    expect(
      await screen.findByText(
        'No projects yet. The service groups your reports into projects as you create them.',
      ),
    ).toBeTruthy();
  });
});

describe('deleting a project', () => {
  it('says it is permanent and deletes only once the exact name is typed', async () => {
    const { send } = withProjects([makeProject(odd), makeProject('Other')]);
    await table();
    const opener = screen.getByRole('button', { name: `Delete project ${odd}` });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Delete project?' });
    expect(dialog.textContent).toContain('permanent');
    const confirm = within(dialog).getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
    const name = within(dialog).getByLabelText('Type the project’s name to confirm');
    expect(confirm.disabled).toBe(true);
    fireEvent.input(name, { target: { value: 'client a / landing pages' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.input(name, { target: { value: odd } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsOf(send, 'projects.delete')).toEqual([{ name: odd }]);
    await waitFor(() => expect(screen.queryByRole('link', { name: odd })).toBeNull());
    expect(screen.getByRole('link', { name: 'Other' })).toBeTruthy();
  });

  it('starts each dialog with an empty name, and Cancel changes nothing', async () => {
    const { send } = withProjects([makeProject('A'), makeProject('B')]);
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Delete project A' }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.input(within(dialog).getByRole('textbox'), { target: { value: 'A' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Delete project B' }));
    dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByRole('textbox') as HTMLInputElement).value).toBe('');
    expect(callsOf(send, 'projects.delete')).toEqual([]);
  });

  it('accepts the name however its accents were composed (NFC), but not another name', async () => {
    const composed = 'Caf\u00e9 Ünïcode';
    const { send } = withProjects([makeProject(composed)]);
    await table();
    fireEvent.click(screen.getByRole('button', { name: `Delete project ${composed}` }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
    const name = within(dialog).getByRole('textbox');
    fireEvent.input(name, { target: { value: 'Cafe Ünïcode' } });
    expect(confirm.disabled).toBe(true);
    // "e" followed by a combining acute accent, as some keyboards type it.
    fireEvent.input(name, { target: { value: composed.normalize('NFD') } });
    expect(composed.normalize('NFD')).not.toBe(composed);
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The service is sent the name as it knows it.
    expect(callsOf(send, 'projects.delete')).toEqual([{ name: composed }]);
  });

  it('mentions spaces at the ends of the name only when it has some', async () => {
    withProjects([makeProject('Plain name'), makeProject(' Padded  ')]);
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Delete project Plain name' }));
    let dialog = await screen.findByRole('dialog');
    const hint = () => within(dialog).getByRole('textbox').getAttribute('aria-describedby')!;
    expect(document.getElementById(hint())!.textContent).toBe('Exactly as shown, with the same capitals.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /^Delete project\s+Padded/ }));
    dialog = await screen.findByRole('dialog');
    expect(document.getElementById(hint())!.textContent).toBe(
      'Exactly as shown, with the same capitals. This name starts with a space and ends with 2 spaces: type them too.',
    );
  });

  it('stays open while the delete runs, so its failure is shown there and not in the next dialog', async () => {
    const answer = deferred<Result<null>>();
    withProjects([makeProject('A'), makeProject('B')], { 'projects.delete': () => answer.promise });
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Delete project A' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.input(within(dialog).getByRole('textbox'), { target: { value: 'A' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await within(dialog).findByText('Deleting…');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement;
    expect(cancel.disabled).toBe(true);
    fireEvent.click(cancel);
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(screen.getByRole('dialog')).toBe(dialog);

    answer.resolve(fail('server'));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Could not delete the project');
    fireEvent.click(cancel);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Delete project B' }));
    const next = await screen.findByRole('dialog');
    expect(next.textContent).toContain('B');
    expect(within(next).queryByRole('alert')).toBeNull();
  });

  it('keeps the row and says why when the delete fails', async () => {
    withProjects([makeProject('A')], { 'projects.delete': () => fail('forbidden') });
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Delete project A' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.input(within(dialog).getByRole('textbox'), { target: { value: 'A' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Could not delete the project');
    expect(alert.textContent).toContain('not allowed');
    expect(screen.getByRole('link', { name: 'A' })).toBeTruthy();
  });

  /** Opens the dialog for `name`, types it and presses Delete; resolves with the dialog. */
  async function confirmDelete(name: string) {
    fireEvent.click(screen.getByRole('button', { name: `Delete project ${name}` }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.input(within(dialog).getByRole('textbox'), { target: { value: name } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    return dialog;
  }

  it('keeps the row when the delete is not confirmed as done, even on a “not found”', async () => {
    // The client answers ok for a project it checked is gone; any error means it may still be there.
    withProjects([makeProject('A')], { 'projects.delete': () => fail('not_found') });
    await table();
    const dialog = await confirmDelete('A');
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Could not delete the project');
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(screen.getByRole('link', { name: 'A' })).toBeTruthy();
  });

  it('says when the service cannot take the name, offers its reports instead, and no Retry', async () => {
    const refused =
      'The service cannot take a “/” in an address, so the request never reached “Client A / Landing pages”. Nothing was deleted. To remove the project, delete its reports in Reports, filtered by this project.';
    const { send } = withProjects([makeProject(odd)], {
      'projects.delete': () => fail('invalid_input', { message: refused, status: 404 }),
    });
    await table();
    const dialog = await confirmDelete(odd);
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(refused);
    expect(within(alert).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.getByRole('link', { name: odd })).toBeTruthy();

    const reports = within(dialog).getByRole('link', { name: `Show the reports of ${odd}` });
    expect(reports.getAttribute('href')).toBe('#/reports?project=Client%20A%20%2F%20Landing%20pages');
    fireEvent.click(reports);
    window.location.hash = reports.getAttribute('href')!;
    expect(await screen.findByRole('table', { name: 'Reports' })).toBeTruthy();
    await waitFor(() => expect(callsOf(send, 'reports.list')[0]).toMatchObject({ project: odd }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
