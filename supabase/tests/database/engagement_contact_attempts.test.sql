-- The contact function's rate limit (migration 20261123002000): public.take_contact_attempt counts attempts per
-- client hash in a time window; visitors can neither see the attempts nor call the function.
begin;
create extension if not exists pgtap with schema extensions;
select plan(17);

select has_table('public', 'contact_attempts', 'contact_attempts exists');
select results_eq($$ select relrowsecurity from pg_class where oid = 'public.contact_attempts'::regclass $$,
  $$ values (true) $$, 'contact_attempts has row-level security');
select hasnt_column('public', 'contact_attempts', 'ip', 'no IP address column');
select throws_ok($$ insert into public.contact_attempts (client_hash) values ('short') $$,
  '23514', null, 'a client hash is at least 16 characters');

-- As the contact function (service role): five attempts in the window, then no more for that client.
set local role service_role;
select results_eq(
  $$ select public.take_contact_attempt('client-a-0123456789', 5, 600) from generate_series(1, 5) $$,
  $$ values (true), (true), (true), (true), (true) $$,
  'the first five attempts of a client pass');
select is(public.take_contact_attempt('client-a-0123456789', 5, 600), false, 'the sixth attempt is refused');
select is(public.take_contact_attempt('client-a-0123456789', 5, 600), false, 'and so is the seventh');
select results_eq($$ select count(*)::int from public.contact_attempts where client_hash = 'client-a-0123456789' $$,
  $$ values (5) $$, 'refused attempts are not counted');
select is(public.take_contact_attempt('client-b-0123456789', 5, 600), true, 'another client has its own limit');
select throws_ok($$ select public.take_contact_attempt('client-c-0123456789', 0, 600) $$,
  '22023', null, 'a limit below 1 is a mistake');
select throws_ok($$ select public.take_contact_attempt(null, 5, 600) $$, '22023', null, 'a client hash is required');
reset role;

-- Attempts older than the window neither count nor stay.
insert into public.contact_attempts (client_hash, created_at)
  select 'client-d-0123456789', now() - interval '11 minutes' from generate_series(1, 5);
set local role service_role;
select is(public.take_contact_attempt('client-d-0123456789', 5, 600), true,
  'attempts older than the window do not count');
reset role;
select results_eq($$ select count(*)::int from public.contact_attempts where created_at < now() - interval '10 minutes' $$,
  $$ values (0) $$, 'attempts older than the window are deleted');

-- Visitors: nothing.
set local role anon;
select set_config('request.jwt.claims', '{"role":"anon","iss":"supabase-demo"}', true);
select throws_ok($$ select * from public.contact_attempts $$, '42501', null, 'anon cannot read attempts');
select throws_ok($$ insert into public.contact_attempts (client_hash) values ('client-e-0123456789') $$,
  '42501', null, 'anon cannot add attempts');
select throws_ok($$ select public.take_contact_attempt('client-e-0123456789', 1000, 1) $$,
  '42501', null, 'anon cannot call take_contact_attempt');
reset role;
set local role authenticated;
select throws_ok($$ select public.take_contact_attempt('client-e-0123456789', 1000, 1) $$,
  '42501', null, 'authenticated cannot call take_contact_attempt');
reset role;

select * from finish();
rollback;
