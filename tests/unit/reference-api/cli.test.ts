// @vitest-environment node
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiOptions, DEFAULT_DATA_FILE, parseConfig } from '../../../reference-api/config';

describe('parseConfig', () => {
  it('has the documented defaults', () => {
    expect(parseConfig([], {})).toEqual({
      port: 8787,
      apiKey: 'demo-key',
      dataFile: DEFAULT_DATA_FILE,
      dialect: 'phprank',
      release: '1.5.0',
      analysisDelayMs: 1500,
      generationDelayMs: 2000,
      rateLimitPerMinute: 60,
      numericStrings: false,
      laravelRouting: false,
      seed: true,
      testControls: false,
      quiet: false,
    });
    expect(DEFAULT_DATA_FILE).toBe(resolve('reference-api/data/db.json'));
  });

  it('reads the environment', () => {
    const config = parseConfig([], {
      PORT: '9000',
      API_KEY: 'env-key',
      DATA_FILE: 'tmp/db.json',
      GENERATION_DELAY: '50',
      DIALECT: 'phprank',
      RELEASE: '1.1.0',
      ANALYSIS_DELAY: '250',
      RATE_LIMIT: '30',
      NUMERIC_STRINGS: '1',
      LARAVEL_ROUTING: '1',
      SEED: '0',
      TEST_CONTROLS: '1',
    });
    expect(config).toMatchObject({
      port: 9000,
      apiKey: 'env-key',
      dataFile: resolve('tmp/db.json'),
      generationDelayMs: 50,
      release: '1.1.0',
      analysisDelayMs: 250,
      rateLimitPerMinute: 30,
      numericStrings: true,
      laravelRouting: true,
      seed: false,
      testControls: true,
    });
  });

  it('has no standing rate limit in the api-md dialect, and none with "off"', () => {
    expect(parseConfig(['--dialect', 'api-md'], {})).toMatchObject({
      dialect: 'api-md',
      rateLimitPerMinute: null,
    });
    expect(parseConfig(['--dialect', 'api-md', '--rate-limit', '10'], {}).rateLimitPerMinute).toBe(10);
    expect(parseConfig(['--rate-limit', 'off'], {}).rateLimitPerMinute).toBeNull();
    expect(parseConfig([], { DIALECT: 'api-md' }).dialect).toBe('api-md');
  });

  it('gives startReferenceApi() the options of the configuration', () => {
    const config = parseConfig(['--dialect', 'api-md', '--analysis-delay', '0', '--no-seed'], {});
    expect(apiOptions(config)).toEqual({
      port: 8787,
      apiKey: 'demo-key',
      dataFile: DEFAULT_DATA_FILE,
      dialect: 'api-md',
      release: '1.5.0',
      analysisDelayMs: 0,
      generationDelayMs: 2000,
      rateLimitPerMinute: null,
      numericStrings: false,
      laravelRouting: false,
      seed: false,
    });
  });

  it('prefers flags to the environment', () => {
    const config = parseConfig(
      [
        '--port',
        '0',
        '--key',
        'flag-key',
        '--data',
        '/tmp/x.json',
        '--generation-delay',
        '10',
        '--dialect',
        'api-md',
        '--release',
        '1.1.0',
        '--analysis-delay',
        '5',
        '--rate-limit',
        '120',
        '--numeric-strings',
        '--laravel-routing',
        '--no-seed',
        '--test-controls',
        '--quiet',
      ],
      { PORT: '9000', API_KEY: 'env-key', DIALECT: 'phprank', RATE_LIMIT: '7' },
    );
    expect(config).toEqual({
      port: 0,
      apiKey: 'flag-key',
      dataFile: '/tmp/x.json',
      dialect: 'api-md',
      release: '1.1.0',
      analysisDelayMs: 5,
      generationDelayMs: 10,
      rateLimitPerMinute: 120,
      numericStrings: true,
      laravelRouting: true,
      seed: false,
      testControls: true,
      quiet: true,
    });
  });

  it.each([
    [['--port', 'http'], {}],
    [['--port', '70000'], {}],
    [['--generation-delay', '-5'], {}],
    [['--analysis-delay', 'slow'], {}],
    [['--dialect', 'laravel'], {}],
    [['--release', '1.2.0'], {}],
    [['--rate-limit', 'none'], {}],
    [[], { DIALECT: 'API.md' }],
    [['--key', ''], {}],
    [['--unknown'], {}],
    [[], { PORT: 'x' }],
  ])('rejects %j %j', (argv, env) => {
    expect(() => parseConfig(argv, env)).toThrow();
  });
});

describe('main.ts', () => {
  it('prints one line with the URL and key, serves the API, and stops on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'reference-api-cli-'));
    const child = spawn(
      resolve('node_modules/.bin/tsx'),
      [
        'reference-api/main.ts',
        '--port',
        '0',
        '--key',
        'cli-key',
        '--data',
        join(dir, 'db.json'),
        '--no-seed',
        '--quiet',
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      const line = await new Promise<string>((done, fail) => {
        child.stdout.setEncoding('utf8').once('data', (text: string) => done(text.trim()));
        child.once('exit', (code) => fail(new Error(`exited with ${code}`)));
      });
      const url = /(http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
      expect(line).toContain('cli-key');
      expect(url).toBeDefined();
      const response = await fetch(`${url}/api/v1/reports`, { headers: { Authorization: 'Bearer cli-key' } });
      expect(((await response.json()) as { meta: { total: number } }).meta.total).toBe(0);
      // phpRank's throttle: 60 a minute.
      expect(response.headers.get('x-ratelimit-limit')).toBe('60');
      expect(line).toContain('phprank 1.5.0');
    } finally {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    }
  }, 15_000);
});
