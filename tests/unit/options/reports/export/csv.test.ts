// The CSV writer and the export's columns: RFC 4180 quoting (every text cell), CRLF, the BOM, formulas
// neutralised, a fixed column order in the person's language and separator, times a spreadsheet reads, an
// empty list, nothing but the columns in the file, and a name that says what it holds.
import { afterEach, describe, expect, it } from 'vitest';
import {
  BOM,
  csvField,
  csvFileName,
  localSeparator,
  neutralise,
  spreadsheetTime,
  toCsv,
  csvColumns,
  csvRecord,
  reportsCsv,
  reportsFileName,
} from '@/entrypoints/options/reports/export/csv';
import type { ExportRow } from '@/lib/export/export-row';
import { useTestLanguage } from '../../../fake-i18n';

afterEach(() => useTestLanguage('en'));

const COLUMNS = [
  'URL',
  'Project',
  'Band',
  'Score',
  'Previous score',
  'Change',
  'Privacy',
  'Created (UTC)',
  'Generated (UTC)',
  'High issues',
  'Medium issues',
  'Low issues',
  'Passed tests',
  'Failed tests (high)',
  'Failed tests (medium)',
  'Failed tests (low)',
  'Report on the service',
];
const HEADER = COLUMNS.map((name) => `"${name}"`).join(',');

function row(overrides: Partial<ExportRow> = {}): ExportRow {
  return {
    id: 1,
    url: 'example.com/pricing',
    pageUrl: 'https://www.example.com/pricing',
    serviceUrl: 'https://rank.example/reports/1',
    project: 'example.com',
    result: 'decent',
    score: 73.68421052631578,
    previousScore: 80,
    change: -6,
    privacy: 0,
    createdAt: '2026-11-20T09:14:03.000000Z',
    generatedAt: '2026-11-21T10:00:00.000000Z',
    counts: { high: 2, medium: 1, low: 0, passed: 30 },
    failed: { high: ['Title missing', 'Meta description missing'], medium: ['No favicon'], low: [] },
    ...overrides,
  };
}

