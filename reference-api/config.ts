// CLI configuration: flags first, then environment variables, then defaults.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_GENERATION_DELAY_MS } from './store';

export interface CliConfig {
  port: number;
  apiKey: string;
  dataFile: string;
  generationDelayMs: number;
  seed: boolean;
  testControls: boolean;
  quiet: boolean;
}

export const DEFAULT_PORT = 8787;
/** Next to this file, so the default does not depend on the working directory. */
export const DEFAULT_DATA_FILE = fileURLToPath(new URL('./data/db.json', import.meta.url));

export const USAGE = `Usage: tsx reference-api/main.ts [options]
  --port <n>               PORT               default ${DEFAULT_PORT} (0 = any free port)
  --key <key>              API_KEY            default demo-key
  --data <file>            DATA_FILE          default reference-api/data/db.json
  --generation-delay <ms>  GENERATION_DELAY   default ${DEFAULT_GENERATION_DELAY_MS}
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
      'generation-delay': { type: 'string' },
      'no-seed': { type: 'boolean' },
      'test-controls': { type: 'boolean' },
      quiet: { type: 'boolean' },
    },
    strict: true,
  });
  const dataFile = values.data ?? env.DATA_FILE;
  return {
    port: integer('port', values.port ?? env.PORT, DEFAULT_PORT, 65535),
    apiKey: nonEmpty('key', values.key ?? env.API_KEY) ?? 'demo-key',
    dataFile: dataFile ? resolve(dataFile) : DEFAULT_DATA_FILE,
    generationDelayMs: integer(
      'generation-delay',
      values['generation-delay'] ?? env.GENERATION_DELAY,
      DEFAULT_GENERATION_DELAY_MS,
      Number.MAX_SAFE_INTEGER,
    ),
    seed: values['no-seed'] ? false : !flag(env.SEED, false),
    testControls: values['test-controls'] ?? flag(env.TEST_CONTROLS, true),
    quiet: values.quiet ?? false,
  };
}

function integer(name: string, value: string | undefined, fallback: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!/^\d+$/.test(value) || number > max)
    throw new Error(`--${name} must be a whole number from 0 to ${max}`);
  return number;
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
