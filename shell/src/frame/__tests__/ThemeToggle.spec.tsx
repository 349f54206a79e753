import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { ThemeToggle } from '../ThemeToggle.tsx';
import { chooseTheme, readThemeChoice, showRememberedTheme, themeCookie } from '../themeChoice.ts';

const html = document.documentElement;
const pageThemeModule = pathToFileURL(path.join(__dirname, '../../../server/pageTheme.mjs')).href;

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

  it('is read by the site’s server (shell/server/pageTheme.mjs) from the cookie the toggle writes', () => {
    // The server's own reading of the Cookie header a browser sends after each choice (the server is an ES module
    // of Node's, run as the server runs it).
    const serverReads = (cookieHeader: string) =>
      execFileSync(
        process.execPath,
        [
          '--input-type=module',
          '--eval',
          `import { chosenTheme } from ${JSON.stringify(pageThemeModule)}; process.stdout.write(String(chosenTheme(process.argv[1])))`,
          cookieHeader,
        ],
        { encoding: 'utf8' },
      );
    for (const choice of ['dark', 'light', 'system'] as const) {
      chooseTheme(choice);
      expect(serverReads(`other=1; ${document.cookie}`)).toBe(choice === 'system' ? 'undefined' : choice);
    }
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
