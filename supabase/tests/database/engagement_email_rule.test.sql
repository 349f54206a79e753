-- The CHECK on public.emails mirrors the site's one email rule (supabase/functions/_shared/isValidEmail.ts, spec
-- §5): the same table of addresses as its unit test (_shared/__tests__/emailExamples.ts), inserted as the
-- newsletter-subscribe function does (the service role; visitors cannot write the table themselves).
begin;
create extension if not exists pgtap with schema extensions;
select plan(28);

-- refused_with: the format CHECK's 23514, or the length CHECK's (also 23514) for the over-long address.
create temporary table email_examples (address text, valid boolean, refused_with text default '23514') on commit drop;
insert into email_examples (address, valid) values
  ('ana@example.com', true),
  ('ana.silva@example.com', true),
  ('ana-silva@example.com', true),
  ('ana_silva@example.com', true),
  ('a.b-c.d@example.com', true),
  ('Ana.Silva@Example.COM', true),
  ('user123@mail-server.example.org', true),
  ('ana@mail.example.co.uk', true),
  ('ana@example.io', true),
  ('1999@example.com', true),
  ('ana@example.info', false),
  ('ana@example.c', false),
  ('ana@example.c0m', false),
  ('ana@example', false),
  ('ana.example.com', false),
  ('ana@@example.com', false),
  ('.ana@example.com', false),
  ('ana.@example.com', false),
  ('ana..silva@example.com', false),
  ('ana+news@example.com', false),
  ('ana silva@example.com', false),
  ('ana@-example.com', false),
  ('ana@example..com', false),
  ('@example.com', false),
  ('ana@', false),
  ('', false),
  ('josé@example.com', false);
insert into email_examples values (repeat('a', 245) || '@example.com', false, '23514');
grant select on email_examples to service_role;

set local role service_role;

select case when valid
  then lives_ok(format('insert into public.emails (email) values (%L) on conflict (email) do nothing', address),
    format('the database accepts %s', left(address, 40)))
  else throws_ok(format('insert into public.emails (email) values (%L)', address), refused_with, null,
    format('the database refuses %s', left(address, 40)))
  end
from email_examples;

reset role;
select * from finish();
rollback;
