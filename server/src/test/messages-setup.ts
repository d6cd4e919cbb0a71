import fs from 'node:fs';
import { registerMessages, type Catalogue } from '../core/i18n/index.js';

// Unit tests use services and engine parts without the module list that registers their messages in the app;
// loading only the catalogues keeps those tests light.
const modulesDir = new URL('../modules/', import.meta.url);
for (const entry of fs.readdirSync(modulesDir, { withFileTypes: true })) {
  const file = new URL(`${entry.name}/messages.ts`, modulesDir);
  if (!entry.isDirectory() || !fs.existsSync(file)) continue;
  const { messages } = (await import(file.href)) as { messages: Catalogue };
  registerMessages(messages);
}
