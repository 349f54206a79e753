import { isValidEmail, MAX_EMAIL_LENGTH } from '../isValidEmail.ts';
import { emailExamples } from './emailExamples.ts';

describe('isValidEmail (spec §5)', () => {
  it.each(emailExamples)('%s -> %s (%s)', (address, valid) => {
    expect(isValidEmail(address)).toBe(valid);
  });

  it('accepts an address of exactly the maximum length', () => {
    const address = `${'a'.repeat(MAX_EMAIL_LENGTH - '@example.com'.length)}@example.com`;
    expect(address).toHaveLength(MAX_EMAIL_LENGTH);
    expect(isValidEmail(address)).toBe(true);
  });

  it('answers at once for long near-misses that make the original pattern backtrack exponentially', () => {
    // Exponential backtracking on 60 characters would not end in a lifetime: the original pattern never answers these.
    const nearMisses = [`${'a'.repeat(60)}!`, `a@${'b'.repeat(60)}!`, `a@${'b.cc'.repeat(60)}!`];
    for (const address of nearMisses) expect(isValidEmail(address)).toBe(false);
  });
});
