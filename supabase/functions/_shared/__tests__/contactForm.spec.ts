import {
  contactMaxLengths,
  normalizeContactSubmission,
  validateContactForm,
  validateContactSubmission,
  type ContactSubmission,
} from '../contactForm.ts';

const valid: ContactSubmission = {
  fullName: 'Ana Silva',
  email: 'ana.silva@example.com',
  subject: 'A new web app',
  message: 'Hello Alex, I would like to talk about a project.',
  recaptcha: 'token',
};

describe('the contact form rules (spec §5), shared by the form and the function', () => {
  it('accepts a complete message', () => {
    expect(validateContactSubmission(valid)).toEqual({});
  });

  it.each<[string, Partial<ContactSubmission>, Record<string, string>]>([
    ['no full name', { fullName: '' }, { fullName: 'Enter your full name.' }],
    ['a blank full name', { fullName: '   ' }, { fullName: 'Enter your full name.' }],
    ['no email', { email: '' }, { email: 'Enter your email address.' }],
    ['an email without suffix', { email: 'ana@example' }, { email: 'Email is not valid.' }],
    ['no subject', { subject: '' }, { subject: 'Enter a subject.' }],
    ['no message', { message: '' }, { message: 'Enter your message.' }],
    [
      'nothing at all',
      { fullName: '', email: '', subject: '', message: '' },
      {
        fullName: 'Enter your full name.',
        email: 'Enter your email address.',
        subject: 'Enter a subject.',
        message: 'Enter your message.',
      },
    ],
  ])('the form refuses %s', (_case, change, errors) => {
    expect(validateContactForm({ ...valid, ...change })).toEqual(errors);
    expect(validateContactSubmission({ ...valid, ...change })).toEqual(errors);
  });

  it.each<[keyof typeof contactMaxLengths, string]>([
    ['fullName', 'Use at most 100 characters.'],
    ['subject', 'Use at most 200 characters.'],
    ['message', 'Use at most 5,000 characters.'],
  ])('only the server limits the length of %s', (field, error) => {
    const atLimit = { ...valid, [field]: 'x'.repeat(contactMaxLengths[field]) };
    const overLimit = { ...valid, [field]: 'x'.repeat(contactMaxLengths[field] + 1) };
    expect(validateContactSubmission(atLimit)).toEqual({});
    expect(validateContactForm(overLimit)).toEqual({});
    expect(validateContactSubmission(overLimit)).toEqual({ [field]: error });
  });

  it('counts characters, not UTF-16 units, as the database does', () => {
    expect(validateContactSubmission({ ...valid, fullName: '😀'.repeat(100) })).toEqual({});
  });

  it.each([
    ['no token', '', 'The captcha token is missing.'],
    ['an absurdly long token', 't'.repeat(5000), 'The captcha token is not valid.'],
  ])('the server refuses %s', (_case, recaptcha, error) => {
    expect(validateContactSubmission({ ...valid, recaptcha })).toEqual({ recaptcha: error });
  });

  it('trims every text and ignores what is not a string', () => {
    expect(
      normalizeContactSubmission({
        fullName: '  Ana  ',
        email: 42,
        subject: ['x'],
        message: '\nHi\n',
        recaptcha: ' t ',
        extra: 'ignored',
      }),
    ).toEqual({ fullName: 'Ana', email: '', subject: '', message: 'Hi', recaptcha: 't' });
    expect(normalizeContactSubmission(null)).toEqual({
      fullName: '',
      email: '',
      subject: '',
      message: '',
      recaptcha: '',
    });
  });
});
