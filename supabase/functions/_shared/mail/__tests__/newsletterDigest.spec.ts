// The weekly digest's clock and text (newsletterDigest.ts): the week's digest time in the owner's time zone, and an
// issue whose Markdown shows titles as text, never as Markdown of their own.
import { digestIssue, latestDigestTime } from '../newsletterDigest.ts';
import { markdownToMailHtml } from '../template/markdownToMailHtml.ts';

describe('latestDigestTime', () => {
  const monday9 = { weekday: 1, hour: 9 };

  it('is this week’s time once it has come, last week’s before it', () => {
    // Monday 30 November 2026.
    expect(
      latestDigestTime(new Date('2026-11-30T09:00:00Z'), { ...monday9, timeZone: 'UTC' }).toISOString(),
    ).toBe('2026-11-30T09:00:00.000Z');
    expect(
      latestDigestTime(new Date('2026-11-30T08:59:59Z'), { ...monday9, timeZone: 'UTC' }).toISOString(),
    ).toBe('2026-11-23T09:00:00.000Z');
    expect(
      latestDigestTime(new Date('2026-12-03T15:00:00Z'), { ...monday9, timeZone: 'UTC' }).toISOString(),
    ).toBe('2026-11-30T09:00:00.000Z');
  });

  it('is the hour of the owner’s time zone, summer or winter', () => {
    // Lisbon: UTC in winter, UTC+1 in summer.
    expect(
      latestDigestTime(new Date('2026-12-01T12:00:00Z'), {
        ...monday9,
        timeZone: 'Europe/Lisbon',
      }).toISOString(),
    ).toBe('2026-11-30T09:00:00.000Z');
    expect(
      latestDigestTime(new Date('2026-07-01T12:00:00Z'), {
        ...monday9,
        timeZone: 'Europe/Lisbon',
      }).toISOString(),
    ).toBe('2026-06-29T08:00:00.000Z');
    expect(
      latestDigestTime(new Date('2026-12-01T12:00:00Z'), {
        ...monday9,
        timeZone: 'America/New_York',
      }).toISOString(),
    ).toBe('2026-11-30T14:00:00.000Z');
  });
});

describe('digestIssue', () => {
  const imageUrl = (pathOrUrl: string) =>
    pathOrUrl.startsWith('https://')
      ? pathOrUrl
      : `https://backend.example/storage/v1/object/public/content/${pathOrUrl}`;

  it('lists each new video and course with its title, picture, link and a short description', () => {
    const issue = digestIssue(
      [
        {
          video_id: 'exEHxCV3--d',
          title: 'Signals [part 1]',
          description: 'x'.repeat(300),
          thumbnail_url: 'videos/a.webp',
        },
      ],
      [
        {
          title: 'Nest.js *fast*',
          description: 'A course.',
          image_path: 'https://cdn.example/c.webp',
          link_to_course: 'https://www.udemy.com/course/nest/',
        },
      ],
      imageUrl,
    );
    expect(issue.subject).toBe('New this week: 1 new video and 1 new course');
    const { html, imagesWithoutAlt } = markdownToMailHtml(issue.body, 'https://alexmorgan.dev');
    expect(imagesWithoutAlt).toBe(0);
    expect(html).toContain('<a href="https://www.youtube.com/watch?v=exEHxCV3--d"');
    expect(html).toContain('>Signals [part 1]</a>');
    expect(html).toContain('alt="Signals [part 1]"');
    expect(html).toContain('src="https://backend.example/storage/v1/object/public/content/videos/a.webp"');
    expect(html).toContain('>Nest.js *fast*</a>');
    expect(html).not.toContain('<em>fast</em>');
    expect(html).toContain('src="https://cdn.example/c.webp"');
    expect(html).toContain('…');
  });
});
