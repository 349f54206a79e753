import { act, fireEvent, render, screen } from '@testing-library/react';
import { NewsletterSection } from '../NewsletterSection.tsx';
import { useNewsletterSubscription } from '../subscribeToNewsletter.ts';

describe('NewsletterSection', () => {
  beforeEach(() => useNewsletterSubscription.setState({ subscribedThisVisit: false }));

  it('has its title, a labelled email box and "Subscribe Now"', () => {
    render(<NewsletterSection />);
    expect(screen.getByRole('heading', { level: 2, name: 'Subscribe to newsletter' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveAttribute('type', 'email');
    expect(screen.getByRole('button', { name: 'Subscribe Now' })).toBeInTheDocument();
  });

  it.each(['', 'ana@example', 'ana..b@example.com'])(
    'blocks %j with "Email is not valid." under the box, keeping what was typed',
    (typed) => {
      render(<NewsletterSection />);
      const box = screen.getByRole('textbox', { name: 'Email address' });
      fireEvent.change(box, { target: { value: typed } });
      fireEvent.click(screen.getByRole('button', { name: 'Subscribe Now' }));
      expect(screen.getByText('Email is not valid.')).toBeInTheDocument();
      expect(box).toHaveAttribute('aria-invalid', 'true');
      expect(box).toHaveAccessibleDescription('Email is not valid.');
      expect(box).toHaveValue(typed);
    },
  );

  it('clears the message once the address is fixed', () => {
    render(<NewsletterSection />);
    const box = screen.getByRole('textbox', { name: 'Email address' });
    fireEvent.change(box, { target: { value: 'ana@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe Now' }));
    fireEvent.change(box, { target: { value: 'ana@example.com' } });
    expect(screen.queryByText('Email is not valid.')).not.toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'false');
  });

  it('thanks the visitor when the pop-up subscribed them (one subscription module)', () => {
    render(<NewsletterSection />);
    act(() => useNewsletterSubscription.setState({ subscribedThisVisit: true }));
    expect(screen.getByRole('heading', { name: 'Thank You!' })).toBeInTheDocument();
    expect(screen.getByText('Thank you for subscribing to my newsletter.')).toBeInTheDocument();
    expect(screen.getByText(/within 24-48 hours/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});
