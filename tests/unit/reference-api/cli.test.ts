// @vitest-environment node
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DATA_FILE, parseConfig } from '../../../reference-api/config';

describe('parseConfig', () => {
  it('has the documented defaults', () => {
    expect(parseConfig([], {})).toEqual({
      port: 8787,
      apiKey: 'demo-key',
      dataFile: DEFAULT_DATA_FILE,
      generationDelayMs: 2000,
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
      SEED: '0',
      TEST_CONTROLS: '1',
    });
    expect(config).toMatchObject({
      port: 9000,
      apiKey: 'env-key',
      dataFile: resolve('tmp/db.json'),
      generationDelayMs: 50,
      seed: false,
      testControls: true,
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
        '--no-seed',
        '--test-controls',
        '--quiet',
      ],
      { PORT: '9000', API_KEY: 'env-key' },
    );
    expect(config).toEqual({
      port: 0,
      apiKey: 'flag-key',
      dataFile: '/tmp/x.json',
      generationDelayMs: 10,
      seed: false,
      testControls: true,
      quiet: true,
    });
  });

  it.each([
    [['--port', 'http'], {}],
    [['--port', '70000'], {}],
    [['--generation-delay', '-5'], {}],
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
    } finally {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    }
  }, 15_000);
});
