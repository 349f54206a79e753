import {
  contentUrl,
  storageObjectUrl,
  toTestimonial,
  toTutorial,
  type TestimonialRow,
  type VideoRow,
} from '@site/shared-ui/rows';

const timestamps = { created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' };

describe('contentUrl', () => {
  it('turns a Storage path into the public URL of the content bucket', () => {
    expect(contentUrl('projects/task-board.webp')).toBe(
      'http://127.0.0.1:54321/storage/v1/object/public/content/projects/task-board.webp',
    );
    expect(contentUrl('/ads/sale.webp')).toBe(
      'http://127.0.0.1:54321/storage/v1/object/public/content/ads/sale.webp',
    );
  });

  it('keeps full URLs and empty values as they are', () => {
    expect(contentUrl('https://i.ytimg.com/vi/abc/mqdefault.jpg')).toBe(
      'https://i.ytimg.com/vi/abc/mqdefault.jpg',
    );
    expect(contentUrl('')).toBe('');
  });
});

describe('storageObjectUrl', () => {
  it('puts the path in the content bucket of the given backend, with or without its trailing slash', () => {
    expect(storageObjectUrl('https://abc.supabase.co/', 'courses/angular.webp')).toBe(
      'https://abc.supabase.co/storage/v1/object/public/content/courses/angular.webp',
    );
    expect(storageObjectUrl('https://abc.supabase.co', 'courses/angular.webp')).toBe(
      'https://abc.supabase.co/storage/v1/object/public/content/courses/angular.webp',
    );
  });
});

describe('row mappers', () => {
  it('give a testimonial without a picture an empty image, so the default icon shows', () => {
    const row: TestimonialRow = {
      ...timestamps,
      id: 't1',
      person_name: 'Ana',
      person_image: null,
      platform: 'UDEMY',
      testimonial: 'Clear and practical.',
    };
    expect(toTestimonial(row)).toEqual({
      id: 't1',
      personName: 'Ana',
      personImage: '',
      platform: 'UDEMY',
      testimonial: 'Clear and practical.',
    });
  });

  const video: VideoRow = {
    ...timestamps,
    id: 'v1',
    video_id: 'abcdefghijk',
    title: 'T',
    description: '',
    thumbnail_url: 'videos/abcdefghijk.webp',
    published_at: '2026-02-01T00:00:00Z',
    view_count: '9007199254740993',
    like_count: null,
    removed_at: null,
  };

  it('turn video counts into numbers, keeping missing counts missing', () => {
    const tutorial = toTutorial(video);
    // Past 2^53 the nearest number (the digits beyond a double's precision are lost, never the count).
    expect(tutorial.viewCount).toBe(9007199254740992);
    expect(tutorial.likeCount).toBeNull();
    expect(toTutorial({ ...video, view_count: 1200 }).viewCount).toBe(1200);
    expect(toTutorial({ ...video, view_count: '1200' }).viewCount).toBe(1200);
  });

  it('never turn a count that is not a number into NaN: it is missing instead', () => {
    const tutorial = toTutorial({ ...video, view_count: 'many', like_count: Number.NaN });
    expect(tutorial.viewCount).toBeNull();
    expect(tutorial.likeCount).toBeNull();
  });
});
