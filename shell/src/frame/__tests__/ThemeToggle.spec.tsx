import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { ThemeToggle } from '../ThemeToggle.tsx';
import { chooseTheme, readThemeChoice, showRememberedTheme, themeCookie } from '../themeChoice.ts';

const html = document.documentElement;

afterEach(() => {
  document.cookie = `${themeCookie}=; Path=/; Max-Age=0`;
  html.removeAttribute('data-theme');
  document.body.innerHTML = '';
});

describe('the theme choice', () => {
  it('is the system’s until the visitor chooses', () => {
    expect(readThemeChoice()).toBe('system');
    expect(html).not.toHaveAttribute('data-theme');
  });

  it('is remembered in the cookie the server reads, and shown on <html> at once', () => {
    chooseTheme('dark');
    expect(document.cookie).toBe('theme=dark');
    expect(html).toHaveAttribute('data-theme', 'dark');
    chooseTheme('light');
    expect(document.cookie).toBe('theme=light');
    expect(html).toHaveAttribute('data-theme', 'light');
    chooseTheme('system');
    expect(document.cookie).toBe('');
    expect(html).not.toHaveAttribute('data-theme');
  });

  it('is shown at start on a page the server did not put in it', () => {
    document.cookie = 'theme=dark; Path=/';
    showRememberedTheme();
    expect(html).toHaveAttribute('data-theme', 'dark');
    document.cookie = `${themeCookie}=; Path=/; Max-Age=0`;
    showRememberedTheme();
    expect(html).not.toHaveAttribute('data-theme');
  });

  it('uses the cookie and the values the site’s server reads (shell/server/pageTheme.mjs)', () => {
    const server = readFileSync(path.join(__dirname, '../../../server/pageTheme.mjs'), 'utf8');
    expect(server).toContain(`export const themeCookie = '${themeCookie}';`);
    expect(server).toContain("export const chosenThemes = ['light', 'dark'];");
  });
});

describe('ThemeToggle', () => {
  it('is a labelled group of three radios, the remembered one checked', () => {
    chooseTheme('dark');
    render(<ThemeToggle />);
    const group = screen.getByRole('group', { name: 'Theme' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Light' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'System' })).not.toBeChecked();
  });

  it('chooses with a click and with the arrows', async () => {
    const user = userEvent.setup();
    render(<ThemeToggle />);
    expect(screen.getByRole('radio', { name: 'System' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(html).toHaveAttribute('data-theme', 'dark');
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked();
    expect(document.cookie).toBe('theme=light');
  });

  it('is rendered on the server with no option checked, and hydrates into the remembered one without a mismatch', async () => {
    const serverHtml = renderToString(<ThemeToggle />);
    expect(serverHtml).not.toContain('checked');
    document.cookie = 'theme=dark; Path=/';
    const container = document.createElement('div');
    container.innerHTML = serverHtml;
    document.body.append(container);
    const errors: unknown[] = [];
    const logged = jest.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
    await act(async () => {
      hydrateRoot(container, <ThemeToggle />, { onRecoverableError: (error) => errors.push(error) });
    });
    logged.mockRestore();
    expect(errors).toEqual([]);
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
  });
});