describe('csvField (RFC 4180)', () => {
  it('writes numbers as they are, null as an empty cell, and quotes every text', () => {
    expect(csvField(73)).toBe('73');
    expect(csvField(0)).toBe('0');
    expect(csvField(73.5)).toBe('73.5');
    expect(csvField(null)).toBe('');
    expect(csvField('example.com/a')).toBe('"example.com/a"');
    expect(csvField('')).toBe('""');
  });

  it('quotes text holding the separators of other locales (a semicolon, a tab)', () => {
    expect(csvField('example.com/a;b')).toBe('"example.com/a;b"');
    expect(csvField('shop.example/?q=1;2')).toBe('"shop.example/?q=1;2"');
    expect(csvField('a\tb')).toBe('"a\tb"');
  });

  it('quotes a field with a comma, a quote, CR or LF, and doubles its quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('"')).toBe('""""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('line\r\nbreak')).toBe('"line\r\nbreak"');
    expect(csvField('a\rb')).toBe('"a\rb"');
  });

  it('keeps text in any script as it is (the file is UTF-8)', () => {
    expect(csvField('bücher.de/straße')).toBe('"bücher.de/straße"');
    expect(csvField('例え.jp/ページ 🙂')).toBe('"例え.jp/ページ 🙂"');
  });
});

describe('formula injection', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ['+1+1', `"'+1+1"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\t=1', `"'\t=1"`],
    ['\r=1', `"'\r=1"`],
  ])('puts a quote mark before %j', (text, field) => {
    expect(csvField(text)).toBe(field);
  });

  it('leaves those characters alone anywhere but at the start', () => {
    expect(neutralise('example.com/a=b+c-d@e')).toBe('example.com/a=b+c-d@e');
    expect(neutralise(' =1')).toBe(' =1');
  });
});

describe('toCsv', () => {
  it('starts with the BOM and ends every record, the last one too, in CRLF', () => {
    const text = toCsv(
      ['a', 'b'],
      [
        ['1', 'x,y'],
        [null, 2],
      ],
    );
    expect(text.startsWith(BOM)).toBe(true);
    expect(BOM).toBe('\uFEFF');
    expect(new TextEncoder().encode(text).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    expect(text).toBe('\uFEFF"a","b"\r\n"1","x,y"\r\n,2\r\n');
    // No bare LF anywhere outside a quoted field.
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });
});

describe('the reports file', () => {
  it('has its columns in a fixed order: full address, UTC times, failed tests by importance, the link', () => {
    expect(csvColumns()).toEqual(COLUMNS);
    expect(csvRecord(row())).toEqual([
      'https://www.example.com/pricing',
      'example.com',
      'decent',
      73.68421052631578,
      80,
      -6,
      'public',
      '2026-11-20 09:14:03',
      '2026-11-21 10:00:00',
      2,
      1,
      0,
      30,
      'Title missing; Meta description missing',
      'No favicon',
      '',
      'https://rank.example/reports/1',
    ]);
  });

  it('writes one record per report, empty cells where the service said nothing', () => {
    const text = reportsCsv([
      row(),
      row({
        id: 2,
        url: 'shop.example/a,b',
        pageUrl: null,
        serviceUrl: null,
        project: null,
        result: null,
        score: null,
        previousScore: null,
        change: null,
        privacy: 2,
        generatedAt: null,
        counts: null,
        failed: null,
      }),
      row({ id: 3, privacy: 1, result: 'good', score: 90, previousScore: 78, change: 12 }),
    ]);
    expect(text).toBe(
      `\uFEFF${HEADER}\r\n` +
        '"https://www.example.com/pricing","example.com","decent",73.68421052631578,80,-6,"public","2026-11-20 09:14:03","2026-11-21 10:00:00",2,1,0,30,"Title missing; Meta description missing","No favicon","","https://rank.example/reports/1"\r\n' +
        '"shop.example/a,b",,,,,,"password","2026-11-20 09:14:03",,,,,,,,,\r\n' +
        '"https://www.example.com/pricing","example.com","good",90,78,12,"private","2026-11-20 09:14:03","2026-11-21 10:00:00",2,1,0,30,"Title missing; Meta description missing","No favicon","","https://rank.example/reports/1"\r\n',
    );
  });

  it('in German: German headers, `;` between fields and a comma before decimals', () => {
    useTestLanguage('de');
    expect(localSeparator()).toBe(';');
    const [header, record] = reportsCsv([row()]).slice(1).split('\r\n');
    expect(header).toBe(
      '"Adresse";"Projekt";"Ergebnis";"Punkte";"Vorige Punkte";"Änderung";"Sichtbarkeit";"Erstellt (UTC)";"Erzeugt (UTC)";"Probleme (hoch)";"Probleme (mittel)";"Probleme (niedrig)";"Bestandene Tests";"Nicht bestandene Tests (hoch)";"Nicht bestandene Tests (mittel)";"Nicht bestandene Tests (niedrig)";"Bericht beim Dienst"',
    );
    expect(record).toBe(
      '"https://www.example.com/pricing";"example.com";"decent";73,68421052631578;80;-6;"public";"2026-11-20 09:14:03";"2026-11-21 10:00:00";2;1;0;30;"Title missing; Meta description missing";"No favicon";"";"https://rank.example/reports/1"',
    );
  });

  it('uses `,` in English; an empty list is the header alone', () => {
    expect(localSeparator()).toBe(',');
    expect(reportsCsv([])).toBe(`\uFEFF${HEADER}\r\n`);
  });

  it('neutralises a project name or address a server sent as a formula', () => {
    const text = reportsCsv([row({ url: '=cmd|"/c calc"!A1', pageUrl: null, project: '@evil' })]);
    const record = text.split('\r\n')[1]!;
    expect(record.startsWith(`"'=cmd|""/c calc""!A1","'@evil",`)).toBe(true);
  });

  it('holds only the columns: nothing else a row might carry reaches the file', () => {
    const extra = { ...row(), password: 'report-secret', apiKey: 'k'.repeat(60) } as ExportRow;
    const text = reportsCsv([{ ...extra, failed: null }]);
    expect(text).not.toContain('report-secret');
    expect(text).not.toContain('k'.repeat(60));
    expect(text.split('\r\n')[1]!.split(',')).toHaveLength(COLUMNS.length);
  });
});

describe('spreadsheet times', () => {
  it('are UTC as "YYYY-MM-DD HH:MM:SS", whatever zone or fraction the service sent', () => {
    expect(spreadsheetTime('2026-11-27T23:07:41.000000Z')).toBe('2026-11-27 23:07:41');
    expect(spreadsheetTime('2026-11-28T01:07:41+02:00')).toBe('2026-11-27 23:07:41');
    expect(spreadsheetTime(null)).toBeNull();
  });

  it('leave a time without a zone, or not a time, as sent', () => {
    expect(spreadsheetTime('2026-11-27 23:07:41')).toBe('2026-11-27 23:07:41');
    expect(spreadsheetTime('yesterday')).toBe('yesterday');
  });
});

describe('file names', () => {
  it('say which project, band and search the file holds, then the local date', () => {
    const now = new Date(2026, 11, 1, 23, 59);
    expect(reportsFileName(now, { project: 'example.com', result: 'bad' })).toBe(
      'page-reports-example.com-bad-2026-12-01.csv',
    );
    expect(reportsFileName(now, { search: 'pricing page' })).toBe(
      'page-reports-search-pricing-page-2026-12-01.csv',
    );
    expect(reportsFileName(now, {})).toBe('page-reports-all-2026-12-01.csv');
  });

  it('keep only letters, digits, dots, dashes and underscores of what they name', () => {
    expect(csvFileName(new Date(2027, 0, 3), '../a b/<c>', 'bücher.de')).toBe(
      'page-reports-a-b-c-bücher.de-2027-01-03.csv',
    );
  });
});
