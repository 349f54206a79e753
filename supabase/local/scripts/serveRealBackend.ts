// The real PostgreSQL (17, as a new hosted project runs) with the schema and seed, and the real PostgREST on it, behind
// a gateway that serves it at /rest/v1 as Supabase's does: for the tests that need what the stand-in's one PGlite
// session cannot give, sessions that run at once (the outbox's claims under real row locks, two senders at a time).
// The edge functions' code reaches it as it reaches a project (SUPABASE_URL, the legacy service-role key, which
// PostgREST checks itself), and a test may open sessions of its own on the database's socket.
//
//   node --import tsx scripts/serveRealBackend.ts [--version 17|15]
//
// Prints one JSON line when ready, {"url", "socketDir", "port", "version"}, and stops everything when its standard
// input closes (or its parent goes).
import { createServer, request } from 'node:http';
import { parseArgs } from 'node:util';
import { LOCAL_JWT_SECRET } from '../src/localKeys.ts';
import type { PostgresVersion } from '../test/support/realPostgres.ts';
import { startRealPostgrest } from '../test/support/realPostgrest.ts';

const { values } = parseArgs({ options: { version: { type: 'string', default: '17' } } });
const postgrest = await startRealPostgrest({
  jwtSecret: LOCAL_JWT_SECRET,
  version: Number(values.version) as PostgresVersion,
  pool: 4,
});
const upstream = new URL(postgrest.url);

// /rest/v1/<path> to PostgREST's /<path>, the request and the answer passed on as they are.
const gateway = createServer((incoming, outgoing) => {
  const prefix = '/rest/v1/';
  if (!incoming.url?.startsWith(prefix)) {
    outgoing.writeHead(404, { 'Content-Type': 'text/plain' }).end('Only /rest/v1/ is served here');
    return;
  }
  const forwarded = request(
    {
      host: upstream.hostname,
      port: upstream.port,
      method: incoming.method,
      path: `/${incoming.url.slice(prefix.length)}`,
      headers: { ...incoming.headers, host: upstream.host },
    },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    },
  );
  forwarded.on('error', () => outgoing.destroy());
  incoming.pipe(forwarded);
});
await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
const { port } = gateway.address() as { port: number };

let stopping = false;
const stop = async (): Promise<void> => {
  if (stopping) return;
  stopping = true;
  gateway.close();
  gateway.closeAllConnections();
  await postgrest.stop();
  process.exit(0);
};
process.stdin.on('end', () => void stop());
process.stdin.on('close', () => void stop());
process.stdin.resume();
process.on('SIGTERM', () => void stop());

console.log(
  JSON.stringify({
    url: `http://127.0.0.1:${port}`,
    socketDir: postgrest.cluster.socketDir,
    port: postgrest.cluster.port,
    version: `${postgrest.version} on ${postgrest.cluster.version.split(' on ')[0]}`,
  }),
);
