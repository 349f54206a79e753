import { act, fireEvent, render, screen } from '@testing-library/react';
import { RecaptchaProvider } from '../../../captcha/RecaptchaProvider.tsx';
import { ContactSection } from '../ContactSection.tsx';

const noSiteKey = () => Promise.resolve('');

/** Renders the section and lets it learn that the site has no reCAPTCHA key. */
async function renderSection() {
  render(
    <RecaptchaProvider loadSiteKey={noSiteKey}>
      <ContactSection />
    </RecaptchaProvider>,
  );
  await act(async () => undefined);
}

describe('ContactSection', () => {
  beforeEach(() => jest.spyOn(console, 'info').mockImplementation(() => undefined));

  it('has the title, four labelled required fields and Submit', async () => {
    await renderSection();
    expect(screen.getByRole('heading', { level: 2, name: 'Contact' })).toBeInTheDocument();
    for (const label of ['Full Name', 'Email', 'Subject', 'Message']) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
    expect(screen.getByLabelText('Message').tagName).toBe('TEXTAREA');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
  });

  it('blocks an invalid form with the spec message and marks each wrong field', async () => {
    await renderSection();
    fireEvent.change(screen.getByLabelText('Full Name'), { target: { value: 'Ana Silva' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ana@example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Invalid data, make sure to enter correct data.')).toBeInTheDocument();
    expect(screen.getByLabelText('Full Name')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is not valid.');
    expect(screen.getByLabelText('Subject')).toHaveAccessibleDescription('Enter a subject.');
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription('Enter your message.');
    expect(screen.getByLabelText('Full Name')).toHaveValue('Ana Silva');
  });

  it('follows the corrections once a submit was blocked', async () => {
    await renderSection();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    for (const [label, value] of [
      ['Full Name', 'Ana Silva'],
      ['Email', 'ana@example.com'],
      ['Subject', 'A project'],
      ['Message', 'Hello!'],
    ] as const) {
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    }
    expect(screen.queryByText('Invalid data, make sure to enter correct data.')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveAttribute('aria-invalid', 'false');
  });
});
