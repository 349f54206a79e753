// The stand-in's contract, driven with the real @supabase/supabase-js over HTTP and WebSocket against one server.
import { after } from 'node:test';
import { stopLocalSupabase } from './support/localSupabase.ts';
import './suites/restReads.ts';
import './suites/restWrites.ts';
import './suites/rowLevelSecurity.ts';
import './suites/errors.ts';
import './suites/auth.ts';
import './suites/realtime.ts';
import './suites/storage.ts';
import './suites/cors.ts';
import './suites/crossSite.ts';
import './suites/functions.ts';
import './suites/reset.ts';

after(stopLocalSupabase);
