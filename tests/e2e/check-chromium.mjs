// Pre-flight for `npm run test:e2e`: the e2e tests drive Debian's Chromium through playwright-core,
// so fail early with the install command instead of a launch error deep inside a test.
import { accessSync, constants } from 'node:fs';

const executable = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

try {
  accessSync(executable, constants.X_OK);
} catch {
  const lines = [
    `Chromium was not found at ${executable}${process.env.CHROMIUM_PATH ? ' (from $CHROMIUM_PATH)' : ''}; the e2e tests need it.`,
    'Install Debian\'s Chromium and the CJK fonts the portal renders with:',
    '',
    '    sudo apt-get update && sudo apt-get install -y chromium fonts-noto-cjk',
    '',
    '`npx playwright install` is not used: the tests drive the system Chromium through playwright-core.',
    'To use a Chromium installed elsewhere, set CHROMIUM_PATH=/path/to/chromium.',
  ];
  console.error(lines.join('\n'));
  process.exit(1);
}
