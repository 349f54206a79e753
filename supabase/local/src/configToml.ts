// What the stand-in takes from supabase/config.toml, the Supabase CLI's settings: the API port ([api] port) and the
// functions the gateway lets through without a JWT ([functions.<name>] verify_jwt = false). Read with a TOML parser,
// so every way TOML allows to write them (tables, inline tables, quoted keys, comments) is read as the CLI reads it.
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { LOCAL_SUPABASE_PORT } from './localKeys.ts';
import { paths } from './paths.ts';

interface ConfigToml {
  api?: { port?: unknown };
  functions?: Record<string, { verify_jwt?: unknown } | undefined>;
}

function readConfigToml(file: string): ConfigToml {
  if (!existsSync(file)) return {};
  return parse(readFileSync(file, 'utf8')) as ConfigToml;
}

/** The API port from config.toml, so `supabase start` and the stand-in agree (54321 when it names none). */
export function configuredPort(file = paths.configToml): number {
  const port = readConfigToml(file).api?.port;
  return typeof port === 'number' && Number.isInteger(port) ? port : LOCAL_SUPABASE_PORT;
}

/** The functions whose section in config.toml sets `verify_jwt = false`. */
export function functionsWithoutJwtCheck(file: string): Set<string> {
  const functions = readConfigToml(file).functions ?? {};
  return new Set(Object.keys(functions).filter((name) => functions[name]?.verify_jwt === false));
}
