-- Analytics events (spec §9), recorded by the site instead of a cloud analytics service. No IP address is stored.
create table public.analytics_events (
  id bigint generated always as identity primary key,
  name text not null,
  payload jsonb not null default '{}',
  route text,
  created_at timestamptz not null default now(),
  constraint analytics_events_name_known check (
    name in (
      'userInApp',
      'userRoutes',
      'userRoutesFromFooter',
      'userCancelNewsletterPopup',
      'userViewsCV',
      'userSearchForProject',
      'userViewsTheProject',
      'userSearchForTutorial',
      'userPlaysATutorial',
      'userViewsAllTutorials',
      'userSearchForCourse',
      'userViewsACourse',
      'userClicksOnAd'
    )
  ),
  constraint analytics_events_payload_object check (jsonb_typeof(payload) = 'object'),
  constraint analytics_events_payload_size check (pg_column_size(payload) <= 2048),
  constraint analytics_events_route_length check (char_length(route) <= 2048)
);

comment on table public.analytics_events is 'Visitor events (spec §9). Written by visitors, read only by the owner.';
comment on column public.analytics_events.payload is 'Event details as a JSON object, e.g. {"searchTerm": "angular"} (at most 2 KB).';

create index analytics_events_name_created_at_idx on public.analytics_events (name, created_at);

alter table public.analytics_events enable row level security;

create policy "Visitors can record events"
  on public.analytics_events for insert
  to anon, authenticated
  with check (jsonb_typeof(payload) = 'object' and pg_column_size(payload) <= 2048);

-- Only name, payload and route may come from a visitor; id and created_at are always the defaults.
revoke all on public.analytics_events from anon, authenticated;
grant insert (name, payload, route) on public.analytics_events to anon, authenticated;
