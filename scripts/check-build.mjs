// What the production builds hand to a browser, checked after `npm run build` and `npm run build:firefox`:
// each manifest against its committed snapshot, the security rules it must meet (checked on their own, so
// `--update` can never bless a wider permission), no source maps, and addons.mozilla.org's linter on the
// Firefox build (`web-ext lint`: any error fails, warnings are listed).
//
//   node scripts/check-build.mjs            check
//   node scripts/check-build.mjs --update   rewrite the snapshots from the builds, then check
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as prettier from 'prettier';
import webExt from 'web-ext';

const update = process.argv.includes('--update');

const PERMISSIONS = ['storage', 'activeTab', 'alarms', 'contextMenus'];
// Chrome's side panel needs `sidePanel` (no install warning); Firefox's sidebar_action needs none.
const CHROME_PERMISSIONS = [...PERMISSIONS, 'sidePanel'];
// The service's origins, asked for at run time one at a time (wxt.config.ts); never granted up front.
const OPTIONAL_ORIGINS = ['https://*/*', 'http://localhost/*', 'http://127.0.0.1/*', 'http://[::1]/*'];
// API permissions asked for at run time, in the click that turns a setting on: `notifications` for
// notifications, `tabs` for the toolbar score. An install asks for nothing more.
const OPTIONAL_PERMISSIONS = ['notifications', 'tabs'];
// Every command the manifest declares, with the keys suggested for it (none may be a browser's own).
const COMMAND_KEYS = { 'create-report': 'Alt+Shift+C' };
// Keys that would open the extension to web pages or other extensions, or grant more than it asks for.
const FORBIDDEN_KEYS = [
  'host_permissions',
  'externally_connectable',
  'web_accessible_resources',
  'content_scripts',
  'sandbox',
  'key',
  'update_url',
];
// Sources that would let a script run from anywhere but the extension's own files.
const UNSAFE_CSP_SOURCES =
  /'unsafe-eval'|'unsafe-inline'|'unsafe-hashes'|\*|\bhttps?:|\bdata:|\bblob:|\bws:|\bwss:/;
const VERSION_PLACEHOLDER = '(package.json version)';

const builds = [
  { name: 'chrome-mv3', manifestVersion: 3 },
  { name: 'firefox-mv2', manifestVersion: 2 },
].map((build) => ({
  ...build,
  dir: join('.output', build.name),
  snapshot: join('tests', 'snapshots', `manifest.${build.name}.json`),
}));

const packageVersion = JSON.parse(readFileSync('package.json', 'utf8')).version;

