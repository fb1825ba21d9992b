// The baseline: a bare Fastify route that returns a fixed JSON body, with no auth, no database, no
// validation. `npm run bench` compares crossbuy's real routes against it in the same run.
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';

const [file, port] = process.argv.slice(2);
const bodies = JSON.parse(readFileSync(file, 'utf8'));
const app = Fastify({ logger: false });
for (const [path, body] of Object.entries(bodies)) {
  const text = JSON.stringify(body);
  app.get(path, async (_request, reply) => reply.type('application/json; charset=utf-8').send(text));
}
await app.listen({ host: '127.0.0.1', port: Number(port) });
process.stdout.write(`bare listening on ${app.server.address().port}\n`);
