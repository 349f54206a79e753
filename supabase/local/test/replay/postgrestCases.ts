// The requests replayed against the real PostgREST and the stand-in (postgrestReplay.test.ts): every kind of request
// the site, its edge functions and its owner send, and the errors they can meet, on the project's own schema and seed.
// Only the questions are written here; the expected answers are whatever PostgREST answers.
// Writes ask for `Prefer: tx=rollback`, so every case starts from the seeded data.

export type ReplayFeature =
  | 'select'
  | 'filter'
  | 'order'
  | 'range and count'
  | 'single object'
  | 'rpc'
  | 'insert'
  | 'update and delete'
  | 'error';

export interface ReplayCase {
  feature: ReplayFeature;
  name: string;
  /** Whose key the request carries (default: a visitor's, anon). */
  as?: 'anon' | 'service_role';
  method?: 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE';
  /** Path and query below /rest/v1/. */
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  /**
   * Where a later PostgREST than the reference binary (12.0.2) answers otherwise, and the stand-in follows the later
   * one, as hosted Supabase runs it (v14): these fields of the error body replace the reference's, with the reason.
   */
  laterPostgrest?: { status?: number; body: Record<string, unknown>; why: string };
}

const taskboard = '7eb9aac1-1234-4a32-9f3e-587dfa5c9ded';
const bakery = 'e6aafed5-c00b-43be-bc9a-7bfc4ba7c610';
const object = { Accept: 'application/vnd.pgrst.object+json' };
const rollback = 'tx=rollback';
const newProject = {
  id: '00000000-0000-4000-8000-000000000001',
  title: 'Replay Project',
  image_path: 'projects/replay.webp',
  keywords: ['replay'],
  link_to_project: 'https://example.com/replay',
  created_at: '2026-01-02T03:04:05+00:00',
  updated_at: '2026-01-02T03:04:05+00:00',
};

