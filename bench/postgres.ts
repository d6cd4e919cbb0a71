import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface LocalPostgres {
  url: string;
  stop(): void;
}

/** A throw-away PostgreSQL server on loopback (Debian's packages), or null when none is installed. */
export function startLocalPostgres(port = 55499): LocalPostgres | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const version = readdirSync(base).sort((a, b) => Number(b) - Number(a))[0];
  const bin = path.join(base, version, 'bin');
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot)
    chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), Number(execFileSync('id', ['-g', 'postgres']).toString().trim()));
  const run = (cmd: string, args: string[]) => {
    const result = asRoot ? spawnSync('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]) : spawnSync(path.join(bin, cmd), args);
    if (result.status !== 0) throw new Error(`${cmd} failed: ${result.stderr}`);
  };
  run('initdb', ['-D', `${dir}/data`, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  run('pg_ctl', [
    '-D',
    `${dir}/data`,
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c shared_buffers=256MB`,
    '-l',
    `${dir}/log`,
    '-w',
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', `${dir}/data`, '-m', 'fast', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
