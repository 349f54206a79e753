-- The platforms a course or a testimonial can come from (spec §3).
create type public.course_platform as enum ('YOUTUBE', 'UDEMY', 'SKILLSHARE');

comment on type public.course_platform is 'Where a course is sold or a testimonial was left.';