let failures = 0;
/** One check's line; `details` say what was wrong (shown on failure) or what to know (`show: true`). */
function report(ok, line, details = [], { show = false } = {}) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${line}`);
  if (!ok || show) for (const detail of details) console.log(`       ${detail}`);
  if (!ok) failures++;
}

const sameList = (actual, expected) =>
  Array.isArray(actual) &&
  actual.length === expected.length &&
  [...actual].sort().join('\n') === [...expected].sort().join('\n');

// ---------------------------------------------------------------------------------------------------
// Security rules, whatever the snapshot says

function cspProblems(csp, manifestVersion) {
  if (csp === undefined) return [];
  const policies =
    manifestVersion === 2 ? { extension: csp } : typeof csp === 'object' && csp !== null ? csp : { csp };
  const problems = [];
  for (const [where, policy] of Object.entries(policies)) {
    if (typeof policy !== 'string') {
      problems.push(`${where}: not a policy string`);
      continue;
    }
    for (const directive of policy.split(';').map((d) => d.trim())) {
      const [name, ...sources] = directive.split(/\s+/);
      if (!['script-src', 'object-src', 'default-src', 'worker-src'].includes(name)) continue;
      const unsafe = sources.filter((source) => UNSAFE_CSP_SOURCES.test(source));
      if (unsafe.length) problems.push(`${where}: ${name} allows ${unsafe.join(' ')}`);
    }
  }
  return problems;
}

function checkRules(build, manifest) {
  const label = build.name;
  report(
    manifest.manifest_version === build.manifestVersion,
    `${label}: manifest_version is ${build.manifestVersion}`,
  );
  report(
    manifest.version === packageVersion,
    `${label}: version ${manifest.version} is package.json's ${packageVersion}`,
  );
  report(
    sameList(manifest.permissions, build.manifestVersion === 3 ? CHROME_PERMISSIONS : PERMISSIONS),
    `${label}: permissions are exactly ${(build.manifestVersion === 3 ? CHROME_PERMISSIONS : PERMISSIONS).join(', ')}`,
    [`found: ${JSON.stringify(manifest.permissions)}`],
  );
  if (build.manifestVersion === 3) {
    report(
      sameList(manifest.optional_host_permissions, OPTIONAL_ORIGINS),
      `${label}: optional_host_permissions are exactly the service's possible origins`,
      [`found: ${JSON.stringify(manifest.optional_host_permissions)}`],
    );
    report(
      sameList(manifest.optional_permissions, OPTIONAL_PERMISSIONS),
      `${label}: optional_permissions are exactly ${OPTIONAL_PERMISSIONS.join(', ')}`,
      [`found: ${JSON.stringify(manifest.optional_permissions)}`],
    );
  } else {
    // MV2 has one list for both.
    report(
      sameList(manifest.optional_permissions, [...OPTIONAL_ORIGINS, ...OPTIONAL_PERMISSIONS]),
      `${label}: optional_permissions are exactly the service's possible origins and ${OPTIONAL_PERMISSIONS.join(', ')}`,
      [`found: ${JSON.stringify(manifest.optional_permissions)}`],
    );
  }
  const commands = manifest.commands ?? {};
  const openPopup = build.manifestVersion === 3 ? '_execute_action' : '_execute_browser_action';
  const expectedCommands = { [openPopup]: 'Alt+Shift+R', ...COMMAND_KEYS };
  report(
    sameList(Object.keys(commands), Object.keys(expectedCommands)) &&
      Object.entries(expectedCommands).every(
        ([name, keys]) => commands[name]?.suggested_key?.default === keys,
      ),
    `${label}: commands are exactly ${Object.entries(expectedCommands)
      .map(([name, keys]) => `${name} (${keys})`)
      .join(', ')}`,
    [`found: ${JSON.stringify(commands)}`],
  );
  for (const key of FORBIDDEN_KEYS) report(!(key in manifest), `${label}: no ${key}`);
  const csp = manifest.content_security_policy;
  const problems = cspProblems(csp, build.manifestVersion);
  report(
    problems.length === 0,
    `${label}: content security policy is ${csp === undefined ? "the browser's default (scripts from the extension only)" : 'strict'}`,
    problems,
  );
  if (build.name.startsWith('firefox')) {
    const gecko = manifest.browser_specific_settings?.gecko;
    report(typeof gecko?.id === 'string' && gecko.id !== '', `${label}: has a fixed gecko id`);
    report(
      sameList(gecko?.data_collection_permissions?.required, ['none']),
      `${label}: declares that it collects no data (data_collection_permissions: none)`,
    );
  }
}

// ---------------------------------------------------------------------------------------------------
// Snapshots

/** The manifest as snapshotted: the version is package.json's business, not a change of the manifest. */
function normalise(manifest) {
  return { ...manifest, version: VERSION_PLACEHOLDER };
}

/** Line diff (longest common subsequence): small files, so the quadratic table is fine. */
function lineDiff(before, after) {
  const a = before.split('\n');
  const b = after.split('\n');
  const lcs = Array.from({ length: a.length + 1 }, () => new Array(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  const lines = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      lines.push(`  ${a[i++]}`);
      j++;
    } else if (i < a.length && (j === b.length || lcs[i + 1][j] >= lcs[i][j + 1])) {
      lines.push(`- ${a[i++]}`);
    } else {
      lines.push(`+ ${b[j++]}`);
    }
  }
  return lines;
}

