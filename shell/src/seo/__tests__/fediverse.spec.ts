import { owner } from '@site/shared-ui/owner';
import {
  fediverseMeLink,
  fediversePost,
  fediverseProfile,
  type CourseItem,
  type VideoItem,
} from '../fediverse.ts';

const site = { origin: 'https://alexmorgan.dev', backendUrl: 'https://abc.supabase.co' };

const video: VideoItem = {
  video_id: 'exEHxCV3--d',
  title: 'Signals <in> Angular',
  description: 'What signals are & how to use them. #Angular #signals #angular #2026',
  thumbnail_url: 'videos/exEHxCV3--d.webp',
  published_at: '2026-11-04T17:00:00+00:00',
};

const course: CourseItem = {
  id: '59651fdc-b0ee-4e26-b310-701959fe21af',
  title: 'Nest.js & MongoDB',
  description: 'x'.repeat(400),
  image_path: 'https://img.example.com/nest.png',
  platform: 'SKILLSHARE',
  keywords: ['nodejs', 'c#', 'nest.js', ''],
  link_to_course: 'https://www.skillshare.com/en/classes/nest',
  created_at: '2026-05-02T10:00:00Z',
};

describe('the fediverse account', () => {
  it('is the owner, with the handle, portrait, banner and every profile link from the owner config', () => {
    const profile = fediverseProfile(site);
    expect(profile.handle).toBe(owner.fediverseHandle);
    expect(profile.name).toBe(owner.name);
    expect(profile.profileUrl).toBe('https://alexmorgan.dev/about');
    expect(profile.avatar).toEqual({
      url: `https://abc.supabase.co/storage/v1/object/public/content/${owner.portraitPath}`,
      mediaType: 'image/webp',
    });
    expect(profile.header).toEqual({
      url: 'https://alexmorgan.dev/assets/og/home.png',
      mediaType: 'image/png',
    });
    expect(profile.fields).toEqual([
      { name: 'Website', url: 'https://alexmorgan.dev/' },
      ...owner.socialProfiles.map((p) => ({ name: p.label, url: p.url })),
    ]);
    expect(profile.summaryHtml).toContain(owner.jobTitle);
  });

  it('is linked from every page with rel="me", so that Mastodon shows the site on the profile as verified', () => {
    expect(fediverseMeLink(site.origin)).toBe('<link rel="me" href="https://alexmorgan.dev/about" />');
  });

  it('posts a video as a Note: its link, its picture, its text escaped and its own #tags as hashtags', () => {
    const post = fediversePost({ kind: 'video', item: video }, site);
    expect(post.type).toBe('Note');
    expect(post.url).toBe('https://www.youtube.com/watch?v=exEHxCV3--d');
    expect(post.contentHtml).toContain(
      '<p>New video: <a href="https://www.youtube.com/watch?v=exEHxCV3--d">Signals &lt;in&gt; Angular</a></p>',
    );
    expect(post.contentHtml).toContain('<p>What signals are &amp; how to use them.</p>');
    expect(post.hashtags).toEqual([
      { name: '#angular', href: 'https://alexmorgan.dev/tutorials?q=angular' },
      { name: '#signals', href: 'https://alexmorgan.dev/tutorials?q=signals' },
    ]);
    expect(post.image).toEqual({
      url: 'https://abc.supabase.co/storage/v1/object/public/content/videos/exEHxCV3--d.webp',
      mediaType: 'image/webp',
      name: video.title,
    });
    expect(post.published).toBe('2026-11-04T17:00:00.000Z');
  });

  it('posts a course as a Note on its platform, its keywords as hashtags linked to their chip, its text shortened', () => {
    const post = fediversePost({ kind: 'course', item: course }, site);
    expect(post.contentHtml).toContain(
      '<p>New course on Skillshare: <a href="https://www.skillshare.com/en/classes/nest">Nest.js &amp; MongoDB</a></p>',
    );
    expect(post.contentHtml).toMatch(/<p>x{250,299}…<\/p>/);
    expect(post.hashtags).toEqual([
      { name: '#nodejs', href: 'https://alexmorgan.dev/courses?chip=NODEJS' },
      { name: '#c', href: 'https://alexmorgan.dev/courses?chip=C' },
      { name: '#nestjs', href: 'https://alexmorgan.dev/courses?chip=NESTJS' },
    ]);
    expect(post.image).toEqual({ url: course.image_path, mediaType: 'image/png', name: course.title });
  });

  it('posts an issue as an Article at its page in the archive, its Markdown as HTML with raw HTML left as text', () => {
    const post = fediversePost(
      {
        kind: 'issue',
        item: {
          slug: 'three-new-things',
          subject: 'Three new things',
          body_markdown: 'Hello **readers**. <script>alert(1)</script>',
          sent_at: '2026-06-01T09:02:00Z',
          queued_at: '2026-06-01T09:00:00Z',
        },
      },
      site,
    );
    expect(post.type).toBe('Article');
    expect(post.name).toBe('Three new things');
    expect(post.url).toBe('https://alexmorgan.dev/newsletter/issues/three-new-things');
    expect(post.contentHtml).toBe(
      '<p>Hello <strong>readers</strong>. &lt;script&gt;alert(1)&lt;/script&gt;</p>\n',
    );
    expect(post.summaryHtml).toBe('Hello readers. &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(post.published).toBe('2026-06-01T09:02:00.000Z');
  });
});
