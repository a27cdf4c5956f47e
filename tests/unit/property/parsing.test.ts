// @vitest-environment node
// Properties of response parsing (entrypoints/background/service/responses.ts, lib/api/report-checks.ts): for ANY JSON value, a
// parser gives valid data or a sentence saying what was wrong, and never throws. Inputs are random JSON
// and, more often, objects shaped like the service's with any field possibly wrong.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  parseAccount,
  parseProjectPage,
  parseReport,
  parseReportPage,
  serverError,
  type Parsed,
} from '@/entrypoints/background/service/responses';
import { summarizeChecks, type ReportChecks } from '@/lib/api/report-checks';
import type { Page, Project, Report } from '@/lib/api/types';
import {
  RUNS,
  fieldValue,
  jsonValue,
  objectOf,
  pageValue,
  projectValue,
  reportValue,
  resultsValue,
  wellFormedProject,
  wellFormedReport,
  wrapped,
} from './arbitraries';

const nullOr = (check: (value: unknown) => boolean) => (value: unknown) => value === null || check(value);
const isString = (value: unknown) => typeof value === 'string';
const isCount = (value: unknown) => Number.isInteger(value) && (value as number) >= 0;

/** Valid data or a non-empty problem; never both, never neither. */
function settled<T>(parsed: Parsed<T>): T | null {
  expect(typeof parsed.ok).toBe('boolean');
  if (parsed.ok) return parsed.value;
  expect(parsed.problem).toMatch(/\S/);
  expect('value' in parsed).toBe(false);
  return null;
}

function expectReport(report: Report) {
  expect(
    typeof report.id === 'number' ? Number.isInteger(report.id) && report.id >= 0 : report.id !== '',
  ).toBe(true);
  expect(typeof report.url).toBe('string');
  expect([null, 'good', 'decent', 'bad']).toContain(report.result);
  expect(
    nullOr((score) => Number.isFinite(score) && (score as number) >= 0 && (score as number) <= 100)(
      report.score,
    ),
  ).toBe(true);
  expect([null, 0, 1, 2]).toContain(report.privacy);
  expect([null, true, false]).toContain(report.hasPassword);
  for (const date of [report.generatedAt, report.createdAt, report.updatedAt])
    expect(nullOr(isString)(date)).toBe(true);
  expect(nullOr(isString)(report.project)).toBe(true);
  // A link is only ever http(s).
  if (report.pageUrl !== null) expect(new URL(report.pageUrl).protocol).toMatch(/^https?:$/);
  // The password itself never comes through, only whether there is one.
  expect(typeof report.fields.password === 'string').toBe(false);
  if (report.checks !== null) expectChecks(report.checks);
}

function expectChecks(checks: ReportChecks) {
  const { high, medium, low, passed } = checks.counts;
  for (const count of [high, medium, low, passed]) expect(isCount(count)).toBe(true);
  expect(checks.failures).toHaveLength(high + medium + low);
  expect(high + medium + low + passed).toBeGreaterThan(0);
  for (const failure of checks.failures) {
    expect(failure.name).toMatch(/\S/);
    expect(['seo', 'performance', 'security', 'miscellaneous', 'other']).toContain(failure.category);
    expect(['high', 'medium', 'low']).toContain(failure.importance);
    if (failure.detail !== null) expect(failure.detail.length).toBeLessThanOrEqual(120);
  }
}

function expectPage<T>(page: Page<T>, expectItem: (item: T) => void) {
  expect(Array.isArray(page.items)).toBe(true);
  page.items.forEach(expectItem);
  expect(Number.isInteger(page.page) && page.page >= 1).toBe(true);
  for (const value of [page.perPage, page.total, page.lastPage, page.from, page.to])
    expect(nullOr(isCount)(value)).toBe(true);
  expect(typeof page.hasNext).toBe('boolean');
  expect(typeof page.hasPrevious).toBe('boolean');
}

function expectProject(project: Project) {
  expect(project.name).not.toBe('');
  expect(nullOr(isCount)(project.reportsCount)).toBe(true);
  expect(
    nullOr((avg) => Number.isFinite(avg) && (avg as number) >= 0 && (avg as number) <= 100)(
      project.averageScore,
    ),
  ).toBe(true);
  expect([null, 'good', 'decent', 'bad']).toContain(project.averageResult);
}

