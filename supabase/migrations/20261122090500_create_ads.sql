-- Ads for the ad toast (spec §3 "Ad"); the UI shows "GET {promo_percent}% OFF!" when promo_percent is set.
create table public.ads (
  id uuid primary key default gen_random_uuid(),
  title text not null,
  description text not null default '',
  image_path text not null,
  link text not null,
  promo_percent smallint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint ads_title_length check (char_length(btrim(title)) between 1 and 100),
  constraint ads_description_length check (char_length(description) <= 300),
  constraint ads_image_path_format check (
    char_length(image_path) <= 2048
    and (image_path ~ '^https://[^[:space:]]+$' or (image_path ~ '^[A-Za-z0-9][A-Za-z0-9_./-]*$' and image_path !~ '\.\.'))
  ),
  constraint ads_link_format check (char_length(link) <= 2048 and link ~ '^https?://[^[:space:]]+$'),
  constraint ads_promo_percent_range check (promo_percent between 1 and 100)
);

comment on table public.ads is 'Ads for the toast at the bottom left; one is picked at random per visit.';
comment on column public.ads.promo_percent is 'Discount shown as "GET {promo_percent}% OFF!"; NULL shows no promo line.';

create trigger ads_set_updated_at
  before update on public.ads
  for each row execute function private.set_updated_at();

alter table public.ads enable row level security;

create policy "Ads are readable by everyone"
  on public.ads for select
  to anon, authenticated
  using (true);

revoke insert, update, delete, truncate, references, trigger on public.ads from anon, authenticated;
