// Runs before `vitest run` (npm test): the end-to-end tests drive a system Chromium through playwright-core,
// which downloads no browser. Find one; on a Debian machine where we are root, install it; otherwise say
// exactly what to run and stop, rather than failing seventeen test files one by one.
import { execFileSync, spawnSync } from 'node:child_process';
import { chromiumPath as found } from './chromium-path.mjs';

const hasCjkFont = () => spawnSync('fc-list', [':lang=zh'], { encoding: 'utf8' }).stdout?.trim().length > 0;

const packages = 'chromium fonts-noto-cjk';
const command = `sudo apt-get install -y ${packages}`;

if (found() && hasCjkFont()) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = spawnSync('apt-get', ['--version']).status === 0;
if (isRoot && hasApt && !process.env.CHROMIUM_NO_INSTALL) {
  console.log(`[e2e] Chromium or a Chinese font is missing: installing ${packages} with apt-get`);
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', ...packages.split(' ')], { stdio: 'inherit', env });
  } catch {
    // Reported below with the command to run by hand.
  }
  if (found() && hasCjkFont()) process.exit(0);
}

console.error(
  [
    '',
    '[e2e] The end-to-end tests need Chromium and a Chinese font, and this machine lacks them.',
    `      Install them:   ${command}`,
    '      or point CHROMIUM_PATH at a Chromium or Chrome binary you have.',
    '      To run every other suite meanwhile:   npx vitest run --project server --project web',
    '',
  ].join('\n'),
);
process.exit(1);