export const replayCases: ReplayCase[] = [
  // What the site's pages read: every column, in an order.
  { feature: 'select', name: 'every column of a table, ordered', path: 'projects?select=*&order=title.asc' },
  { feature: 'select', name: 'every column, no order', path: 'testimonials?select=*&order=id' },
  { feature: 'select', name: 'named columns', path: 'projects?select=id,title&order=created_at.desc' },
  {
    feature: 'select',
    name: 'aliases',
    path: 'projects?select=name:title,rank:featured_rank&order=title',
  },
  {
    feature: 'select',
    name: 'casts',
    path: 'projects?select=title,rank:featured_rank::text,created_at::date&order=title',
  },
  { feature: 'select', name: 'an enum and an array', path: 'courses?select=platform,keywords&order=title' },
  {
    feature: 'select',
    name: 'bigint and timestamptz columns',
    path: 'videos?select=video_id,view_count,like_count,published_at&order=video_id',
  },
  { feature: 'select', name: 'no select: every column', path: 'ads?order=title' },

  { feature: 'filter', name: 'eq on a smallint', path: 'projects?select=title&featured_rank=eq.2' },
  {
    feature: 'filter',
    name: 'neq leaves NULLs out',
    path: 'projects?select=title&featured_rank=neq.2&order=title',
  },
  { feature: 'filter', name: 'gt', path: 'projects?select=title&featured_rank=gt.1&order=title' },
  { feature: 'filter', name: 'gte', path: 'projects?select=title&featured_rank=gte.2&order=title' },
  { feature: 'filter', name: 'lt', path: 'projects?select=title&featured_rank=lt.3&order=title' },
  { feature: 'filter', name: 'lte', path: 'projects?select=title&featured_rank=lte.1&order=title' },
  {
    feature: 'filter',
    name: 'numbers compared as numbers (10 > 9)',
    path: 'videos?select=video_id&view_count=gt.900&order=video_id',
  },
  {
    feature: 'filter',
    name: 'timestamps compared as timestamps',
    path: 'courses?select=title&created_at=gte.2026-01-01&order=created_at',
  },
  { feature: 'filter', name: 'eq on an enum', path: 'courses?select=title&platform=eq.UDEMY&order=title' },
  { feature: 'filter', name: 'ilike', path: 'projects?select=title&title=ilike.*kanban*' },
  { feature: 'filter', name: 'like', path: 'projects?select=title&title=like.Taskboard*' },
  { feature: 'filter', name: 'not.ilike', path: 'projects?select=title&title=not.ilike.*a*&order=title' },
  {
    feature: 'filter',
    name: 'ilike(any)',
    path: 'projects?select=title&title=ilike(any).{*kanban*,*bakery*}&order=title',
  },
  {
    feature: 'filter',
    name: 'in on uuids',
    path: `projects?select=title&id=in.(${taskboard},${bakery})&order=title`,
  },
  {
    feature: 'filter',
    name: 'in on an enum',
    path: 'courses?select=title&platform=in.(YOUTUBE,SKILLSHARE)&order=title',
  },
  { feature: 'filter', name: 'is.null', path: 'projects?select=title&featured_rank=is.null&order=title' },
  {
    feature: 'filter',
    name: 'not.is.null',
    path: 'projects?select=title&featured_rank=not.is.null&order=featured_rank',
  },
  {
    feature: 'filter',
    name: 'cs on a text array',
    path: 'projects?select=title&keywords=cs.{angular,rxjs}&order=title',
  },
  {
    feature: 'filter',
    name: 'cd on a text array',
    path: 'projects?select=title&keywords=cd.{angular,ngrx,rxjs,css,typescript}&order=title',
  },
  {
    feature: 'filter',
    name: 'ov on a text array',
    path: 'projects?select=title&keywords=ov.{statamic,ngrx}&order=title',
  },
  {
    feature: 'filter',
    name: 'or',
    path: 'projects?select=title&or=(featured_rank.eq.1,title.ilike.*bakery*)&order=title',
  },
  {
    feature: 'filter',
    name: 'or with a nested and',
    path: 'projects?select=title&or=(featured_rank.eq.1,and(featured_rank.is.null,title.ilike.m*))&order=title',
  },
  {
    feature: 'filter',
    name: 'two filters on one column',
    path: 'projects?select=title&featured_rank=gte.1&featured_rank=lt.3&order=title',
  },
  {
    feature: 'filter',
    name: 'full-text search on a text column',
    path: 'videos?select=video_id&title=wfts(english).angular signals&order=video_id',
  },

  { feature: 'order', name: 'descending', path: 'projects?select=title&order=created_at.desc' },
  {
    feature: 'order',
    name: 'NULLs last, then a second column',
    path: 'projects?select=title,featured_rank&order=featured_rank.asc.nullslast,title.desc',
  },
  {
    feature: 'order',
    name: 'NULLs first on a descending order',
    path: 'videos?select=video_id,like_count&order=like_count.desc.nullsfirst,video_id',
  },

  {
    feature: 'range and count',
    name: 'limit',
    path: 'videos?select=video_id&order=view_count.desc.nullslast,video_id&limit=3',
  },
  {
    feature: 'range and count',
    name: 'limit and offset with an exact count: 206',
    path: 'videos?select=video_id&order=published_at.desc,video_id&limit=2&offset=3',
    headers: { Prefer: 'count=exact' },
  },
  {
    feature: 'range and count',
    name: 'a Range header with an exact count',
    path: 'testimonials?select=person_name&order=person_name',
    headers: { Prefer: 'count=exact', Range: '1-2', 'Range-Unit': 'items' },
  },
  {
    feature: 'range and count',
    name: 'an exact count of every row: 200',
    path: 'ads?select=title&order=title',
    headers: { Prefer: 'count=exact' },
  },
  {
    feature: 'range and count',
    name: 'an offset past the end, with a count: 416',
    path: 'ads?select=title&offset=50',
    headers: { Prefer: 'count=exact' },
  },
  {
    feature: 'range and count',
    name: 'limit=0',
    path: 'projects?select=title&limit=0',
    headers: { Prefer: 'count=exact' },
  },
  {
    feature: 'range and count',
    name: 'HEAD with an exact count',
    method: 'HEAD',
    path: 'courses?select=id',
    headers: { Prefer: 'count=exact' },
  },
  {
    feature: 'range and count',
    name: 'an exact count of a filtered read',
    path: 'projects?select=title&featured_rank=is.null&order=title&limit=1',
    headers: { Prefer: 'count=exact' },
  },

  {
    feature: 'single object',
    name: 'one row as an object',
    path: `projects?select=title,keywords&id=eq.${taskboard}`,
    headers: object,
  },
  {
    feature: 'single object',
    name: 'no row: 406 PGRST116',
    path: 'projects?select=title&title=eq.nothing',
    headers: object,
  },
  {
    feature: 'single object',
    name: 'many rows: 406 PGRST116',
    path: 'projects?select=title',
    headers: object,
  },
  {
    feature: 'single object',
    name: 'NULLs stripped',
    path: `projects?select=title,featured_rank&id=eq.${bakery}`,
    headers: { Accept: 'application/vnd.pgrst.object+json;nulls=stripped' },
  },

  {
    feature: 'rpc',
    name: 'a set-returning function, POST, as the tutorials search calls it',
    method: 'POST',
    path: 'rpc/search_videos?select=video_id,title',
    body: { search_term: 'angular', sort: 'views' },
  },
  {
    feature: 'rpc',
    name: 'the first load: an empty term, sorted by recent',
    method: 'POST',
    path: 'rpc/search_videos?select=video_id',
    body: { search_term: '', sort: 'recent' },
  },
  {
    feature: 'rpc',
    name: 'GET with arguments in the query, a filter, an order and a limit',
    path: 'rpc/search_videos?search_term=signals&select=video_id,view_count&view_count=gt.100&order=video_id&limit=2',
  },
  {
    feature: 'rpc',
    name: 'a set-returning function with a range and a count',
    method: 'POST',
    path: 'rpc/search_videos?select=video_id&order=video_id',
    headers: { Prefer: 'count=exact', Range: '0-1' },
    body: {},
  },
  {
    feature: 'rpc',
    name: 'the function raises (bad sort): 400 with its SQLSTATE',
    method: 'POST',
    path: 'rpc/search_videos',
    body: { search_term: 'x', sort: 'bogus' },
  },
  {
    feature: 'rpc',
    name: 'an argument the function does not take: 404 PGRST202',
    method: 'POST',
    path: 'rpc/search_videos',
    body: { nope: 1 },
  },
  {
    feature: 'rpc',
    name: 'a function visitors may not call: 401 42501',
    method: 'POST',
    path: 'rpc/claim_mail_outbox',
    body: { p_limit: 1, p_lease_seconds: 1, p_max_attempts: 1, p_give_up_after_seconds: 60 },
  },
  {
    feature: 'rpc',
    name: 'a scalar function as the owner',
    as: 'service_role',
    method: 'POST',
    path: 'rpc/take_rate_limits',
    headers: { Prefer: rollback },
    body: { p_buckets: [{ bucket: 'replay', max_hits: 5, window_seconds: 60, weight: 1 }] },
  },

  {
    feature: 'insert',
    name: 'return=minimal: 201 without a body',
    as: 'service_role',
    method: 'POST',
    path: 'projects',
    headers: { Prefer: `return=minimal,${rollback}` },
    body: newProject,
  },
  {
    feature: 'insert',
    name: 'return=representation with chosen columns',
    as: 'service_role',
    method: 'POST',
    path: 'projects?select=id,title,keywords',
    headers: { Prefer: `return=representation,${rollback}` },
    body: newProject,
  },
  {
    feature: 'insert',
    name: 'an array of rows',
    as: 'service_role',
    method: 'POST',
    path: 'projects?select=title,description',
    headers: { Prefer: `return=representation,${rollback}` },
    body: [
      { ...newProject, id: '00000000-0000-4000-8000-000000000002', title: 'One' },
      { ...newProject, id: '00000000-0000-4000-8000-000000000003', title: 'Two' },
    ],
  },
  {
    feature: 'insert',
    name: 'one row back as an object',
    as: 'service_role',
    method: 'POST',
    path: 'projects?select=title',
    headers: { Prefer: `return=representation,${rollback}`, ...object },
    body: newProject,
  },
  {
    feature: 'insert',
    name: 'missing=default: an absent key takes the default',
    as: 'service_role',
    method: 'POST',
    path: 'projects?select=title,description,keywords&columns=id,title,description,image_path,keywords,link_to_project',
    headers: { Prefer: `return=representation,missing=default,${rollback}` },
    body: [{ ...newProject, description: undefined, keywords: undefined }],
  },
  {
    feature: 'insert',
    name: 'an upsert that merges an existing row',
    as: 'service_role',
    method: 'POST',
    path: 'projects?select=id,title',
    headers: { Prefer: `return=representation,resolution=merge-duplicates,${rollback}` },
    body: { ...newProject, id: taskboard, title: 'Taskboard Renamed' },
  },
  {
    feature: 'insert',
    name: 'an upsert that ignores an existing row',
    as: 'service_role',
    method: 'POST',
    path: 'projects?select=id,title',
    headers: { Prefer: `return=representation,resolution=ignore-duplicates,${rollback}` },
    body: { ...newProject, id: taskboard },
  },
  {
    feature: 'insert',
    name: 'a visitor may not insert: 401 42501',
    method: 'POST',
    path: 'projects',
    headers: { Prefer: `return=minimal,${rollback}` },
    body: newProject,
  },
  {
    feature: 'insert',
    name: 'a check constraint: 400 23514',
    as: 'service_role',
    method: 'POST',
    path: 'projects',
    headers: { Prefer: `return=minimal,${rollback}` },
    body: { ...newProject, link_to_project: 'ftp://nope' },
  },
  {
    feature: 'insert',
    name: 'a duplicate key: 409 23505',
    as: 'service_role',
    method: 'POST',
    path: 'projects',
    headers: { Prefer: `return=minimal,${rollback}` },
    body: { ...newProject, id: taskboard },
  },
  {
    feature: 'insert',
    name: 'a column that does not exist: 400 PGRST204',
    as: 'service_role',
    method: 'POST',
    path: 'projects',
    headers: { Prefer: `return=minimal,${rollback}` },
    body: { ...newProject, nope: 1 },
    laterPostgrest: {
      body: { message: "Could not find the 'nope' column of 'projects' in the schema cache" },
      why: "later releases word PostgREST's ColumnNotFound (PGRST204) so (the source of v14, which hosted runs)",
    },
  },
  {
    feature: 'insert',
    name: 'a body that is not JSON: 400 PGRST102',
    as: 'service_role',
    method: 'POST',
    path: 'projects',
    headers: { Prefer: `return=minimal,${rollback}` },
    body: '{"title":',
  },

  {
    feature: 'update and delete',
    name: 'PATCH with return=representation',
    as: 'service_role',
    method: 'PATCH',
    path: `projects?id=eq.${taskboard}&select=title,featured_rank`,
    headers: { Prefer: `return=representation,${rollback}` },
    body: { title: 'Patched' },
  },
  {
    feature: 'update and delete',
    name: 'PATCH with return=minimal: 204',
    as: 'service_role',
    method: 'PATCH',
    path: `projects?id=eq.${taskboard}`,
    headers: { Prefer: `return=minimal,${rollback}` },
    body: { title: 'Patched' },
  },
  {
    feature: 'update and delete',
    name: 'PATCH that matches nothing',
    as: 'service_role',
    method: 'PATCH',
    path: 'projects?title=eq.nothing&select=title',
    headers: { Prefer: `return=representation,${rollback}` },
    body: { title: 'Patched' },
  },
  {
    feature: 'update and delete',
    name: 'DELETE with return=representation',
    as: 'service_role',
    method: 'DELETE',
    path: `projects?id=eq.${bakery}&select=title`,
    headers: { Prefer: `return=representation,${rollback}` },
  },
  {
    feature: 'update and delete',
    name: 'a visitor may not update: 401 42501',
    method: 'PATCH',
    path: `projects?id=eq.${taskboard}`,
    headers: { Prefer: rollback },
    body: { title: 'Patched' },
  },

  { feature: 'error', name: 'a column that does not exist: 400 42703', path: 'projects?select=nope' },
  {
    feature: 'error',
    name: 'a table that does not exist: 404',
    path: 'projets?select=*',
    laterPostgrest: {
      body: {
        code: 'PGRST205',
        message: "Could not find the table 'public.projets' in the schema cache",
        hint: "Perhaps you meant the table 'public.projects'",
      },
      why: 'later releases answer an unknown table from the schema cache (PGRST205), no longer with 42P01 from SQL',
    },
  },
  { feature: 'error', name: 'a filter on a column that does not exist', path: 'projects?nope=eq.1' },
  { feature: 'error', name: 'an unknown operator: 400 PGRST100', path: 'projects?title=nope.1' },
  { feature: 'error', name: 'an invalid uuid: 400 22P02', path: 'projects?id=eq.not-a-uuid' },
  { feature: 'error', name: 'an invalid enum value: 400 22P02', path: 'courses?platform=eq.VIMEO' },
  {
    feature: 'error',
    name: 'an order that does not parse: 400 PGRST100',
    path: 'projects?order=title.sideways',
  },
  { feature: 'error', name: 'a table visitors may not read: 401 42501', path: 'contacts?select=*' },
  {
    feature: 'error',
    name: 'a range that ends before it starts: 416',
    path: 'projects?select=title',
    headers: { Range: '3-1' },
  },
];
