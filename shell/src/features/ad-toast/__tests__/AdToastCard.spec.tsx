import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AnalyticsEvent } from '@site/shared-ui/analyticsEvents';
import { subscribeToEvents } from '@site/shared-ui/eventBus';
import type { Ad } from '@site/shared-ui/rows';
import { AdToastCard } from '../AdToastCard.tsx';

const ad: Ad = {
  id: 'ad-1',
  title: 'Angular course bundle',
  description: 'Every Angular course in one bundle.',
  imagePath: 'https://cdn.example.com/ads/bundle.webp',
  link: 'https://www.udemy.com/course/angular-bundle/',
  promoPercent: 40,
};

describe('AdToastCard', () => {
  it('shows the image, title, description and promo, linking to the ad in a new tab', () => {
    render(<AdToastCard ad={ad} onDismissed={() => undefined} />);
    const card = screen.getByRole('complementary', { name: 'Advertisement' });
    expect(card).toHaveTextContent('Angular course bundle');
    expect(card).toHaveTextContent('Every Angular course in one bundle.');
    expect(card).toHaveTextContent('GET 40% OFF!');
    const link = screen.getByRole('link', { name: /Angular course bundle/ });
    expect(link).toHaveAttribute('href', ad.link);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    const image = card.querySelector('img');
    expect(image).toHaveAttribute('src', ad.imagePath);
    expect(image).toHaveAttribute('width', '88');
    expect(image).toHaveAttribute('height', '88');
  });

  it('has no promo line when the ad has no promo', () => {
    render(<AdToastCard ad={{ ...ad, promoPercent: null }} onDismissed={() => undefined} />);
    expect(screen.queryByText(/OFF!/)).not.toBeInTheDocument();
  });

  it('publishes userClicksOnAd with the title on click', () => {
    const events: AnalyticsEvent[] = [];
    const unsubscribe = subscribeToEvents((event) => events.push(event));
    render(<AdToastCard ad={ad} onDismissed={() => undefined} />);
    fireEvent.click(screen.getByRole('link', { name: /Angular course bundle/ }));
    expect(events).toEqual([{ name: 'userClicksOnAd', adTitle: 'Angular course bundle' }]);
    unsubscribe();
  });

  it('says it was dismissed once its close button is pressed', async () => {
    const onDismissed = jest.fn();
    render(<AdToastCard ad={ad} onDismissed={onDismissed} />);
    expect(onDismissed).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss the ad' }));
    await waitFor(() => expect(onDismissed).toHaveBeenCalledTimes(1));
  });
});
