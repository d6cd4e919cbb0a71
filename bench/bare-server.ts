import Fastify from 'fastify';

/** The baseline: a bare Fastify route answering a fixed JSON body (passed on stdin), nothing else. */
const body = await new Promise<string>((resolve) => {
  let text = '';
  process.stdin.on('data', (chunk) => (text += chunk));
  process.stdin.on('end', () => resolve(text));
});
const app = Fastify();
const payload = JSON.parse(body);
app.get('/api/modules/vue', async () => payload);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('ready\n');
