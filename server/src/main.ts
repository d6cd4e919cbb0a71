import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './core/config.js';
import { DEFAULT_TENANT_CODE, demoAccounts } from './db/seed.js';

async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfig();
  const { app, generatedPassword, database } = await buildApp(config);
  if (generatedPassword && config.dataDir) {
    const file = path.join(config.dataDir, 'initial-password.txt');
    writeFileSync(file, `${generatedPassword}\n`, { mode: 0o600 });
    const accounts = demoAccounts.map((a) => a.account).join(', ');
    console.log(
      [
        '',
        '==================================================================',
        ` First start: demo data created (tenant code "${DEFAULT_TENANT_CODE}").`,
        ` Accounts: ${accounts}`,
        ` Password: ${generatedPassword}`,
        ` (also written to ${file})`,
        '==================================================================',
        '',
      ].join('\n'),
    );
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `listening on http://localhost:${config.port} (${database.kind}${config.webDist ? ', serving the web app' : ', API only: web/dist not built'}) in ${Math.round(performance.now() - started)} ms`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
