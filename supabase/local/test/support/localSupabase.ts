// One stand-in for the whole contract run (PGlite takes seconds to start): a throwaway in-memory copy of the seeded
// data on a free port, with the fixture edge functions. Suites create their own rows and clean up after themselves.
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import {
  startLocalSupabase,
  type LocalSupabase,
  type LocalSupabaseOptions,
} from '../../src/startLocalSupabase.ts';

export const fixtures = path.join(import.meta.dirname, '../fixtures');

let started: Promise<LocalSupabase> | undefined;

/** What the server logged (it runs quiet: no per-request lines). */
export const serverLog: string[] = [];

export function localSupabase(): Promise<LocalSupabase> {
  started ??= startLocalSupabase({
    port: 0,
    dataDir: 'memory',
    quiet: true,
    log: (line) => serverLog.push(line),
    functionsDir: path.join(fixtures, 'functions'),
    configToml: path.join(fixtures, 'config.toml'),
  });
  return started;
}

/** A stand-in of a test file's own (other functions, another limit), quiet, its log lines kept in `log`. */
export function ownLocalSupabase(log: string[], options: LocalSupabaseOptions = {}): Promise<LocalSupabase> {
  return startLocalSupabase({
    port: 0,
    dataDir: 'memory',
    quiet: true,
    log: (line) => log.push(line),
    ...options,
  });
}

export async function stopLocalSupabase(): Promise<void> {
  if (started) await (await started).stop();
}

function client(url: string, key: string, accessToken?: string): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
    ...(accessToken !== undefined && {
      global: { headers: { Authorization: `Bearer ${accessToken}` } },
      accessToken: async () => accessToken,
    }),
  });
}

/** A visitor (role anon): the publishable key, as the site uses it. */
export async function anonClient(): Promise<SupabaseClient> {
  const server = await localSupabase();
  return client(server.url, server.publishableKey);
}

/** The owner (role service_role): the secret key, as the dashboard and edge functions use it. */
export async function serviceClient(): Promise<SupabaseClient> {
  const server = await localSupabase();
  return client(server.url, server.secretKey);
}

/** A signed-in user (role authenticated), with a token signed by the project's signing key. */
export async function userClient(): Promise<SupabaseClient> {
  const server = await localSupabase();
  return client(server.url, server.publishableKey, await userToken(server));
}

export function userToken(server: LocalSupabase, claims: Record<string, unknown> = {}): Promise<string> {
  return server.signToken({
    role: 'authenticated',
    sub: '6f1f6d0e-4c1b-4f55-9a55-2c1e1d3b7a10',
    aud: 'authenticated',
    exp: Math.floor(Date.now() / 1000) + 3600,
    ...claims,
  });
}

/** Resolves once a line of a server's log matches; a function's log reaches it beside, not before, its answer. */
export async function logged(log: string[], pattern: RegExp): Promise<void> {
  while (!log.some((line) => pattern.test(line))) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** A value no other test uses, for rows a test creates. */
export function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}
