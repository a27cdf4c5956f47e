// CLI configuration: flags first, then environment variables, then defaults.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { ReferenceApiOptions } from './index';
import { DEFAULT_ANALYSIS_DELAY_MS } from './settings';
import { DEFAULT_GENERATION_DELAY_MS } from './store';
import { DIALECTS, RELEASES, type Dialect, type Release } from './types';

export interface CliConfig {
  port: number;
  apiKey: string;
  dataFile: string;
  dialect: Dialect;
  release: Release;
  analysisDelayMs: number;
  generationDelayMs: number;
  /** null = no limit. */
  rateLimitPerMinute: number | null;
  numericStrings: boolean;
  laravelRouting: boolean;
  seed: boolean;
  testControls: boolean;
  quiet: boolean;
}

export const DEFAULT_PORT = 8787;
/** The real service's: 60 requests per minute per client. */
export const DEFAULT_CLI_RATE_LIMIT = 60;
/** Next to this file, so the default does not depend on the working directory. */
export const DEFAULT_DATA_FILE = fileURLToPath(new URL('./data/db.json', import.meta.url));

export const USAGE = `Usage: tsx reference-api/main.ts [options]
  --port <n>               PORT               default ${DEFAULT_PORT} (0 = any free port)
  --key <key>              API_KEY            default demo-key
  --data <file>            DATA_FILE          default reference-api/data/db.json
  --dialect <name>         DIALECT            phprank (default) or api-md
  --release <version>      RELEASE            phprank: 1.5.0 (default) or 1.1.0 (result always null)
  --analysis-delay <ms>    ANALYSIS_DELAY     phprank: time to create a report, default ${DEFAULT_ANALYSIS_DELAY_MS}
  --generation-delay <ms>  GENERATION_DELAY   api-md: time a report stays pending, default ${DEFAULT_GENERATION_DELAY_MS}
  --rate-limit <n|off>     RATE_LIMIT         requests per minute, default ${DEFAULT_CLI_RATE_LIMIT} (api-md: off)
  --numeric-strings        NUMERIC_STRINGS=1  phprank: scores and counts as strings
  --laravel-routing        LARAVEL_ROUTING=1  decode %2F before routing, as Laravel does
  --no-seed                SEED=0             start empty when there is no data file
  --test-controls          TEST_CONTROLS=1    mount /__control (tests only)
  --quiet                                     no per-request log`;

export function parseConfig(argv: string[], env: Record<string, string | undefined>): CliConfig {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      key: { type: 'string' },
      data: { type: 'string' },
      dialect: { type: 'string' },
      release: { type: 'string' },
      'analysis-delay': { type: 'string' },
      'generation-delay': { type: 'string' },
      'rate-limit': { type: 'string' },
      'numeric-strings': { type: 'boolean' },
      'laravel-routing': { type: 'boolean' },
      'no-seed': { type: 'boolean' },
      'test-controls': { type: 'boolean' },
      quiet: { type: 'boolean' },
    },
    strict: true,
  });
  const dataFile = values.data ?? env.DATA_FILE;
  const dialect = oneOf('dialect', values.dialect ?? env.DIALECT, DIALECTS) ?? 'phprank';
  return {
    port: integer('port', values.port ?? env.PORT, DEFAULT_PORT, 65535),
    apiKey: nonEmpty('key', values.key ?? env.API_KEY) ?? 'demo-key',
    dataFile: dataFile ? resolve(dataFile) : DEFAULT_DATA_FILE,
    dialect,
    release: oneOf('release', values.release ?? env.RELEASE, RELEASES) ?? '1.5.0',
    analysisDelayMs: integer(
      'analysis-delay',
      values['analysis-delay'] ?? env.ANALYSIS_DELAY,
      DEFAULT_ANALYSIS_DELAY_MS,
      Number.MAX_SAFE_INTEGER,
    ),
    generationDelayMs: integer(
      'generation-delay',
      values['generation-delay'] ?? env.GENERATION_DELAY,
      DEFAULT_GENERATION_DELAY_MS,
      Number.MAX_SAFE_INTEGER,
    ),
    rateLimitPerMinute: rateLimitOf(values['rate-limit'] ?? env.RATE_LIMIT, dialect),
    numericStrings: values['numeric-strings'] ?? flag(env.NUMERIC_STRINGS, true),
    laravelRouting: values['laravel-routing'] ?? flag(env.LARAVEL_ROUTING, true),
    seed: values['no-seed'] ? false : !flag(env.SEED, false),
    testControls: values['test-controls'] ?? flag(env.TEST_CONTROLS, true),
    quiet: values.quiet ?? false,
  };
}

/** startReferenceApi()'s options for this configuration (all but testControls and log). */
export function apiOptions(config: CliConfig): ReferenceApiOptions {
  return {
    port: config.port,
    apiKey: config.apiKey,
    dataFile: config.dataFile,
    dialect: config.dialect,
    release: config.release,
    analysisDelayMs: config.analysisDelayMs,
    generationDelayMs: config.generationDelayMs,
    rateLimitPerMinute: config.rateLimitPerMinute,
    numericStrings: config.numericStrings,
    laravelRouting: config.laravelRouting,
    seed: config.seed,
  };
}

function rateLimitOf(value: string | undefined, dialect: Dialect): number | null {
  if (value === 'off') return null;
  // api-md never had a standing limit.
  if (value === undefined || value === '') return dialect === 'phprank' ? DEFAULT_CLI_RATE_LIMIT : null;
  return integer('rate-limit', value, DEFAULT_CLI_RATE_LIMIT, Number.MAX_SAFE_INTEGER);
}

function integer(name: string, value: string | undefined, fallback: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!/^\d+$/.test(value) || number > max)
    throw new Error(`--${name} must be a whole number from 0 to ${max}`);
  return number;
}

function oneOf<T extends string>(
  name: string,
  value: string | undefined,
  allowed: readonly T[],
): T | undefined {
  if (value === undefined || value === '') return undefined;
  const match = allowed.find((candidate) => candidate === value);
  if (match === undefined) throw new Error(`--${name} must be one of ${allowed.join(', ')}`);
  return match;
}

function nonEmpty(name: string, value: string | undefined): string | undefined {
  if (value === '') throw new Error(`--${name} must not be empty`);
  return value;
}

/** Whether an environment switch is set to `wanted` (1/true/yes or 0/false/no). */
function flag(value: string | undefined, wanted: boolean): boolean {
  const words = wanted ? ['1', 'true', 'yes'] : ['0', 'false', 'no'];
  return value !== undefined && words.includes(value.toLowerCase());
}
