-- Mail records do not pile up. Once a day (pg_cron on hosted Supabase, the local stand-in's own schedule locally):
-- sent, cancelled and failed mail goes 30 days after its last change (failed mail is there for the owner to read and
-- send again meanwhile), pending subscriptions go once their link has expired (they were never anyone's consent), and
-- the webhook receipts that refuse replays go after a day (a signature is accepted for five minutes only).
create or replace function public.purge_mail_records()
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  finished_mail integer;
  failed_mail integer;
  expired_subscriptions integer;
  receipts integer;
begin
  delete from public.mail_outbox where status in ('sent', 'cancelled') and updated_at < now() - interval '30 days';
  get diagnostics finished_mail = row_count;
  delete from public.mail_outbox where status = 'failed' and updated_at < now() - interval '30 days';
  get diagnostics failed_mail = row_count;
  delete from public.emails where status = 'pending' and confirm_expires_at < now();
  get diagnostics expired_subscriptions = row_count;
  delete from public.mail_event_receipts where received_at < now() - interval '1 day';
  get diagnostics receipts = row_count;
  return jsonb_build_object('sentOrCancelledMail', finished_mail, 'failedMail', failed_mail,
                            'expiredSubscriptions', expired_subscriptions, 'eventReceipts', receipts);
end;
$$;

comment on function public.purge_mail_records() is
  'Daily: mail finished or failed 30 days ago, pending subscriptions whose link expired, day-old webhook receipts.';

revoke execute on function public.purge_mail_records() from public, anon, authenticated;
grant execute on function public.purge_mail_records() to service_role;

-- Scheduled here where pg_cron is enabled (hosted Supabase: Database -> Extensions); docs/owner.md has the same
-- statement for a project that enables pg_cron later. PGlite and a plain PostgreSQL have no pg_cron: the local stand-in
-- runs the purge itself.
do $$
begin
  if exists (select from pg_extension where extname = 'pg_cron') then
    perform cron.schedule('purge-mail-records', '17 3 * * *', 'select public.purge_mail_records()');
  end if;
end;
$$;
