-- For the owner (issue 6): analytics events counted per day (UTC) and name, newest day first in the dashboard with
-- `order by day desc`. A security-invoker view, so it shows exactly what the reader may read of analytics_events:
-- everything for the owner and the service role, nothing for visitors (who are also refused the view itself).
create view public.analytics_events_per_day
with (security_invoker = true)
as
select
  (created_at at time zone 'UTC')::date as day,
  name,
  count(*)::bigint as events
from public.analytics_events
group by 1, 2;

comment on view public.analytics_events_per_day is
  'Analytics events per day (UTC) and name. Owner only: select * from analytics_events_per_day order by day desc, events desc;';

-- Supabase's default privileges grant new views to the API roles; visitors must not read analytics.
revoke all on public.analytics_events_per_day from anon, authenticated;
grant select on public.analytics_events_per_day to service_role;