describe('parseReport', () => {
  it('gives a well-formed report or a problem, for any JSON', () => {
    fc.assert(
      fc.property(fc.oneof(jsonValue, wrapped(reportValue)), (body) => {
        const report = settled(parseReport(body));
        if (report) expectReport(report);
      }),
      RUNS,
    );
  });

  it('accepts every well-formed report, keeping its id, url and fields as sent', () => {
    fc.assert(
      fc.property(wellFormedReport, fc.boolean(), (sent, inData) => {
        const report = settled(parseReport(inData ? { data: sent, status: 200 } : sent));
        expect(report).not.toBeNull();
        expectReport(report!);
        expect(report!.id).toBe(sent.id);
        expect(report!.url).toBe(sent.url);
        // Every field as sent, a password string as whether there is one; an own "__proto__" key (JSON
        // can have one) is dropped, never followed.
        const expected = Object.entries(sent)
          .filter(([key]) => key !== '__proto__')
          .map(([key, value]) => [
            key,
            key === 'password' && typeof value === 'string' ? value !== '' : value,
          ]);
        expect(report!.fields).toEqual(Object.fromEntries(expected));
        expect(Object.getPrototypeOf(report!.fields)).toBe(Object.prototype);
      }),
      RUNS,
    );
  });
});

describe('parseReportPage and parseProjectPage', () => {
  it('accept every page of well-formed items, keeping them all in order', () => {
    const reports = fc.array(wellFormedReport, { maxLength: 4 });
    const projects = fc.array(wellFormedProject, { maxLength: 4 });
    fc.assert(
      fc.property(reports, projects, (sentReports, sentProjects) => {
        const reportPage = settled(parseReportPage({ data: sentReports, meta: { current_page: 1 } }));
        expect(reportPage!.items.map((report) => report.id)).toEqual(sentReports.map((report) => report.id));
        const projectPage = settled(parseProjectPage(sentProjects));
        expect(projectPage!.items.map((project) => project.name)).toEqual(
          sentProjects.map((project) => project.project),
        );
      }),
      RUNS,
    );
  });

  it('give a well-formed page of reports or a problem, for any JSON', () => {
    fc.assert(
      fc.property(fc.oneof(jsonValue, pageValue(reportValue)), (body) => {
        const page = settled(parseReportPage(body));
        if (page) expectPage(page, expectReport);
      }),
      RUNS,
    );
  });

  it('give a well-formed page of projects or a problem, for any JSON', () => {
    fc.assert(
      fc.property(fc.oneof(jsonValue, pageValue(projectValue)), (body) => {
        const page = settled(parseProjectPage(body));
        if (page) expectPage(page, expectProject);
      }),
      RUNS,
    );
  });
});

describe('parseAccount', () => {
  it('gives a name and plan (text or null) or a problem, for any JSON', () => {
    const account = objectOf({
      name: fieldValue('Ada', '  ', ''),
      email: fieldValue('ada@example.com', ''),
      plan: fieldValue('Pro', { name: 'Pro' }, { name: 5 }, null),
    });
    fc.assert(
      fc.property(fc.oneof(jsonValue, wrapped(account)), (body) => {
        const value = settled(parseAccount(body));
        if (!value) return;
        for (const text of [value.name, value.plan]) {
          expect(nullOr((t) => isString(t) && (t as string).trim() === t && t !== '')(text)).toBe(true);
        }
      }),
      RUNS,
    );
  });
});

describe('error bodies', () => {
  const errorBody = fc.oneof(
    jsonValue,
    objectOf({
      message: fieldValue('The url field is required.', { url: ['Bad'], password: 'Short' }, '  ', {
        url: [5],
      }),
      errors: fieldValue({ per_page: ['Choose 10'], url: 'One' }, { url: [null] }, []),
      status: fieldValue(422),
    }),
  );

  it('serverError, its fields: lists of text per field, names mapped, never a throw', () => {
    fc.assert(
      fc.property(errorBody, (body) => {
        const errors = serverError(body).fieldErrors;
        expect(Object.getPrototypeOf(errors)).toBe(Object.prototype);
        for (const [field, messages] of Object.entries(errors)) {
          expect(field).not.toBe('per_page');
          expect(Array.isArray(messages)).toBe(true);
          for (const message of messages) expect(typeof message).toBe('string');
        }
      }),
      RUNS,
    );
  });

  it('serverError, its message: trimmed non-empty text or nothing, never a throw', () => {
    fc.assert(
      fc.property(errorBody, (body) => {
        const message = serverError(body).message;
        if (message !== undefined) {
          expect(typeof message).toBe('string');
          expect(message).toBe(message.trim());
          expect(message).not.toBe('');
        }
      }),
      RUNS,
    );
  });
});

describe('summarizeChecks', () => {
  it('gives null or consistent counts and readable failures, for any JSON', () => {
    fc.assert(
      fc.property(resultsValue, (results) => {
        const checks = summarizeChecks(results);
        if (checks !== null) expectChecks(checks);
      }),
      RUNS,
    );
  });
});
