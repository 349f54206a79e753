-- A subscriber's confirmed_at says since when they are one, however they became one: the confirmation link sets it
-- (confirm_newsletter_subscription), and a row the owner adds by hand as confirmed (the default status), or sets
-- confirmed again, gets now() unless the owner gives the day they agreed. The report counts new subscribers by it.
create or replace function private.emails_confirmed_since()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status = 'confirmed' and (
       (tg_op = 'INSERT' and new.confirmed_at is null)
       or (tg_op = 'UPDATE' and old.status is distinct from 'confirmed'
           and new.confirmed_at is not distinct from old.confirmed_at)
     ) then
    new.confirmed_at := now();
  end if;
  return new;
end;
$$;

-- A trigger function: it runs when it fires, and nobody calls it.
revoke all on function private.emails_confirmed_since() from public, anon, authenticated, service_role;

create trigger emails_confirmed_since
  before insert or update of status on public.emails
  for each row execute function private.emails_confirmed_since();

-- Subscribers added by hand before: confirmed since their row was added, the best the database knows.
update public.emails set confirmed_at = created_at where status = 'confirmed' and confirmed_at is null;
