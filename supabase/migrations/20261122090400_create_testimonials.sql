-- What students said (spec §3 "Testimonial"); shown on /tutorials and /courses.
create table public.testimonials (
  id uuid primary key default gen_random_uuid(),
  person_name text not null,
  person_image text,
  platform public.course_platform not null,
  testimonial text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint testimonials_person_name_length check (char_length(btrim(person_name)) between 1 and 100),
  -- NULL shows the default user icon
  constraint testimonials_person_image_format check (
    char_length(person_image) <= 2048
    and (person_image ~ '^https://[^[:space:]]+$' or (person_image ~ '^[A-Za-z0-9][A-Za-z0-9_./-]*$' and person_image !~ '\.\.'))
  ),
  constraint testimonials_testimonial_length check (char_length(btrim(testimonial)) between 1 and 1000)
);

comment on table public.testimonials is 'Student testimonials; person_image NULL shows the default user icon.';
comment on column public.testimonials.person_image is 'Object path in the public storage bucket "content" (e.g. testimonials/ana.webp), an https URL, or NULL.';

create trigger testimonials_set_updated_at
  before update on public.testimonials
  for each row execute function private.set_updated_at();

alter table public.testimonials enable row level security;

create policy "Testimonials are readable by everyone"
  on public.testimonials for select
  to anon, authenticated
  using (true);

revoke insert, update, delete, truncate, references, trigger on public.testimonials from anon, authenticated;
