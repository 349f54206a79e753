-- Dashboard edits of the content tables reach open pages through Supabase Realtime.
alter publication supabase_realtime
  add table public.projects, public.courses, public.testimonials, public.ads, public.videos;
