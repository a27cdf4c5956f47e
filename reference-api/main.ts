// CLI: `npx tsx reference-api/main.ts [--port 8787] [--key demo-key] ...` (see config.ts).
import { apiOptions, parseConfig, USAGE, type CliConfig } from './config';
import { startReferenceApi } from './index';

function readConfig(): CliConfig {
  try {
    return parseConfig(process.argv.slice(2), process.env);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const api = await startReferenceApi({
    ...apiOptions(config),
    testControls: config.testControls,
    log: config.quiet ? undefined : (line) => console.log(line),
  });
  const controls = config.testControls ? `, test controls at ${api.url}/__control` : '';
  const dialect = config.dialect === 'phprank' ? `phprank ${config.release}` : config.dialect;
  console.log(
    `Reference API on ${api.url} (API key: ${api.apiKey}; ${dialect}; data: ${config.dataFile}${controls})`,
  );

  const stop = () => void api.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
