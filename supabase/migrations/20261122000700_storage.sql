-- The public Storage bucket "content" holds the images that image_path, person_image and thumbnail_url point to;
-- the browser loads them from /storage/v1/object/public/content/<path>. Hosted Supabase has the `storage` schema;
-- a plain PostgreSQL (or the local stand-in) has not, and there this migration does nothing.
do $$
begin
  if to_regclass('storage.buckets') is not null then
    execute $sql$
      insert into storage.buckets (id, name, public)
      values ('content', 'content', true)
      on conflict (id) do update set public = true
    $sql$;
  end if;
end;
$$;
