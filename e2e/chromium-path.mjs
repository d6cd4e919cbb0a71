import { existsSync } from 'node:fs';

/** The system Chromium the end-to-end tests drive: CHROMIUM_PATH, else the first of the usual Debian paths present. */
export function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter(Boolean);
  return candidates.find((file) => existsSync(file));
}
