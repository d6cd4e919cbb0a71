import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerCommand {
  child: ChildProcess;
  /** The exit code (null when ended by a signal). */
  exited: Promise<number | null>;
  /** stdout and stderr so far. */
  output(): string;
}

/**
 * Runs one of the server's command-line entry points (`cluster`, `backup-cli`) as npm's scripts do: the built
 * server/dist/<name>.js (npm test builds first, and it starts in a fraction of the time tsx needs to compile the
 * sources), or the sources through tsx when nothing is built.
 */
export function runServerCommand(name: string, args: string[], env: Record<string, string>): ServerCommand {
  const built = path.join(serverRoot, 'dist', `${name}.js`);
  const entry = existsSync(built) ? [built] : ['--import', 'tsx', path.join(serverRoot, 'src', `${name}.ts`)];
  const child = spawn(process.execPath, [...entry, ...args], {
    cwd: path.resolve(serverRoot, '..'),
    env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}
