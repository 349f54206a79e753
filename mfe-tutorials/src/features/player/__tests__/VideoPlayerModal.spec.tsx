import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Tutorial } from '@site/shared-ui/rows';
import { VideoPlayerModal } from '../VideoPlayerModal.tsx';
import { youtubeEmbedUrl } from '../youtubeEmbedUrl.ts';

const tutorial: Tutorial = {
  id: '5f0c2a52-5a3e-4c2e-8a0c-0c1d2e3f4a5b',
  videoId: '_ka7eVzTXR9',
  title: 'Bootstrap 5 Landing Page from Scratch',
  description: '',
  thumbnailUrl: 'https://i.ytimg.com/vi/_ka7eVzTXR9/mqdefault.jpg',
  publishedAt: '2026-06-03T17:00:00+00:00',
  viewCount: null,
  likeCount: null,
};

describe('VideoPlayerModal', () => {
  it('shows nothing while no video plays', () => {
    render(<VideoPlayerModal tutorial={null} onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('plays the video in the privacy-enhanced YouTube player inside a dialog named for it', () => {
    render(<VideoPlayerModal tutorial={tutorial} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: tutorial.title });
    const player = dialog.querySelector('iframe');
    expect(player).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/_ka7eVzTXR9');
    expect(player).toHaveAttribute('title', `${tutorial.title} (YouTube video player)`);
    expect(player).toHaveAttribute('allowfullscreen');
  });

  it('closes with its close button', async () => {
    const onClose = jest.fn();
    render(<VideoPlayerModal tutorial={tutorial} onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Close video' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it.each<[string, string]>([
    ['dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['a/b?c', 'https://www.youtube-nocookie.com/embed/a%2Fb%3Fc'],
  ])('embeds %s at %s', (videoId, url) => {
    expect(youtubeEmbedUrl(videoId)).toBe(url);
  });
});

describe('the way to YouTube', () => {
  it('links the video on YouTube after the player, in a new tab', () => {
    render(<VideoPlayerModal tutorial={tutorial} onClose={() => {}} />);
    const link = screen.getByRole('link', { name: 'Watch on YouTube (opens in a new tab)' });
    expect(link).toHaveAttribute('href', 'https://www.youtube.com/watch?v=_ka7eVzTXR9');
    expect(document.querySelector('iframe')!.compareDocumentPosition(link)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });
});