async function checkSnapshot(build, manifest) {
  const built = normalise(manifest);
  if (update) {
    const config = (await prettier.resolveConfig(build.snapshot)) ?? {};
    const text = await prettier.format(JSON.stringify(built), { ...config, parser: 'json' });
    writeFileSync(build.snapshot, text);
    console.log(`     ${build.name}: wrote ${build.snapshot}`);
  }
  if (!existsSync(build.snapshot)) {
    report(false, `${build.name}: no snapshot at ${build.snapshot} (run npm run check:build -- --update)`);
    return;
  }
  // Compared as data (the committed file is formatted by prettier), shown as indented JSON.
  const expected = JSON.stringify(JSON.parse(readFileSync(build.snapshot, 'utf8')), null, 2);
  const actual = JSON.stringify(built, null, 2);
  const same = expected === actual;
  report(
    same,
    `${build.name}: manifest matches ${build.snapshot}`,
    same
      ? []
      : [
          '- snapshot, + build (review the change, then run npm run check:build -- --update):',
          ...lineDiff(expected, actual).filter((line, index, all) => nearChange(all, index)),
        ],
  );
}

/** Keeps changed lines and two lines of context around them. */
function nearChange(lines, index) {
  for (let k = Math.max(0, index - 2); k <= Math.min(lines.length - 1, index + 2); k++) {
    if (!lines[k].startsWith('  ')) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------
// Source maps: a production build ships none (they would publish the sources and bloat the package).

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name));
}

function checkSourceMaps(build) {
  const files = filesUnder(build.dir);
  const maps = files.filter((file) => file.endsWith('.map'));
  report(maps.length === 0, `${build.name}: no .map files`, maps);
  const linked = files
    .filter((file) => /\.(m?js|css|html)$/.test(file))
    .filter((file) => /[#@]\s*sourceMappingURL=/.test(readFileSync(file, 'utf8')));
  report(linked.length === 0, `${build.name}: no sourceMappingURL comments`, linked);
}

// ---------------------------------------------------------------------------------------------------
// addons.mozilla.org's linter

async function lintFirefox(build) {
  const result = await webExt.cmd.lint(
    { sourceDir: join(process.cwd(), build.dir), output: 'none' },
    { shouldExitProgram: false },
  );
  const describe = (item) =>
    `${item.code}: ${item.message}${item.file ? ` (${item.file}${item.line ? `:${item.line}` : ''})` : ''}`;
  report(
    result.errors.length === 0,
    `${build.name}: web-ext lint, ${result.errors.length} errors, ${result.warnings.length} warnings, ${result.notices.length} notices`,
    [
      ...result.errors.map((item) => `error   ${describe(item)}`),
      // Known: UNSAFE_VAR_ASSIGNMENT for innerHTML in Preact's own DOM code (our code never sets it; lint forbids it).
      ...result.warnings.map((item) => `warning ${describe(item)}`),
      ...result.notices.map((item) => `notice  ${describe(item)}`),
    ],
    { show: true },
  );
}

// ---------------------------------------------------------------------------------------------------

for (const build of builds) {
  const manifestFile = join(build.dir, 'manifest.json');
  if (!existsSync(manifestFile)) {
    report(
      false,
      `${build.name}: ${manifestFile} is missing (build it first: npm run build, npm run build:firefox)`,
    );
    continue;
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  checkRules(build, manifest);
  await checkSnapshot(build, manifest);
  checkSourceMaps(build);
  if (build.name.startsWith('firefox')) await lintFirefox(build);
}

if (failures > 0) {
  console.error(`\n${failures} check(s) failed in ${builds.map((b) => relative('.', b.dir)).join(' and ')}.`);
  process.exit(1);
}
console.log('\nBoth production builds pass.');
