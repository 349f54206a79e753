import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Tutorial } from '@site/shared-ui/rows';
import { missingDescriptionText, TutorialCard } from '../TutorialCard.tsx';
import { TutorialGrid } from '../TutorialGrid.tsx';

const tutorial: Tutorial = {
  id: 'b1d1b1c4-3c5e-4a55-9d8e-6d8bde0f3b11',
  videoId: 'cjc-bzhHM5s',
  title: 'CSS Grid Layout Crash Course',
  description: 'Rows, columns, areas and the auto-fit trick.',
  thumbnailUrl: 'https://i.ytimg.com/vi/cjc-bzhHM5s/mqdefault.jpg',
  publishedAt: '2026-09-23T17:00:00+00:00',
  viewCount: 8710,
  likeCount: 611,
};

describe('TutorialCard', () => {
  it('shows the thumbnail, title, description and counts', () => {
    render(<TutorialCard tutorial={tutorial} />);
    expect(screen.getByRole('heading', { level: 3, name: tutorial.title })).toBeInTheDocument();
    expect(screen.getByText(tutorial.description)).toBeInTheDocument();
    const image = document.querySelector('img');
    expect(image).toHaveAttribute('src', tutorial.thumbnailUrl);
    expect(image).toHaveAttribute('width', '320');
    expect(image).toHaveAttribute('height', '180');
    const stats = screen.getByRole('list', { name: 'Statistics' });
    expect(stats).toHaveTextContent('8,710 views');
    expect(stats).toHaveTextContent('611 likes');
  });

  it.each(['', '   '])('says so when the description is %j', (description) => {
    render(<TutorialCard tutorial={{ ...tutorial, description }} />);
    expect(screen.getByText('Description is not available for this video.')).toBeInTheDocument();
    expect(missingDescriptionText).toBe('Description is not available for this video.');
  });

  it('leaves out counts that are not known', () => {
    render(<TutorialCard tutorial={{ ...tutorial, likeCount: null }} />);
    expect(screen.getByRole('list', { name: 'Statistics' })).toHaveTextContent('8,710 views');
    expect(screen.queryByText(/likes?$/)).not.toBeInTheDocument();
  });

  it('shows no statistics at all without counts', () => {
    render(<TutorialCard tutorial={{ ...tutorial, viewCount: null, likeCount: null }} />);
    expect(screen.queryByRole('list', { name: 'Statistics' })).not.toBeInTheDocument();
  });

  it('plays the video from its grid, with a button named for it', async () => {
    const onPlay = jest.fn();
    const other = { ...tutorial, id: 'other', title: 'Another video' };
    render(
      <TutorialGrid
        firstLoad={false}
        placeholderCount={6}
        busy={false}
        tutorials={[other, tutorial]}
        onPlay={onPlay}
        failed={false}
        onRetry={() => {}}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: `Play Video ${tutorial.title}` }));
    expect(onPlay).toHaveBeenCalledTimes(1);
    expect(onPlay).toHaveBeenCalledWith(tutorial);
    await userEvent.click(screen.getByRole('heading', { name: other.title }));
    expect(onPlay).toHaveBeenCalledTimes(1);
  });
});
