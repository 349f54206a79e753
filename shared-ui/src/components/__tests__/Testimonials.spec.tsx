import { fireEvent, render, screen, within } from '@testing-library/react';
import type { Testimonial } from '@site/shared-ui/rows';
import { TestimonialCard } from '@site/shared-ui/Testimonials';

function testimonial(overrides: Partial<Testimonial>): Testimonial {
  return {
    id: '1',
    personName: 'Ana Lima',
    personImage: '',
    platform: 'UDEMY',
    testimonial: 'Clear explanations and real projects.',
    ...overrides,
  };
}

function renderCard(overrides: Partial<Testimonial>) {
  render(<TestimonialCard testimonial={testimonial(overrides)} />);
  return screen.getByRole('figure');
}

describe('TestimonialCard', () => {
  it('quotes the testimonial and names the person in the caption', () => {
    const figure = renderCard({});
    expect(figure.querySelector('blockquote')).toHaveTextContent('Clear explanations and real projects.');
    expect(figure.querySelector('figcaption')).toHaveTextContent('Ana Lima');
    expect(figure).toHaveAccessibleName('Ana Lima');
  });

  it("shows the person's picture with reserved size, lazily", () => {
    const figure = renderCard({ personImage: 'https://cdn.example.com/ana.webp' });
    const image = figure.querySelector('img');
    expect(image).toHaveAttribute('src', 'https://cdn.example.com/ana.webp');
    expect(image).toHaveAttribute('width', '56');
    expect(image).toHaveAttribute('height', '56');
    expect(image).toHaveAttribute('loading', 'lazy');
    // The name follows at once, so the picture is not announced.
    expect(image).toHaveAttribute('alt', '');
    expect(figure.querySelector('svg[aria-hidden="true"]')).toBeNull();
  });

  it('shows the default user icon when the image is empty', () => {
    const figure = renderCard({ personImage: '' });
    expect(figure.querySelector('img')).toBeNull();
    const icon = figure.querySelector('figcaption > svg');
    expect(icon).toHaveAttribute('aria-hidden', 'true');
  });

  it('falls back to the default user icon when the picture cannot be loaded', () => {
    const figure = renderCard({ personImage: 'https://cdn.example.com/missing.webp' });
    fireEvent.error(figure.querySelector('img')!);
    expect(figure.querySelector('img')).toBeNull();
    expect(figure.querySelector('figcaption > svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it.each([
    ['UDEMY', 'Udemy'],
    ['SKILLSHARE', 'Skillshare'],
    ['YOUTUBE', 'YouTube'],
  ] as const)('names the %s logo "%s" for assistive technology', (platform, name) => {
    const figure = renderCard({ platform });
    expect(within(figure.querySelector('figcaption')!).getByRole('img', { name })).toBeInTheDocument();
  });
});
