/**
 * Files: a 1 GiB upload and download through the built server in a child process.
 * - the upload is a streamed multipart request (no buffering on either side), purpose=file-manager;
 * - the download goes through the signed address and is checked (size and SHA-256) while streaming;
 * - the child's RSS (/proc/<pid>/status VmRSS) is sampled every 100 ms: growth per phase (target < 64 MB);
 * - throughput against a plain stream copy of the same file on the same disk (target >= 50%).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { copyFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';

const root = path.resolve(import.meta.dirname, '..');
const PASSWORD = 'Bench@123456';
const SIZE = 1024 ** 3;
const PORT = 18191;
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const rate = (bytes: number, ms: number) => `${(bytes / 1024 / 1024 / (ms / 1000)).toFixed(0)} MB/s`;

/** An .mp4 the sniffer accepts: an ftyp box, then a repeated random block (no sparse or zero-page shortcuts). */
async function generate(file: string): Promise<string> {
  const hash = createHash('sha256');
  const block = randomBytes(1024 * 1024);
  const first = Buffer.from(block);
  Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isomiso2')]).copy(first);
  const out = createWriteStream(file);
  for (let written = 0; written < SIZE; written += block.length) {
    const chunk = written === 0 ? first : block;
    hash.update(chunk);
    if (!out.write(chunk)) await new Promise((r) => out.once('drain', r));
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  return hash.digest('hex');
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** Samples the child's RSS every 100 ms; `phase` answers the peak above the level at its start. */
function sampler(pid: number) {
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 100);
  return {
    async phase<T>(run: () => Promise<T>): Promise<{ result: T; before: number; growth: number }> {
      const before = rssOf(pid);
      peak = before;
      const result = await run();
      peak = Math.max(peak, rssOf(pid));
      return { result, before, growth: peak - before };
    },
    stop: () => clearInterval(timer),
  };
}

async function untilUp(url: string) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      /* not listening yet */
    }
    await sleep(50);
  }
  throw new Error('server did not start');
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** POST the file as one multipart part, streamed from disk; answers the parsed envelope. */
function uploadStreamed(file: string, token: string): Promise<{ code: number; msg: string; data: { FileUrl: string; Files: { F_FileSize: number }[] } }> {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.mp4"\r\nContent-Type: video/mp4\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        method: 'POST',
        path: '/api/upload/?purpose=file-manager',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + SIZE + tail.length,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString()));
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    req.on('error', reject);
    req.write(head);
    pipeline(createReadStream(file, { highWaterMark: 256 * 1024 }), req, { end: false })
      .then(() => req.end(tail))
      .catch(reject);
  });
}

/**
 * GET the signed address, counting (and, when asked, hashing) while the bytes arrive. The timed download only
 * counts: on two cores a client hashing at the same time would measure the client, not the server.
 */
function downloadHashed(url: string, hashing = true): Promise<{ status: number; bytes: number; sha256: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: PORT, path: url }, (res) => {
        const hash = createHash('sha256');
        let bytes = 0;
        pipeline(
          res,
          new Writable({
            highWaterMark: 256 * 1024,
            write(chunk: Buffer, _encoding, callback) {
              bytes += chunk.length;
              if (hashing) hash.update(chunk);
              callback();
            },
          }),
        ).then(() => resolve({ status: res.statusCode ?? 0, bytes, sha256: hash.digest('hex') }), reject);
      })
      .on('error', reject);
  });
}

export async function filesBench(): Promise<string[]> {
  const lines: string[] = [];
  const work = mkdtempSync(path.join(tmpdir(), 'bench-files-'));
  const dataDir = path.join(work, 'data');
  const source = path.join(work, 'source.mp4');
  let child: ChildProcess | null = null;
  try {
    const sha256 = await generate(source);

    // Baselines on the same disk, same bytes: a stream copy (what the server does, minus HTTP) and copyFile.
    let t0 = performance.now();
    await pipeline(createReadStream(source, { highWaterMark: 256 * 1024 }), createWriteStream(path.join(work, 'copy')));
    const streamCopyMs = performance.now() - t0;
    await rm(path.join(work, 'copy'));
    t0 = performance.now();
    await copyFile(source, path.join(work, 'copy'));
    const copyFileMs = performance.now() - t0;
    await rm(path.join(work, 'copy'));

    child = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), HOST: '127.0.0.1', ADMIN_PASSWORD: PASSWORD, SEED_SHOWCASE: 'false', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await untilUp(`http://127.0.0.1:${PORT}/api/login/default`);
    const login = await fetch(`http://127.0.0.1:${PORT}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'admin', password: md5(PASSWORD), code: '' }),
    }).then((r) => r.json());
    const token = login.data.Token as string;
    await sleep(1000); // let start-up allocations settle before the baseline
    const rss = sampler(child.pid!);

    const up = await rss.phase(async () => {
      const started = performance.now();
      const answer = await uploadStreamed(source, token);
      return { answer, ms: performance.now() - started };
    });
    const { answer } = up.result;
    if (answer.code !== 0) throw new Error(`upload refused: ${answer.msg}`);
    if (answer.data.Files[0].F_FileSize !== SIZE) throw new Error(`stored ${answer.data.Files[0].F_FileSize} bytes`);

    await sleep(500);
    const down = await rss.phase(async () => {
      const started = performance.now();
      const result = await downloadHashed(answer.data.FileUrl, false);
      return { ...result, ms: performance.now() - started };
    });
    rss.stop();
    const verified = await downloadHashed(answer.data.FileUrl);
    if (down.result.status !== 200 || down.result.bytes !== SIZE || verified.sha256 !== sha256) {
      throw new Error(`download mismatch: status ${down.result.status}, ${down.result.bytes} bytes, sha256 ${verified.sha256 === sha256 ? 'ok' : 'differs'}`);
    }
    const stored = await stat(path.join(dataDir, 'files')).then(
      () => true,
      () => false,
    );

    lines.push(
      `[files] plain copy of 1 GiB on this disk: stream copy ${(streamCopyMs / 1000).toFixed(2)} s (${rate(SIZE, streamCopyMs)}), fs.copyFile ${(copyFileMs / 1000).toFixed(2)} s (${rate(SIZE, copyFileMs)})`,
    );
    lines.push(
      `[files] upload 1 GiB (streamed multipart, sniffed, stored${stored ? ' on local disk' : ''}): ${(up.result.ms / 1000).toFixed(2)} s, ${rate(SIZE, up.result.ms)} = ${((streamCopyMs / up.result.ms) * 100).toFixed(0)}% of the stream copy, ${((copyFileMs / up.result.ms) * 100).toFixed(0)}% of copyFile (target >= 50%); server RSS ${mb(up.before)} MB, growth ${mb(up.growth)} MB (target < 64 MB)`,
    );
    lines.push(
      `[files] download 1 GiB (signed address; size checked, SHA-256 verified by a second download): ${(down.result.ms / 1000).toFixed(2)} s, ${rate(SIZE, down.result.ms)} = ${((streamCopyMs / down.result.ms) * 100).toFixed(0)}% of the stream copy, ${((copyFileMs / down.result.ms) * 100).toFixed(0)}% of copyFile (target >= 50%); server RSS ${mb(down.before)} MB, growth ${mb(down.growth)} MB (target < 64 MB)`,
    );
  } finally {
    if (child) await stop(child);
    rmSync(work, { recursive: true, force: true });
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) (await filesBench()).forEach((line) => console.log(line));
