-- The edge functions' rate limit (migration 20261124090000): public.take_rate_limit counts weighted hits per bucket
-- in a time window; visitors can neither see the hits nor call the function.
begin;
create extension if not exists pgtap with schema extensions;
select plan(21);

select has_table('public', 'rate_limit_hits', 'rate_limit_hits exists');
select hasnt_table('public', 'contact_attempts', 'the contact-only table is gone (one limiter for every write)');
select results_eq($$ select relrowsecurity from pg_class where oid = 'public.rate_limit_hits'::regclass $$,
  $$ values (true) $$, 'rate_limit_hits has row-level security');
select hasnt_column('public', 'rate_limit_hits', 'ip', 'no IP address column');
select throws_ok($$ insert into public.rate_limit_hits (bucket) values ('short') $$,
  '23514', null, 'a bucket name is at least 8 characters');

-- As a function (service role): five units in the window, then no more for that bucket.
set local role service_role;
select results_eq(
  $$ select public.take_rate_limit('client-a-0123456789', 1, 5, 600) from generate_series(1, 5) $$,
  $$ values (true), (true), (true), (true), (true) $$,
  'the first five hits of a bucket pass');
select is(public.take_rate_limit('client-a-0123456789', 1, 5, 600), false, 'the sixth is refused');
select is(public.take_rate_limit('client-a-0123456789', 1, 5, 600), false, 'and so is the seventh');
select results_eq($$ select sum(weight)::int from public.rate_limit_hits where bucket = 'client-a-0123456789' $$,
  $$ values (5) $$, 'refused hits are not counted');
select is(public.take_rate_limit('client-b-0123456789', 1, 5, 600), true, 'another bucket has its own limit');
-- Weighted: a batch of 10 analytics events takes 10 units at once, or none.
select is(public.take_rate_limit('batch-0123456789', 10, 25, 600), true, 'a batch of 10 fits in 25');
select is(public.take_rate_limit('batch-0123456789', 10, 25, 600), true, 'a second one too');
select is(public.take_rate_limit('batch-0123456789', 10, 25, 600), false, 'a third would pass the limit');
select is(public.take_rate_limit('batch-0123456789', 5, 25, 600), true, 'what still fits is taken');
select throws_ok($$ select public.take_rate_limit('client-c-0123456789', 1, 0, 600) $$,
  '22023', null, 'a limit below 1 is a mistake');
select throws_ok($$ select public.take_rate_limit(null, 1, 5, 600) $$, '22023', null, 'a bucket is required');
reset role;

-- Hits older than the window neither count nor stay (each expires with its window: migration 20261125090000).
insert into public.rate_limit_hits (bucket, created_at, expires_at)
  select 'client-d-0123456789', now() - interval '11 minutes', now() - interval '1 minute' from generate_series(1, 5);
set local role service_role;
select is(public.take_rate_limit('client-d-0123456789', 1, 5, 600), true, 'hits older than the window do not count');
reset role;
select results_eq($$ select count(*)::int from public.rate_limit_hits
                     where bucket = 'client-d-0123456789' and created_at < now() - interval '10 minutes' $$,
  $$ values (0) $$, 'hits older than the window are deleted');

-- Visitors: nothing.
set local role anon;
select set_config('request.jwt.claims', '{"role":"anon","iss":"supabase-demo"}', true);
select throws_ok($$ select * from public.rate_limit_hits $$, '42501', null, 'anon cannot read hits');
select throws_ok($$ select public.take_rate_limit('client-e-0123456789', 1, 1000, 1) $$,
  '42501', null, 'anon cannot call take_rate_limit');
reset role;
set local role authenticated;
select throws_ok($$ select public.take_rate_limit('client-e-0123456789', 1, 1000, 1) $$,
  '42501', null, 'authenticated cannot call take_rate_limit');
reset role;

select * from finish();
rollback;
